import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../src/domain/permissions';
import { systemSettingDefaults } from '../../src/domain/systemSettings';
import type { TWorkQueueItem } from '../../src/domain/workQueue';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';
import { collectWorkQueue, countWorkQueue } from './collectWorkQueue';
import type { TWorkQueueContext, TWorkQueueSource } from './workQueueSource';

/**
 * The work queue is a registry the modules fill (issue 23): a throwaway area's source, registered
 * here only, is asked and merged by the engine like the real ones, with no other file touched.
 */
const item = (entity: string, entityId: number, since: string, reason = 'decision'): TWorkQueueItem =>
  ({
    entity,
    entityId,
    code: `K-${entityId}`,
    title: 'Rex',
    reason,
    status: 'waiting',
    since,
  }) as TWorkQueueItem;

const kennelSource: TWorkQueueSource = {
  kind: 'kennelVisits',
  order: 60,
  mayRead: (user) => hasPermission(user, 'kennels:read'),
  items: async ({ today }) => [item('kennel', 2, '2026-01-05'), item('kennel', 1, today)],
  count: async () => ({ total: 3, exact: true }),
};
const otherSource: TWorkQueueSource = {
  kind: 'other',
  order: 10,
  mayRead: () => true,
  items: async () => [item('other', 9, '2026-01-01'), item('other', 1, '2026-03-01')],
  count: async () => ({ total: 2, exact: true }),
};

const userHolding = (...permissions: string[]) =>
  ({ id: 7, username: 'keeper', roles: [], permissions }) as unknown as TAuthUser;
const context = (user: TAuthUser): TWorkQueueContext => ({
  db: {} as TDbOrTx,
  user,
  settings: { ...systemSettingDefaults, version: 0 },
  today: '2026-02-01',
  locale: 'en',
  exactLimit: 1000,
});

describe('the work-queue registry', () => {
  it('asks a registered source the user may read and merges its items oldest first, with the totals', async () => {
    const queue = await collectWorkQueue([kennelSource, otherSource], context(userHolding('kennels:read')));
    expect(queue.data.map((entry) => `${entry.entity}-${entry.entityId}`)).toEqual([
      'other-9',
      'kennel-2',
      'kennel-1',
      'other-1',
    ]);
    expect(queue.total).toBe(5);
    expect(queue.totalExact).toBe(true);
  });

  it('does not ask a source whose permission the user lacks', async () => {
    let asked = false;
    const watched = {
      ...kennelSource,
      items: async (c: TWorkQueueContext) => {
        asked = true;
        return kennelSource.items(c);
      },
    };
    const queue = await collectWorkQueue([watched, otherSource], context(userHolding()));
    expect(asked).toBe(false);
    expect(queue.total).toBe(2);
  });

  it('cuts the answer at 200 items and keeps the true total', async () => {
    const many: TWorkQueueSource = {
      kind: 'many',
      order: 1,
      mayRead: () => true,
      items: async () => Array.from({ length: 200 }, (_, index) => item('many', index + 1, '2026-01-02')),
      count: async () => ({ total: 250, exact: true }),
    };
    const queue = await collectWorkQueue([many, otherSource], context(userHolding()));
    expect(queue.data).toHaveLength(200);
    expect(queue.data[0]).toMatchObject({ entity: 'other', entityId: 9 });
    expect(queue.total).toBe(252);
  });

  it("says the total is estimated when a source's is", async () => {
    const estimated: TWorkQueueSource = {
      kind: 'estimated',
      order: 1,
      mayRead: () => true,
      items: async () => [item('many', 1, '2026-01-02')],
      count: async () => ({ total: 95_000, exact: false }),
    };
    const queue = await collectWorkQueue([estimated, otherSource], context(userHolding()));
    expect(queue).toMatchObject({ total: 95_002, totalExact: false });
  });
});

describe("the work queue's total alone (the dashboard's card)", () => {
  it('asks each source for its count, never for its items, and none the user may not read', async () => {
    let built = false;
    const counting: TWorkQueueSource = {
      ...kennelSource,
      items: async (c) => {
        built = true;
        return kennelSource.items(c);
      },
      count: async () => ({ total: 7, exact: true }),
    };
    expect(await countWorkQueue([counting, otherSource], context(userHolding('kennels:read')))).toEqual({
      total: 9,
      exact: true,
    });
    expect(built).toBe(false);
    expect(await countWorkQueue([counting, otherSource], context(userHolding()))).toEqual({
      total: 2,
      exact: true,
    });
  });
});
