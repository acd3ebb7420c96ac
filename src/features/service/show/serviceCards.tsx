import type { ReactNode } from 'react';
import { areaDocumentsCard } from '@/components/attachments/areaDocumentsCard';
import { Badge } from '@/components/Badge';
import { Icon } from '@/components/Icon';
import { AreaStatusBadge } from '@/components/record/AreaStatusBadge';
import { BilingualLabel } from '@/components/record/BilingualLabel';
import { SummaryCard } from '@/components/record/SummaryCard';
import type { TShowCardProps } from '@/components/record/showLayout';
import { useRecordLink } from '@/components/record/useRecordLink';
import { useResourceText } from '@/components/resource/useResourceText';
import { serviceArea } from '@/domain/areas/service.area';
import { formatDate } from '@/domain/dateFormat';
import { peopleNames } from '@/domain/personName';
import { resourceAddresses } from '@/domain/resourceAddresses';
import {
  hasConcern,
  serviceFindingAreas,
  type TServiceFindingArea,
} from '@/domain/workflows/service.workflow';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TResourceRow } from '@/platform/api/resources';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { ServiceDueBadge } from '../ServiceDueBadge';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const findingsOf = (record: TResourceRow) =>
  record.findings && typeof record.findings === 'object'
    ? (record.findings as Record<string, unknown>)
    : null;

/** One labelled value of a card: the label in the screen's language, in both on paper. */
const Row = ({
  pick,
  children,
  wide,
}: {
  pick: (LL: TranslationFunctions) => string;
  children: ReactNode;
  wide?: boolean;
}) => {
  const { LL } = useI18nContext();
  return (
    <div className={wide ? 'sm:col-span-2 print:col-span-2' : undefined}>
      <dt className="font-medium text-slate-500 text-xs dark:text-slate-400">
        <BilingualLabel text={pick(LL)} both={bothLanguages(pick)} />
      </dt>
      <dd className="mt-0.5 break-words text-slate-900 text-sm dark:text-slate-100">{children}</dd>
    </div>
  );
};

const NotRecorded = ({ children }: { children: string }) => (
  <span className="text-slate-500 italic dark:text-slate-400">{children}</span>
);

const cardList = 'grid gap-x-6 gap-y-3 sm:grid-cols-2 print:grid-cols-2 print:gap-y-1.5';

/** Whose follow-up it is (the child, the page's title), its code, status, due state, type and planned day. */
export const ServiceIdentity = ({
  record,
  titleId,
}: {
  record: TResourceRow;
  title: string;
  titleId: string;
}) => {
  const { LL } = useI18nContext();
  const { optionLabel } = useResourceText('service');
  const locale = useRouteLocale();
  return (
    <div className="min-w-0">
      <h1 id={titleId} className="break-words font-semibold text-2xl text-slate-900 dark:text-slate-50">
        {peopleNames(record.childName, locale) || text(record.childCode) || text(record.code)}
      </h1>
      <p className="mt-1 text-lg text-slate-700 dark:text-slate-200">
        {optionLabel('serviceType', text(record.serviceType))}
        <span className="text-slate-500 dark:text-slate-400"> · </span>
        {LL.areas.service.plannedFor({ date: formatDate(record.plannedDate) })}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-slate-600 text-sm dark:text-slate-300">
        <span className="font-mono tabular-nums">{text(record.code)}</span>
        <AreaStatusBadge area={serviceArea} status={text(record.status)} />
        <ServiceDueBadge record={record} />
        {record.concern === true ? (
          <span data-concern="" className="inline-flex">
            <Badge tone="rose">{LL.options.finding.concern()}</Badge>
          </span>
        ) : null}
      </div>
    </div>
  );
};

/** 'The adoption it follows': the child, the family and the matching (each opening its page when the user may), the day. */
export const ServiceAdoptionCard = ({ record }: TShowCardProps) => {
  const { LL } = useI18nContext();
  const link = useRecordLink();
  const locale = useRouteLocale();
  const named = (name: unknown, code: unknown) =>
    [peopleNames(name, locale), text(code) ? `(${text(code)})` : ''].filter(Boolean).join(' ');
  return (
    <SummaryCard
      id="service-adoption"
      title={LL.areas.service.adoption()}
      both={bothLanguages((book) => book.areas.service.adoption())}
    >
      <dl className={cardList}>
        <Row pick={(book) => book.areas.service.childLabel()}>
          {link(
            'adoptive_children:read',
            `${resourceAddresses.child.routeBase}/show/${String(record.childId)}`,
            named(record.childName, record.childCode),
          )}
        </Row>
        <Row pick={(book) => book.areas.service.familyLabel()}>
          {record.parentId
            ? link(
                'adoptive_parents:read',
                `${resourceAddresses.parent.routeBase}/show/${String(record.parentId)}`,
                named(record.applicants, record.parentCode),
              )
            : named(record.applicants, record.parentCode)}
        </Row>
        <Row pick={(book) => book.areas.service.matchingLabel()}>
          {link(
            'matchings:read',
            `${resourceAddresses.matching.routeBase}/matching/${String(record.matchingId)}`,
            text(record.matchingCode) || String(record.matchingId),
          )}
        </Row>
        <Row pick={(book) => book.areas.service.adoptedOn()}>
          {record.adoptedOn ? (
            formatDate(record.adoptedOn)
          ) : (
            <NotRecorded>{LL.areas.service.notRecorded()}</NotRecorded>
          )}
        </Row>
      </dl>
    </SummaryCard>
  );
};

