import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';
import { adoptiveMatchings, statusHistory } from '../../server/db/schema';
import { matchingAskingSteps, matchingWorkflow } from '../../src/domain/workflows/matching.workflow';
import { insertMatching } from './support/recordFixtures';
import { createTestApp, type TTestApp } from './testApp';

/**
 * A matching keeps its last step's time and its last request (who, which, when), kept by the
 * database from the status history (migration 0024): four-eyes, the work queue and the dashboard
 * read them instead of looking each matching up in the history. These tests hold the trigger to
 * `matchingAskingSteps` (a request added to the machine and not to the trigger fails here) and to
 * the history's own order.
 */
let t: TTestApp;
let headOfficeId: number;
const records = { prefix: 'LASTREQ' };

beforeAll(async () => {
  t = await createTestApp();
  headOfficeId = await t.createHeadOffice('HO-LASTREQ');
});
afterAll(() => t?.close());

const kept = async (id: number) => {
  const [row] = await t.app.db
    .select({
      lastStepAt: adoptiveMatchings.lastStepAt,
      lastAskedAt: adoptiveMatchings.lastAskedAt,
      lastAskedBy: adoptiveMatchings.lastAskedBy,
      lastAskedAction: adoptiveMatchings.lastAskedAction,
    })
    .from(adoptiveMatchings)
    .where(eq(adoptiveMatchings.id, id));
  return row;
};

const step = (entityId: number, action: string, userId: number | null, at: Date) => ({
  entity: 'adoptive_matchings',
  entityId,
  action,
  fromStatus: '',
  toStatus: '',
  payload: {},
  userId,
  at,
});

describe('the last request kept on the matching', () => {
  it('follows every action of the machine: a request moves it, a decision moves only the last step', async () => {
    const { id } = await insertMatching(t.app.db, { headOfficeId }, records);
    expect(await kept(id)).toEqual({
      lastStepAt: null,
      lastAskedAt: null,
      lastAskedBy: null,
      lastAskedAction: null,
    });
    const actions = ['propose', ...Object.keys(matchingWorkflow.actions)];
    let expected = {
      lastAskedAt: null as Date | null,
      lastAskedBy: null as number | null,
      lastAskedAction: null as string | null,
    };
    for (const [index, action] of actions.entries()) {
      const at = new Date(Date.UTC(2026, 0, 1 + index, 9));
      const userId = 100 + index;
      await t.app.db.insert(statusHistory).values(step(id, action, userId, at));
      if (matchingAskingSteps.includes(action))
        expected = { lastAskedAt: at, lastAskedBy: userId, lastAskedAction: action };
      expect({ action, ...(await kept(id)) }).toEqual({ action, lastStepAt: at, ...expected });
    }
    // Every request of the machine was seen as one, every decision as none.
    expect(actions.filter((action) => matchingAskingSteps.includes(action)).length).toBe(
      matchingAskingSteps.length,
    );
  });

  it('keeps the newest when an older step is written later, and takes the later row of one instant', async () => {
    const { id } = await insertMatching(t.app.db, { headOfficeId }, records);
    const noon = new Date(Date.UTC(2026, 5, 1, 12));
    await t.app.db.insert(statusHistory).values(step(id, 'pending-test', 7, noon));
    await t.app.db
      .insert(statusHistory)
      .values(step(id, 'pending-adoption', 8, new Date(Date.UTC(2026, 4, 1))));
    expect(await kept(id)).toMatchObject({
      lastStepAt: noon,
      lastAskedBy: 7,
      lastAskedAction: 'pending-test',
    });
    await t.app.db.insert(statusHistory).values(step(id, 'request-warrant', 9, noon));
    expect(await kept(id)).toMatchObject({ lastAskedBy: 9, lastAskedAction: 'request-warrant' });
  });

  it('reads one statement of many matchings and many steps as the history orders them', async () => {
    const first = await insertMatching(t.app.db, { headOfficeId }, records);
    const second = await insertMatching(t.app.db, { headOfficeId }, records);
    const day = (n: number) => new Date(Date.UTC(2026, 6, n, 8));
    await t.app.db
      .insert(statusHistory)
      .values([
        step(first.id, 'propose', 1, day(1)),
        step(first.id, 'pending-adoption', 2, day(3)),
        step(first.id, 'confirm-adoption', 3, day(4)),
        step(second.id, 'child-keep', 4, day(9)),
        step(second.id, 'propose', 5, day(2)),
      ]);
    expect(await kept(first.id)).toEqual({
      lastStepAt: day(4),
      lastAskedAt: day(3),
      lastAskedBy: 2,
      lastAskedAction: 'pending-adoption',
    });
    expect(await kept(second.id)).toEqual({
      lastStepAt: day(9),
      lastAskedAt: day(9),
      lastAskedBy: 4,
      lastAskedAction: 'child-keep',
    });
  });

  it('is taken from the history already written when the migration runs', async () => {
    const first = await insertMatching(t.app.db, { headOfficeId }, records);
    const second = await insertMatching(t.app.db, { headOfficeId }, records);
    const day = (n: number) => new Date(Date.UTC(2025, 2, n, 8));
    // History written before the migration: no trigger kept anything.
    await t.app.db.execute(
      sql`alter table status_history disable trigger status_history_matchings_last_steps`,
    );
    try {
      await t.app.db
        .insert(statusHistory)
        .values([
          step(first.id, 'propose', 1, day(1)),
          step(first.id, 'pending-test', 2, day(5)),
          step(first.id, 'confirm-test', 3, day(6)),
          step(second.id, 'propose', 4, day(2)),
        ]);
    } finally {
      await t.app.db.execute(
        sql`alter table status_history enable trigger status_history_matchings_last_steps`,
      );
    }
    expect(await kept(first.id)).toMatchObject({ lastStepAt: null, lastAskedBy: null });
    // The migration's own statements that fill the columns from the history.
    const migration = readFileSync(path.join(migrationsFolder, '0024_matching_last_request.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await t.app.db.execute(sql.raw(statement));
    expect(await kept(first.id)).toEqual({
      lastStepAt: day(6),
      lastAskedAt: day(5),
      lastAskedBy: 2,
      lastAskedAction: 'pending-test',
    });
    expect(await kept(second.id)).toEqual({
      lastStepAt: day(2),
      lastAskedAt: day(2),
      lastAskedBy: 4,
      lastAskedAction: 'propose',
    });
  });
});
