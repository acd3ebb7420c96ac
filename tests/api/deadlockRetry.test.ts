import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rowsOf';
import { createTestApp, type TTestApp } from './testApp';

/**
 * Two transactions that lock two rows in opposite orders (as two writes adding to the kept report
 * counts' shared rows can): PostgreSQL ends one as the deadlock's victim, and it is run again
 * (server/db/retryDeadlocks.ts), so both callers get their answer and each change is made once.
 * PostgreSQL only (`TEST_DATABASE_URL`): PGlite runs one transaction at a time and never deadlocks.
 */
let t: TTestApp;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a deadlock on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.db.execute(sql`create table deadlock_probe (id int primary key, n int not null)`);
    await t.app.db.execute(sql`insert into deadlock_probe values (1, 0), (2, 0)`);
  });
  afterAll(() => t?.close());

  it('runs the victim again: both transactions succeed, each change made once', async () => {
    let runs = 0;
    const crossing = (first: number, second: number) =>
      t.app.db.transaction(async (tx) => {
        runs += 1;
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${first}`);
        await tx.execute(sql`select pg_sleep(0.3)`);
        await tx.execute(sql`update deadlock_probe set n = n + 1 where id = ${second}`);
        return first;
      });
    await expect(Promise.all([crossing(1, 2), crossing(2, 1)])).resolves.toEqual([1, 2]);
    // One of the two was ended by PostgreSQL and run again.
    expect(runs).toBe(3);
    const rows = await rowsOf<{ id: number; n: number }>(
      t.app.db,
      sql`select id, n from deadlock_probe order by id`,
    );
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});
