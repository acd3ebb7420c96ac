import { areaDocumentsCard } from '@/components/attachments/areaDocumentsCard';
import { Badge } from '@/components/Badge';
import { AreaStatusBadge } from '@/components/record/AreaStatusBadge';
import { HistoryBody } from '@/components/record/HistoryParts';
import { SummaryCard } from '@/components/record/SummaryCard';
import type { TShowCardProps } from '@/components/record/showLayout';
import { useRecordLink } from '@/components/record/useRecordLink';
import { areaActionText } from '@/domain/areas/areaWords';
import { matchingArea } from '@/domain/areas/matching.area';
import type { TCompatibilityCheck } from '@/domain/compatibility';
import { formatDate } from '@/domain/dateFormat';
import { matchingStageNames, matchingStageOf, stagePeriods } from '@/domain/matchingStage';
import { peopleNames } from '@/domain/personName';
import { isoDateIn } from '@/domain/programmeTime';
import { resourceAddresses } from '@/domain/resourceAddresses';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TResourceRow } from '@/platform/api/resources';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useClientSettings } from '@/platform/useSetup';
import { CompatibilityChecks } from '../CompatibilityChecks';
import { StageTimingLine } from '../StageTimingLine';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Who is matched: the child (the page's title), the family, the code, the status and time in stage. */
export const MatchingIdentity = ({
  record,
  titleId,
}: {
  record: TResourceRow;
  title: string;
  titleId: string;
}) => {
  const { LL } = useI18nContext();
  const link = useRecordLink();
  const locale = useRouteLocale();
  const childName = peopleNames(record.childName, locale);
  return (
    <div className="min-w-0">
      <h1 id={titleId} className="break-words font-semibold text-2xl text-slate-900 dark:text-slate-50">
        {childName || text(record.childCode)}
      </h1>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">{LL.areas.matching.childLabel()}</dt>
        <dd>
          {link(
            'adoptive_children:read',
            `${resourceAddresses.child.routeBase}/show/${String(record.childId)}`,
            `${childName} (${text(record.childCode)})`,
          )}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">{LL.areas.matching.familyLabel()}</dt>
        <dd>
          {link(
            'adoptive_parents:read',
            `${resourceAddresses.parent.routeBase}/show/${String(record.parentId)}`,
            `${peopleNames(record.applicants, locale)} (${text(record.parentCode)})`,
          )}
        </dd>
      </dl>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-slate-600 text-sm dark:text-slate-300">
        <span className="font-mono tabular-nums">{text(record.code)}</span>
        <AreaStatusBadge area={matchingArea} status={String(record.status)} />
        <StageTimingLine record={record} />
      </div>
    </div>
  );
};

/** What a stage adds to its line: the trial's start and end, the warrant's reference and number. */
const stageFacts = (stage: string, record: TResourceRow, LL: ReturnType<typeof useI18nContext>['LL']) => {
  const facts: string[] = [];
  if (stage === 'trial' && record.trialStart)
    facts.push(
      record.trialEnd
        ? LL.areas.matching.trial({ start: formatDate(record.trialStart), end: formatDate(record.trialEnd) })
        : LL.areas.matching.trialOngoing({ start: formatDate(record.trialStart) }),
    );
  if (stage === 'warrant' && record.warrantRequestedOn)
    facts.push(
      LL.areas.matching.warrantRequest({
        date: formatDate(record.warrantRequestedOn),
        reference: text(record.warrantReference),
      }),
    );
  if (stage === 'warrant' && record.warrantedOn)
    facts.push(
      LL.areas.matching.warrantGranted({
        number: text(record.warrantNumber),
        date: formatDate(record.warrantedOn),
      }),
    );
  return facts;
};

/**
 * 'Stages': the stepper of proposal, trial, warrant and keeping, each with the day it was entered,
 * the day it was left, by which step and whom, its days against the expected ones; the end
 * (completed or rejected) below. From the status history.
 */
export const MatchingStagesCard = ({ record, statusHistory: history }: TShowCardProps) => {
  const { LL } = useI18nContext();
  const { stageExpectedDays } = useClientSettings();
  const current = matchingStageOf(String(record.status));
  return (
    <SummaryCard
      id="matching-stages"
      title={LL.areas.matching.stages()}
      both={bothLanguages((book) => book.areas.matching.stages())}
    >
      <HistoryBody history={history} empty={LL.areas.matching.stageNotReached()}>
        {(rows) => {
          const oldestFirst = [...rows].sort((a, b) => (a.at === b.at ? a.id - b.id : a.at < b.at ? -1 : 1));
          const periods = stagePeriods(
            oldestFirst.map((row) => ({
              ...row,
              userId: row.user?.id ?? null,
              userName: row.user?.name ?? null,
            })),
            isoDateIn(new Date()),
            stageExpectedDays,
          );
          return (
            <>
              <ol className="grid gap-3 sm:grid-cols-4">
                {matchingStageNames.map((stage, index) => {
                  const period = periods.filter((entry) => entry.stage === stage).at(-1);
                  const state = stage === current ? 'current' : period ? 'done' : 'notReached';
                  return (
                    <li
                      key={stage}
                      data-stage={stage}
                      data-state={state}
                      aria-current={state === 'current' ? 'step' : undefined}
                      className={`break-inside-avoid rounded-md border p-3 text-sm ${
                        state === 'current'
                          ? 'border-primary-500 bg-primary-50 dark:border-primary-400 dark:bg-primary-900/40'
                          : 'border-slate-200 dark:border-slate-700'
                      }`}
                    >
                      <div className="flex items-center gap-2 font-semibold">
                        <span
                          className={`inline-flex size-6 items-center justify-center rounded-full text-xs ${
                            state === 'notReached'
                              ? 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300'
                              : 'bg-primary-700 text-white dark:bg-primary-300 dark:text-slate-950'
                          }`}
                        >
                          {index + 1}
                        </span>
                        {LL.options.stage[stage]()}
                      </div>
                      <p className="mt-1 text-slate-500 text-xs dark:text-slate-400">
                        {state === 'current'
                          ? LL.areas.matching.stageCurrent()
                          : state === 'done'
                            ? LL.areas.matching.stageDone()
                            : LL.areas.matching.stageNotReached()}
                      </p>
                      {period ? (
                        <ul className="mt-2 flex flex-col gap-1 text-slate-700 dark:text-slate-200">
                          {[
                            ...period.steps,
                            ...(period.endedBy && period.leftOn
                              ? [{ ...period.endedBy, day: period.leftOn }]
                              : []),
                          ].map((step) => (
                            <li key={`${step.action}-${step.day}`} data-step={step.action}>
                              {LL.areas.matching.leftOn({
                                date: formatDate(step.day),
                                action: areaActionText(LL, matchingArea, step.action),
                                user: step.userName ?? LL.record.deletedUser(),
                              })}
                            </li>
                          ))}
                          <li className="flex flex-wrap items-center gap-1">
                            {LL.areas.matching.stageDays({
                              days: period.days,
                              expected: stageExpectedDays[stage],
                            })}
                            {period.overdue ? (
                              <Badge tone="amber">{LL.areas.matching.overdue()}</Badge>
                            ) : null}
                          </li>
                          {stageFacts(stage, record, LL).map((fact) => (
                            <li key={fact}>{fact}</li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  );
                })}
              </ol>
              {record.status === 'completed' && record.completedOn ? (
                <p className="mt-3 font-medium text-sm">
                  {LL.areas.matching.completedOn({ date: formatDate(record.completedOn) })}
                </p>
              ) : null}
              {record.status === 'rejected' ? (
                <p className="mt-3 font-medium text-rose-800 text-sm dark:text-rose-300">
                  {LL.areas.matching.rejectedOn({
                    date: formatDate(record.rejectedOn ?? ''),
                    reason: text(record.rejectionReason),
                  })}
                </p>
              ) : null}
            </>
          );
        }}
      </HistoryBody>
    </SummaryCard>
  );
};

/** The proposal: its day, the compatibility as recorded then, the justification, the notes. */
export const MatchingProposalCard = ({ record }: TShowCardProps) => {
  const { LL } = useI18nContext();
  const checks = Array.isArray(record.compatibility) ? (record.compatibility as TCompatibilityCheck[]) : [];
  const justification = text(record.justification).trim();
  const notes = text(record.notes).trim();
  return (
    <SummaryCard
      id="matching-proposal"
      title={LL.areas.matching.compatibility()}
      both={bothLanguages((book) => book.areas.matching.compatibility())}
    >
      <p className="mb-3 text-slate-500 text-xs dark:text-slate-400">
        {LL.areas.matching.compatibilityHint({ date: formatDate(record.proposedDate) })}
      </p>
      <CompatibilityChecks checks={checks} />
      <dl className="mt-4 grid gap-3 text-sm">
        <div>
          <dt className="font-medium text-slate-500 dark:text-slate-400">
            {LL.areas.matching.justification()}
          </dt>
          <dd className="whitespace-pre-wrap">{justification || LL.areas.matching.noJustification()}</dd>
        </div>
        {notes ? (
          <div>
            <dt className="font-medium text-slate-500 dark:text-slate-400">{LL.areas.matching.notes()}</dt>
            <dd className="whitespace-pre-wrap">{notes}</dd>
          </div>
        ) : null}
      </dl>
    </SummaryCard>
  );
};

/** Documents filed under the stage they belong to (the proposal's report, the trial's visits...). */
export const MatchingDocumentsCard = areaDocumentsCard(matchingArea, (LL) =>
  matchingStageNames.map((stage) => ({ key: stage, label: LL.options.stage[stage]() })),
);
