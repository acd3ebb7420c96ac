import type { TAreaDefinition } from '@/domain/areas/area';
import { areaByName } from '@/domain/areas/index';
import { matchingArea } from '@/domain/areas/matching.area';
import { auditEntityText, recordActionText } from '@/domain/auditActionWords';
import type { TDashboard } from '@/domain/dashboard';
import type { TranslationFunctions } from '@/i18n/i18n-types';

type TData = TDashboard['data'];
type TChange = NonNullable<TData['changes']>[number];

/**
 * Where a record opens: its show page; a matching on its working page (its show page is the
 * printable summary, guarded by `matchings:write`), as the board and the work queue open it.
 */
export const recordPagePath = (area: TAreaDefinition, id: number): string =>
  area.name === matchingArea.name ? `${area.routeBase}/matching/${id}` : `${area.routeBase}/show/${id}`;

/** One recent change in the reader's words: its record type, the action, and where its record opens. */
export const changeView = (LL: TranslationFunctions, change: TChange) => {
  const area = areaByName(change.entity);
  return {
    kind: area ? auditEntityText(LL, area.entity) : change.entity,
    action: area ? recordActionText(LL, area, change.action) : change.action,
    // A deleted record (no code any more) has no page to open.
    path:
      area && change.entityId !== null && change.code !== null ? recordPagePath(area, change.entityId) : null,
  };
};

/**
 * Whether every count is zero (a new installation): the cards then say why, beside the zeros. The
 * work queue and the changes are not counts of records.
 */
export const noRecordsYet = (data: TData): boolean => {
  const figures = [
    ...(data.children?.byStatus ?? []),
    ...(data.matchings?.byStage ?? []),
    ...(data.matchings?.ended ?? []),
    ...(data.applications?.byStatus ?? []),
    ...(data.services ? [data.services.dueSoon, data.services.overdue] : []),
  ];
  return figures.length > 0 && figures.every((figure) => figure.value === 0);
};

/** Whether the answer holds any card (a user who may read none of them sees no dashboard). */
export const hasCards = (data: TData): boolean =>
  Boolean(
    data.workQueue || data.children || data.matchings || data.services || data.applications || data.changes,
  );

/** A bar's width beside its figure: its share of the card's largest, in percent (0 when all are 0). */
export const barPercent = (value: number, values: readonly number[]): number => {
  const largest = Math.max(0, ...values);
  return largest === 0 ? 0 : Math.round((value / largest) * 100);
};
