import { AppLink } from '@/components/AppLink';
import { AreaStatusBadge } from '@/components/record/AreaStatusBadge';
import { focusRing } from '@/components/ui';
import { matchingArea } from '@/domain/areas/matching.area';
import { stageTiming } from '@/domain/matchingStage';
import { peopleNames } from '@/domain/personName';
import { isoDateIn } from '@/domain/programmeTime';
import { matchingResource } from '@/domain/resources/matching';
import type { TResourceRow } from '@/platform/api/resources';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useClientSettings } from '@/platform/useSetup';
import { StageTimingLine } from '../StageTimingLine';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A matching on the board: its child and family, code, status, days in stage and an overdue mark. */
export const MatchingCard = ({ row, onOpen }: { row: TResourceRow; onOpen: (row: TResourceRow) => void }) => {
  const locale = useRouteLocale();
  const { stageExpectedDays } = useClientSettings();
  const overdue = stageTiming(
    String(row.status),
    text(row.stageEnteredOn),
    isoDateIn(new Date()),
    stageExpectedDays,
  )?.overdue;
  return (
    <AppLink
      data-board-card=""
      data-overdue={overdue ? '' : undefined}
      to={localizedPath(locale, `${matchingResource.routeBase}/matching/${String(row.id)}`)}
      onClick={(event) => {
        // A plain click goes through the list, which remembers the board to come back to.
        if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        onOpen(row);
      }}
      className={`block rounded-md border bg-white p-2.5 text-sm shadow-sm hover:border-primary-500 dark:bg-slate-900 ${
        overdue ? 'border-amber-400 dark:border-amber-600' : 'border-slate-200 dark:border-slate-700'
      } ${focusRing}`}
    >
      <span className="block font-medium text-slate-900 dark:text-slate-50">
        {peopleNames(row.childName, locale) || '—'}
      </span>
      <span className="block text-slate-700 dark:text-slate-300">
        {peopleNames(row.applicants, locale) || '—'}
      </span>
      <span className="mt-1.5 flex flex-wrap items-center gap-1.5 text-xs">
        <span className="font-mono text-slate-500 tabular-nums dark:text-slate-400">{text(row.code)}</span>
        <AreaStatusBadge area={matchingArea} status={String(row.status)} />
      </span>
      <span className="mt-1.5 flex flex-wrap text-slate-600 text-xs dark:text-slate-300">
        <StageTimingLine record={row} />
      </span>
    </AppLink>
  );
};
