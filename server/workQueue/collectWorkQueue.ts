import { type TWorkQueue, type TWorkQueueItem, workQueueLimit } from '../../src/domain/workQueue';
import type { TWorkQueueContext, TWorkQueueSource } from './workQueueSource';

const byDayThenId = (a: TWorkQueueItem, b: TWorkQueueItem) =>
  a.since === b.since ? a.entityId - b.entityId : a.since < b.since ? -1 : 1;

/**
 * The queue from its sources: each source the user may read is asked once (in `order`, one after
 * the other: one connection), their items merged oldest first and cut at 200, with the true total.
 */
export const collectWorkQueue = async (
  sources: readonly TWorkQueueSource[],
  context: TWorkQueueContext,
): Promise<TWorkQueue> => {
  const asked = [...sources]
    .sort((a, b) => a.order - b.order)
    .filter((source) => source.mayRead(context.user));
  const parts = [];
  for (const source of asked) parts.push(await source.items(context));
  const items = parts.flatMap((part) => part.items).sort(byDayThenId);
  const total = parts.reduce((sum, part) => sum + part.total, 0);
  return { data: items.slice(0, workQueueLimit), total };
};

/**
 * The queue's total alone (the dashboard's card): each source the user may read counts its items
 * without building them where it can (`count`), else is asked for its items. The same total as
 * `collectWorkQueue`'s.
 */
export const countWorkQueue = async (
  sources: readonly TWorkQueueSource[],
  context: TWorkQueueContext,
): Promise<number> => {
  let total = 0;
  for (const source of [...sources].sort((a, b) => a.order - b.order)) {
    if (!source.mayRead(context.user)) continue;
    total += source.count ? await source.count(context) : (await source.items(context)).total;
  }
  return total;
};