const findingTone = { good: 'green', concern: 'rose', notAssessed: 'slate' } as const;
const areaLabel = (LL: TranslationFunctions, area: TServiceFindingArea) => LL.fields[area]();

/**
 * 'Findings': the child's health, schooling and integration as found when the service was given,
 * each good (green), concern (rose) or not assessed (slate), with the notes; a concern said first,
 * loud. Nothing yet while pending; none for a service not given.
 */
export const ServiceFindingsCard = ({ record }: TShowCardProps) => {
  const { LL } = useI18nContext();
  const { optionLabel } = useResourceText('service');
  const findings = findingsOf(record);
  const concerns = serviceFindingAreas.filter((area) => findings?.[area] === 'concern');
  const notes = text(findings?.notes).trim();
  return (
    // `data-findings`: the browser tests find the card by it.
    <div data-findings="" className="contents">
      <SummaryCard
        id="service-findings"
        title={LL.areas.service.findings()}
        both={bothLanguages((book) => book.areas.service.findings())}
      >
        {record.status !== 'confirmed' || !findings ? (
          <p className="text-slate-500 text-sm italic dark:text-slate-400">
            {record.status === 'rejected' ? LL.areas.service.notGiven() : LL.areas.service.notRecordedYet()}
          </p>
        ) : (
          <>
            {record.concern === true || hasConcern(findings) ? (
              <div
                role="note"
                data-concern=""
                className="mb-4 flex items-start gap-3 rounded-md border border-rose-300 bg-rose-50 p-3 text-rose-900 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-100"
              >
                <Icon name="alert" className="mt-0.5 size-5 shrink-0" />
                <div>
                  <p className="font-semibold">
                    {LL.areas.service.concernFound({
                      areas: concerns.map((area) => areaLabel(LL, area)).join(', '),
                    })}
                  </p>
                  <p className="text-sm print:hidden">{LL.areas.service.concernHint()}</p>
                </div>
              </div>
            ) : null}
            <p className="mb-3 text-slate-500 text-xs dark:text-slate-400">
              {LL.areas.service.findingsHint()}
            </p>
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-3 print:grid-cols-3">
              {serviceFindingAreas.map((area) => {
                const value = text(findings[area]);
                const tone = findingTone[value as keyof typeof findingTone] ?? 'slate';
                return (
                  <div key={area} data-finding={area} data-value={value}>
                    <dt className="font-medium text-slate-500 text-xs dark:text-slate-400">
                      <BilingualLabel
                        text={areaLabel(LL, area)}
                        both={bothLanguages((book) => areaLabel(book, area))}
                      />
                    </dt>
                    <dd className="mt-1">
                      <Badge tone={tone}>{optionLabel('finding', value || 'notAssessed')}</Badge>
                    </dd>
                  </div>
                );
              })}
            </dl>
            <dl className="mt-4">
              <Row pick={(book) => book.fields.findingNotes()}>
                {notes ? (
                  <span className="whitespace-pre-line">{notes}</span>
                ) : (
                  <NotRecorded>{LL.areas.service.notRecorded()}</NotRecorded>
                )}
              </Row>
            </dl>
          </>
        )}
      </SummaryCard>
    </div>
  );
};

/** 'The service': its type, planned and actual days, officer, notes, and why it was not given. */
export const ServiceDetailsCard = ({ record }: TShowCardProps) => {
  const { LL } = useI18nContext();
  const { optionLabel } = useResourceText('service');
  const officer =
    record.officer && typeof record.officer === 'object'
      ? text((record.officer as { name?: unknown }).name)
      : '';
  const notes = text(record.notes).trim();
  const reason = text(record.decisionReason).trim();
  const none = <NotRecorded>{LL.areas.service.notRecorded()}</NotRecorded>;
  return (
    <SummaryCard
      id="service-details"
      title={LL.areas.service.details()}
      both={bothLanguages((book) => book.areas.service.details())}
    >
      <dl className={cardList}>
        <Row pick={(book) => book.fields.serviceType()}>
          {optionLabel('serviceType', text(record.serviceType))}
        </Row>
        <Row pick={(book) => book.fields.status()}>
          <AreaStatusBadge area={serviceArea} status={text(record.status)} />
        </Row>
        <Row pick={(book) => book.fields.plannedDate()}>
          <span className="inline-flex flex-wrap items-center gap-2">
            {formatDate(record.plannedDate)}
            <ServiceDueBadge record={record} />
          </span>
        </Row>
        <Row pick={(book) => book.fields.actualDate()}>
          {record.actualDate ? formatDate(record.actualDate) : none}
        </Row>
        <Row pick={(book) => book.fields.officer()}>
          {officer || <NotRecorded>{LL.areas.service.noOfficer()}</NotRecorded>}
        </Row>
        {record.status === 'rejected' ? (
          <>
            <Row pick={(book) => book.areas.service.notGivenOn()}>
              {record.decisionDate ? formatDate(record.decisionDate) : none}
            </Row>
            <Row pick={(book) => book.areas.service.notGivenReason()} wide>
              {reason ? <span className="whitespace-pre-line">{reason}</span> : none}
            </Row>
          </>
        ) : null}
        <Row pick={(book) => book.fields.notes()} wide>
          {notes ? <span className="whitespace-pre-line">{notes}</span> : none}
        </Row>
      </dl>
    </SummaryCard>
  );
};

/** The service's documents (the visit's report, photos...): one group, the attachments engine's card. */
export const ServiceDocumentsCard = areaDocumentsCard(serviceArea, (LL) => [
  { key: 'documents', label: LL.areas.service.documents() },
]);
