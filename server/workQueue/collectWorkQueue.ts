import { type TWorkQueue, type TWorkQueueItem, workQueueLimit } from '../../src/domain/workQueue';
import { sumTotals, type TQueueTotal } from './queueTotal';
import type { TWorkQueueContext, TWorkQueueSource } from './workQueueSource';

const byDayThenId = (a: TWorkQueueItem, b: TWorkQueueItem) =>
  a.since === b.since ? a.entityId - b.entityId : a.since < b.since ? -1 : 1;

const askedSources = (sources: readonly TWorkQueueSource[], context: TWorkQueueContext) =>
  [...sources].sort((a, b) => a.order - b.order).filter((source) => source.mayRead(context.user));

/**
 * The queue from its sources: each source the user may read is asked once for its first items and
 * its total (in `order`, one after the other: one connection), their items merged oldest first and
 * cut at 200; the total exact while each source's is, else estimated (`totalExact: false`).
 */
export const collectWorkQueue = async (
  sources: readonly TWorkQueueSource[],
  context: TWorkQueueContext,
): Promise<TWorkQueue> => {
  const items: TWorkQueueItem[] = [];
  const totals: TQueueTotal[] = [];
  for (const source of askedSources(sources, context)) {
    items.push(...(await source.items(context)));
    totals.push(await source.count(context));
  }
  const { total, exact } = sumTotals(totals);
  return { data: items.sort(byDayThenId).slice(0, workQueueLimit), total, totalExact: exact };
};

/** The queue's total alone (the dashboard's card): the same total as `collectWorkQueue`'s. */
export const countWorkQueue = async (
  sources: readonly TWorkQueueSource[],
  context: TWorkQueueContext,
): Promise<TQueueTotal> => {
  const totals: TQueueTotal[] = [];
  for (const source of askedSources(sources, context)) totals.push(await source.count(context));
  return sumTotals(totals);
};
