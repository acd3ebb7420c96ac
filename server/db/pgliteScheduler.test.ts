import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeTableByTable, openDatabase, type TDatabase } from './client';
import { inBackground } from './dbPriority';
import { nameStatement } from './namedStatements';
import { createPgliteScheduler } from './pgliteScheduler';
import { rowsOf } from './rowsOf';

/** A promise and the hand that settles it. */
const gate = () => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

/** Lets every job that can run, run (the scheduler starts the next one when a job settles). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the embedded database connection scheduler', () => {
  it('runs interactive jobs before background ones, each kind in arrival order', async () => {
    const scheduler = createPgliteScheduler({ anticipateMs: 0 });
    const order: string[] = [];
    const blocker = gate();
    const job = (name: string) => async () => {
      order.push(name);
    };
    const all = [
      scheduler.run('interactive', () => blocker.opened),
      scheduler.run('background', job('report 1')),
      scheduler.run('background', job('report 2')),
      scheduler.run('interactive', job('get 1')),
      scheduler.run('interactive', job('get 2')),
    ];
    expect(scheduler.waiting()).toEqual({ interactive: 2, background: 2 });
    blocker.open();
    await Promise.all(all);
    expect(order).toEqual(['get 1', 'get 2', 'report 1', 'report 2']);
  });

  it('never runs two jobs at once', async () => {
    const scheduler = createPgliteScheduler({ anticipateMs: 0 });
    let running = 0;
    let most = 0;
    const job = async () => {
      running += 1;
      most = Math.max(most, running);
      await settle();
      running -= 1;
    };
    await Promise.all(
      Array.from({ length: 10 }, (_, index) => scheduler.run(index % 2 ? 'background' : 'interactive', job)),
    );
    expect(most).toBe(1);
  });

  it('lets a background job that has waited the starvation bound go before waiting interactive ones', async () => {
    let clock = 0;
    const scheduler = createPgliteScheduler({ anticipateMs: 0, starvationMs: 1000, now: () => clock });
    const order: string[] = [];
    const blocker = gate();
    const job = (name: string) => async () => {
      order.push(name);
    };
    const first = scheduler.run('interactive', () => blocker.opened);
    const waited = scheduler.run('background', job('report, waited 1 s'));
    clock = 999;
    const fresh = scheduler.run('background', job('report, just come'));
    const gets = [scheduler.run('interactive', job('get 1')), scheduler.run('interactive', job('get 2'))];
    clock = 1000;
    blocker.open();
    await Promise.all([first, waited, fresh, ...gets]);
    expect(order).toEqual(['report, waited 1 s', 'get 1', 'get 2', 'report, just come']);
  });

  it('goes on after a job that fails, and answers that failure to its caller only', async () => {
    const scheduler = createPgliteScheduler({ anticipateMs: 0 });
    const failing = scheduler.run('interactive', async () => {
      throw new Error('syntax error');
    });
    const throwing = scheduler.run('interactive', () => {
      throw new Error('thrown before any promise');
    });
    const next = scheduler.run('background', async () => 'answered');
    await expect(failing).rejects.toThrow('syntax error');
    await expect(throwing).rejects.toThrow('thrown before any promise');
    await expect(next).resolves.toBe('answered');
  });

  it("keeps background work waiting, after an interactive job, for that request's next statement", async () => {
    const scheduler = createPgliteScheduler({ anticipateMs: 50 });
    const order: string[] = [];
    const blocker = gate();
    // A request: one statement, its code, then its next statement.
    const request = (async () => {
      await scheduler.run('interactive', () => blocker.opened);
      await settle();
      await scheduler.run('interactive', async () => {
        order.push('the request, its second statement');
      });
    })();
    const report = scheduler.run('background', async () => {
      order.push('report');
    });
    blocker.open();
    await Promise.all([report, request]);
    expect(order).toEqual(['the request, its second statement', 'report']);
  });

  it("runs a call made inside a running job at once, not behind the job's own turn", async () => {
    const scheduler = createPgliteScheduler({ anticipateMs: 0 });
    const answer = await scheduler.run('interactive', () =>
      scheduler.run('interactive', async () => 'nested call answered'),
    );
    expect(answer).toBe('nested call answered');
  });
});

describe('PGlite behind the scheduler', () => {
  let database: TDatabase;
  // Opening PGlite takes seconds on a loaded machine.
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: 'memory://', dataDir: '', memoryTemplate: undefined });
  }, 120_000);
  afterAll(() => database?.close());
  const open = async () => database;

  it('runs a transaction as one job: nothing queued meanwhile runs between its statements', async () => {
    const { db } = await open();
    await db.execute(sql`create table if not exists scheduled_rows (id int)`);
    const seen: number[] = [];
    const between = gate();
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`insert into scheduled_rows values (1)`);
      await between.opened;
      await tx.execute(sql`insert into scheduled_rows values (2)`);
    });
    await settle();
    // Queued while the transaction waits between its two statements: they see both rows or none.
    const reads = [
      inBackground(async () => rowsOf<{ n: number }>(db, sql`select count(*)::int as n from scheduled_rows`)),
      rowsOf<{ n: number }>(db, sql`select count(*)::int as n from scheduled_rows`),
    ].map((read) => read.then(([row]) => seen.push(row.n)));
    await settle();
    expect(seen).toEqual([]);
    between.open();
    await Promise.all([transaction, ...reads]);
    expect(seen).toEqual([2, 2]);
  });

  it("answers a request's statement before a report's queued earlier", async () => {
    const { db } = await open();
    const order: string[] = [];
    const blocker = gate();
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await blocker.opened;
    });
    await settle();
    // Drizzle's queries run when awaited: inside the background context, as a route's are.
    const report = inBackground(async () => db.execute(sql`select 'report'`)).then(() =>
      order.push('report'),
    );
    const request = db.execute(sql`select 'request'`).then(() => order.push('request'));
    blocker.open();
    await Promise.all([transaction, report, request]);
    expect(order).toEqual(['request', 'report']);
  });

  it('keeps running a named statement as PREPARE once, then EXECUTE', async () => {
    const { db } = await open();
    const text = 'select $1::int + 1 as n';
    nameStatement(text);
    const client = (
      db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<unknown> } }
    ).$client;
    const answers = await Promise.all([client.query(text, [1]), client.query(text, [41])]);
    expect(answers.map((answer) => (answer as { rows: { n: number }[] }).rows[0].n)).toEqual([2, 42]);
    const [prepared] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_prepared_statements where statement like 'PREPARE q_%'`,
    );
    expect(prepared.n).toBe(1);
  });

  it('refreshes the statistics of the tables that changed enough since their last analyze, only', async () => {
    const { db } = await open();
    await db.execute(sql`create table changed_rows (id int)`);
    await db.execute(sql`create table few_rows (id int)`);
    await db.execute(sql`insert into changed_rows select generate_series(1, 1000)`);
    await db.execute(sql`insert into few_rows select generate_series(1, 10)`);
    await analyzeTableByTable((db as unknown as { $client: PGlite }).$client);
    const analyzed = await rowsOf<{ name: string; analyzed: boolean }>(
      db,
      sql`select relname as name, last_analyze is not null as analyzed from pg_stat_user_tables
          where relname in ('changed_rows', 'few_rows') order by relname`,
    );
    expect(analyzed).toEqual([
      { name: 'changed_rows', analyzed: true },
      { name: 'few_rows', analyzed: false },
    ]);
  });
});
