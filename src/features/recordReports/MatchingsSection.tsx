import { useCallback, useEffect, useRef } from 'react';
import { Badge } from '@/components/Badge';
import { LoadState } from '@/components/feedback/LoadState';
import { AreaStatusBadge } from '@/components/record/AreaStatusBadge';
import { historyCellClass as cellClass, HistoryHeading as Heading } from '@/components/record/HistoryParts';
import { SummaryCard } from '@/components/record/SummaryCard';
import { useRecordLink } from '@/components/record/useRecordLink';
import { useResourceText } from '@/components/resource/useResourceText';
import { matchingArea } from '@/domain/areas/matching.area';
import { serviceArea } from '@/domain/areas/service.area';
import { formatDate } from '@/domain/dateFormat';
import { peopleNames, personName } from '@/domain/personName';
import { isoDateIn } from '@/domain/programmeTime';
import {
  reportStagePeriods,
  type TRecordReport,
  type TRecordReportMatching,
  type TRecordReportService,
} from '@/domain/recordReport';
import { recordReportPath } from '@/domain/recordReportLink';
import { serviceFindingAreas } from '@/domain/workflows/service.workflow';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { api } from '@/platform/api/client';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useClientSettings } from '@/platform/useSetup';
import { Label } from './Label';
import type { TRecordReportKindView } from './reportKinds';

/**
 * 'Matchings' of the report: each matching (oldest first, a page of its own on paper) with who it
 * joined, its stages with the days in each, its end, and its services after adoption with their
 * findings. A failure stays in this card with a retry; the rest of the report stands.
 */
export const MatchingsSection = ({
  kind,
  id,
  onSettled,
}: {
  kind: TRecordReportKindView;
  id: string;
  /** The matchings have answered (or failed): the paper may be printed. */
  onSettled?: () => void;
}) => {
  const { LL } = useI18nContext();
  const report = useRemoteData(
    useCallback(
      async (signal: AbortSignal) =>
        (
          await api<{ data: TRecordReport }>(`/record-reports/${kind.kind}/${encodeURIComponent(id)}`, {
            signal,
            errorMode: 'log',
          })
        ).data,
      [kind.kind, id],
    ),
  );
  const settled = report.state !== 'loading';
  const whenSettled = useRef(onSettled);
  whenSettled.current = onSettled;
  useEffect(() => {
    if (settled) whenSettled.current?.();
  }, [settled]);
  return (
    <SummaryCard
      id="record-report-matchings"
      title={LL.recordReport.matchings()}
      both={bothLanguages((book) => book.recordReport.matchings())}
    >
      <LoadState state={report.state} failedText={LL.recordReport.matchingsFailed()} onRetry={report.reload}>
        {() =>
          report.state !== 'ready' ? null : report.data.matchings.length === 0 ? (
            <p className="text-slate-500 text-sm italic dark:text-slate-400">
              {LL.recordReport.noMatching()}
            </p>
          ) : (
            <div className="flex flex-col gap-6">
              {report.data.matchings.map((matching) => (
                <MatchingReport
                  key={matching.id}
                  matching={matching}
                  servicesShown={report.data.servicesShown}
                />
              ))}
            </div>
          )
        }
      </LoadState>
    </SummaryCard>
  );
};

