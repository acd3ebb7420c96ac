/**
 * What the reports' triggers (migration 0036, issue 37) cost a bulk insert: BENCH_CHILDREN children
 * (default 10,000) inserted by one generate_series statement with the triggers on, then as many with
 * them off, then `report_rebuild()`. On a throwaway database `bench_report_triggers` (PostgreSQL with
 * DATABASE_URL, else PGlite in a temporary directory). Figures in docs/performance.md (issue 37).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node_modules/.bin/tsx scripts/bench/reportTriggers.ts
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { machineNote, openBenchApp, runBench } from './benchKit';

const n = Number(process.env.BENCH_CHILDREN ?? 10000);
const main = async () => {
  const { app, close } = await openBenchApp({ databaseName: 'bench_report_triggers', reuse: false });
  try {
    const result = (await app.db.execute(sql`select id from head_offices limit 1`)) as unknown;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number }[];
    const officeId = rows[0].id;
    const insert = (prefix: string) =>
      sql.raw(`insert into child_infos (code, family_name_en, given_name_en, sex, date_of_birth, status, head_office_id)
        select '${prefix}-' || g, 'Load', 'Child ' || g, case when g % 2 = 0 then 'male' else 'female' end,
          current_date - (g % 6000), 'registered', ${officeId} from generate_series(1, ${n}) g`);
    let started = performance.now();
    await app.db.execute(insert('ON'));
    console.log(`${n} children, triggers on: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    await app.db.execute(sql`alter table child_infos disable trigger report_row_changed`);
    await app.db.execute(insert('OFF'));
    await app.db.execute(sql`alter table child_infos enable trigger report_row_changed`);
    console.log(`${n} children, triggers off: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    await app.db.execute(sql`select report_rebuild()`);
    console.log(`rebuild after: ${((performance.now() - started) / 1000).toFixed(1)} s; ${machineNote()}`);
  } finally {
    await close(false);
  }
};
runBench(main);
