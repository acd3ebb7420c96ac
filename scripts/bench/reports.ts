/**
 * Benchmark of the reports and the dashboard (issue 24) through the real HTTP server (the app built
 * in-process by benchKit, listening on a free port, called with `fetch` as the signed-in super
 * user): generates the programme's records in SQL (generate_series), then times each report with
 * no filter and with one province, and the dashboard. Prints the generation time and p50/p95/max.
 * Run: npm run bench:reports   (embedded PGlite in a temporary directory: 100,000 children)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports
 *      (1,000,000 children; the database `bench_reports` is dropped and created through that
 *      connection, and dropped at the end unless BENCH_KEEP=1 keeps it for EXPLAIN ANALYZE)
 * BENCH_CHILDREN=n sets the size (the other records follow in proportion); BENCH_RUNS the timed calls;
 * BENCH_DATABASE names the PostgreSQL database (default `bench_reports`: helpers sharing a server
 * each take their own). The dashboard and the work queue are timed for the super user and for a
 * provincial user of the office with the most children (issue 37).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import { developerOnlyPermission, superUserOnlyPermission } from '../../src/domain/permissions';
import type { TTimingCase } from './benchKit';
import {
  getAs,
  listenAsAdmin,
  machineNote,
  openBenchApp,
  printTimingTable,
  runBench,
  signInOfficeUser,
} from './benchKit';
import { loadProgramme, programmeCounts, programmeGeneration } from './programmeGeneration';

const postgres = Boolean(process.env.DATABASE_URL);
const childCount = Number(process.env.BENCH_CHILDREN ?? (postgres ? 1_000_000 : 100_000));
const runs = Number(process.env.BENCH_RUNS ?? 30);

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

const main = async () => {
  // BENCH_REUSE=1 times the database a BENCH_KEEP=1 run left (migrated again, not generated again).
  const reuse = postgres && process.env.BENCH_REUSE === '1';
  const { app, close } = await openBenchApp({
    databaseName: process.env.BENCH_DATABASE ?? 'bench_reports',
    reuse,
  });
  try {
    const started = performance.now();
    const steps: string[] = [];
    // A bulk load skips the reports' triggers and rebuilds the kept counts once after.
    if (!reuse)
      await loadProgramme(app.db, programmeGeneration(childCount), (label, seconds) => {
        steps.push(`${label} ${seconds.toFixed(1)} s`);
        console.log(`generated ${steps[steps.length - 1]}`);
      });
    else await app.db.execute(sql.raw('vacuum analyze'));
    const summaryRows = rowsOf(
      await app.db.execute(
        sql.raw(`select (select count(*) from report_child_facts) as child_facts,
          (select count(*) from report_child_now) as child_now, (select count(*) from report_child_day) as child_day,
          (select count(*) from report_child_month) as child_month, (select count(*) from report_stage_day) as stage_day,
          (select count(*) from report_stage_month) as stage_month, (select count(*) from report_parent_facts) as parent_facts,
          (select count(*) from report_application_now) as application_now, (select count(*) from report_application_day) as application_day`),
      ),
    )[0];
    console.log(
      `kept rows: ${Object.entries(summaryRows)
        .map(([table, n]) => `${table} ${n}`)
        .join(', ')}`,
    );
    // A child with matchings: what each changed row of it costs its transaction (its facts re-derived).
    const [busyChild] = rowsOf(
      await app.db.execute(
        sql.raw(`select child_id as id from adoptive_matchings group by 1 order by count(*) desc limit 1`),
      ),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts = await programmeCounts(app.db);
    // The province of the office with the most children: the largest single-province report.
    const [province] = rowsOf(
      await app.db.execute(
        sql.raw(`select ho.province_id as id, count(*) as n from child_infos c
          join head_offices ho on ho.id = c.head_office_id group by 1 order by 2 desc limit 1`),
      ),
    );

    // A provincial user of the provincial office with the most children, holding every permission.
    const [office] = rowsOf(
      await app.db.execute(
        sql.raw(`select c.head_office_id as id, count(*) as n from child_infos c
          join head_offices ho on ho.id = c.head_office_id and ho.class = 'provincial'
          group by 1 order by 2 desc limit 1`),
      ),
    );
    const { base, accessToken } = await listenAsAdmin(app);
    const provincialToken = await signInOfficeUser(app, base, {
      username: 'bench-provincial',
      officeId: Number(office.id),
      permissions: permissionCatalogue
        .map((one) => one.name)
        .filter((name) => name !== superUserOnlyPermission && name !== developerOnlyPermission),
    });
    const get = (path: string, token = accessToken) =>
      getAs<{ data: { indicators?: { key: string; value: number }[] } }>(base, path, token);
    /** The figure a case shows beside its time: a report's children or applications counted. */
    const total = (prefix: string) => async (path: string) =>
      ((await get(path)).data.indicators ?? [])
        .filter((one) => one.key.startsWith(prefix))
        .reduce((sum, one) => sum + one.value, 0);
    const children = total('children.');
    const applications = total('applications.');
    const dashboard = async (token = accessToken) => {
      const body = (await get('/dashboard', token)) as unknown as {
        data: { children?: { byStatus: { value: number }[] } };
      };
      return (body.data.children?.byStatus ?? []).reduce((sum, one) => sum + one.value, 0);
    };
    /** The work queue's items answered and its total ('about' when estimated). */
    const workQueue = async (token = accessToken) => {
      const body = (await get('/work-queue', token)) as unknown as {
        data: unknown[];
        total: number;
        totalExact?: boolean;
      };
      return `${body.data.length} of ${body.totalExact === false ? 'about ' : ''}${body.total}`;
    };
    const cases: TTimingCase[] = [
      ['GET /reports/children', () => children('/reports/children'), runs],
      [
        `GET /reports/children?provinceId=${province.id}`,
        () => children(`/reports/children?provinceId=${province.id}`),
        runs,
      ],
      ['GET /reports/parents', () => applications('/reports/parents'), runs],
      [
        `GET /reports/parents?provinceId=${province.id}`,
        () => applications(`/reports/parents?provinceId=${province.id}`),
        runs,
      ],
      ['GET /reports/children?ageBand=6-11', () => children('/reports/children?ageBand=6-11'), runs],
      [
        'GET /reports/children?sex=male&disability=true',
        () => children('/reports/children?sex=male&disability=true'),
        runs,
      ],
      [
        `one child's facts re-derived (child ${busyChild?.id}, as a trigger does)`,
        async () => {
          await app.db.execute(sql.raw(`select report_sync_children(array[${Number(busyChild?.id ?? 0)}])`));
          return 1;
        },
        runs,
      ],
      ['GET /dashboard (super user)', () => dashboard(), runs],
      [`GET /dashboard (provincial user, office ${office.id})`, () => dashboard(provincialToken), runs],
      ['GET /work-queue (super user)', () => workQueue(), runs],
      [`GET /work-queue (provincial user, office ${office.id})`, () => workQueue(provincialToken), runs],
    ];

    console.log(
      `Database: ${postgres ? 'PostgreSQL' : 'PGlite'}; generated in ${seconds} s (${steps.join('; ')}); ` +
        `rows: ${Object.entries(counts)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ')}; ${machineNote()}`,
    );
    await printTimingTable('call (matches: children / applications counted)', cases);
    console.log(machineNote());
  } finally {
    await close(reuse || process.env.BENCH_KEEP === '1');
  }
};

runBench(main);