const MatchingReport = ({
  matching,
  servicesShown,
}: {
  matching: TRecordReportMatching;
  servicesShown: boolean;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const link = useRecordLink();
  const { stageExpectedDays } = useClientSettings();
  const periods = reportStagePeriods(matching, isoDateIn(new Date()), stageExpectedDays);
  const headingId = `record-report-matching-${matching.id}`;
  const childName = personName(matching.child.name, locale);
  const family = peopleNames(matching.parent.applicants, locale);
  return (
    <article
      aria-labelledby={headingId}
      data-report-matching={matching.code}
      className="border-slate-200 border-t pt-4 first:border-t-0 first:pt-0 dark:border-slate-700"
    >
      <h3 id={headingId} className="flex flex-wrap items-center gap-3 font-semibold text-base">
        {LL.recordReport.matchingTitle({ code: matching.code })}
        <AreaStatusBadge area={matchingArea} status={matching.status} />
      </h3>
      <dl className="mt-2 grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">
          <Label pick={(book) => book.recordReport.child()} />
        </dt>
        <dd>
          {link(
            'adoptive_children:read',
            recordReportPath('child', matching.child.id),
            [childName, matching.child.code].filter(Boolean).join(' · '),
          )}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">
          <Label pick={(book) => book.recordReport.family()} />
        </dt>
        <dd>
          {link(
            'adoptive_parents:read',
            recordReportPath('parent', matching.parent.id),
            [family, matching.parent.code].filter(Boolean).join(' · '),
          )}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">
          <Label pick={(book) => book.fields.proposedDate()} />
        </dt>
        <dd>{formatDate(matching.proposedDate)}</dd>
      </dl>

      <h4 className="mt-4 mb-1 font-medium text-slate-700 text-sm dark:text-slate-200">
        <Label pick={(book) => book.recordReport.stages()} />
      </h4>
      {periods.length === 0 ? (
        <p className="text-slate-500 text-sm italic dark:text-slate-400">{LL.recordReport.noStage()}</p>
      ) : (
        <div className="-mx-4 overflow-x-auto sm:mx-0 print:mx-0 print:overflow-visible">
          <table className="w-full border-collapse text-sm" data-report-stages="">
            <caption className="sr-only">
              {LL.recordReport.stages()} · {matching.code}
            </caption>
            <thead>
              <tr>
                <Heading pick={(book) => book.fields.stage()} />
                <Heading pick={(book) => book.recordReport.enteredOn()} />
                <Heading pick={(book) => book.recordReport.leftOn()} />
                <Heading pick={(book) => book.recordReport.days()} />
                <Heading pick={(book) => book.recordReport.expectedDays()} />
              </tr>
            </thead>
            <tbody>
              {periods.map((period) => (
                <tr key={`${period.stage}-${period.enteredOn}`} data-stage={period.stage}>
                  <td className={cellClass}>{LL.options.stage[period.stage]()}</td>
                  <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                    {formatDate(period.enteredOn)}
                  </td>
                  <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                    {period.leftOn ? formatDate(period.leftOn) : LL.recordReport.stillIn()}
                  </td>
                  <td className={`${cellClass} tabular-nums`} data-stage-days={period.days}>
                    <span className="inline-flex flex-wrap items-center gap-2">
                      {period.days}
                      {period.overdue ? <Badge tone="amber">{LL.areas.matching.overdue()}</Badge> : null}
                    </span>
                  </td>
                  <td className={`${cellClass} tabular-nums`}>{stageExpectedDays[period.stage]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {matching.status === 'completed' && matching.completedOn ? (
        <p className="mt-2 font-medium text-sm">
          {LL.areas.matching.completedOn({ date: formatDate(matching.completedOn) })}
        </p>
      ) : null}
      {matching.status === 'rejected' ? (
        <p className="mt-2 font-medium text-rose-800 text-sm dark:text-rose-300">
          {LL.areas.matching.rejectedOn({
            date: formatDate(matching.rejectedOn ?? ''),
            reason: matching.rejectionReason ?? '',
          })}
        </p>
      ) : null}

      <h4 className="mt-4 mb-1 font-medium text-slate-700 text-sm dark:text-slate-200">
        <Label pick={(book) => book.resources.service.many()} />
      </h4>
      {!servicesShown ? (
        <p className="text-slate-600 text-sm italic dark:text-slate-300" data-section-hidden="services">
          {LL.recordReport.servicesHidden()}
        </p>
      ) : matching.services.length === 0 ? (
        <p className="text-slate-500 text-sm italic dark:text-slate-400">{LL.recordReport.noService()}</p>
      ) : (
        <ServicesTable services={matching.services} code={matching.code} />
      )}
    </article>
  );
};

/** A matching's services: type, planned and given days, status, and what was found. */
const ServicesTable = ({ services, code }: { services: TRecordReportService[]; code: string }) => {
  const { LL } = useI18nContext();
  const { optionLabel, labelOf } = useResourceText('service');
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0 print:mx-0 print:overflow-visible">
      <table className="w-full border-collapse text-sm" data-report-services="">
        <caption className="sr-only">
          {LL.resources.service.many()} · {code}
        </caption>
        <thead>
          <tr>
            <Heading pick={(book) => book.fields.serviceType()} />
            <Heading pick={(book) => book.fields.plannedDate()} />
            <Heading pick={(book) => book.fields.actualDate()} />
            <Heading pick={(book) => book.fields.status()} />
            <Heading pick={(book) => book.fields.findings()} />
          </tr>
        </thead>
        <tbody>
          {services.map((service) => {
            const findings = service.findings ?? {};
            const notes = typeof findings.notes === 'string' ? findings.notes.trim() : '';
            const judged = serviceFindingAreas.filter((area) => typeof findings[area] === 'string');
            return (
              <tr key={service.id} data-service={service.code}>
                <td className={cellClass}>
                  {optionLabel('serviceType', service.serviceType)}
                  <div className="font-mono text-slate-500 text-xs dark:text-slate-400">{service.code}</div>
                </td>
                <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                  {formatDate(service.plannedDate)}
                </td>
                <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
                  {service.actualDate ? formatDate(service.actualDate) : LL.recordReport.notGiven()}
                </td>
                <td className={cellClass}>
                  <AreaStatusBadge area={serviceArea} status={service.status} />
                </td>
                <td className={cellClass}>
                  {judged.length === 0 && !notes ? '—' : null}
                  {judged.length > 0 ? (
                    <ul className="flex flex-col gap-0.5">
                      {judged.map((area) => (
                        <li key={area} data-finding={findings[area] as string}>
                          {labelOf(area)}: {optionLabel('finding', findings[area] as string)}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {notes ? (
                    <p className="mt-1 whitespace-pre-line text-slate-600 dark:text-slate-300">{notes}</p>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
};
