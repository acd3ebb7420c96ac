/**
 * Benchmark of the programme at scale (issue 37) on PostgreSQL, through the real HTTP server (the
 * app built in-process by benchKit on a free port, called with `fetch`): generates the programme
 * in SQL (scripts/bench/programmeGeneration.ts: children with common Khmer names and their Latin
 * spellings, applications, matchings with their history, services, offices spread), then times
 * each report (no filter, a province, a period), the dashboard and the work queue (the national
 * administrator and a provincial user), the child list's page 1, one- and two-word name searches in
 * Khmer and Latin, and get-by-id (a child not read before each time: its access-log row included).
 * Prints a markdown table, with the machine's load beside each figure, for docs/performance.md.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:scale
 *      (the database `bench_scale` is dropped and created through that connection, and dropped at
 *      the end unless BENCH_KEEP=1 keeps it; BENCH_REUSE=1 times a kept one again)
 * BENCH_CHILDREN=n sets the size (1,000,000 by default; the other records follow in proportion);
 * BENCH_RUNS the timed calls of each case (30); BENCH_CASES=<regular expression> times only the
 * cases whose label it matches (e.g. BENCH_REUSE=1 BENCH_CASES=search to time the searches again).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
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

const childCount = Number(process.env.BENCH_CHILDREN ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

const main = async () => {
  if (!process.env.DATABASE_URL) throw new Error('bench:scale runs on PostgreSQL: set DATABASE_URL');
  const reuse = process.env.BENCH_REUSE === '1';
  const { app, close } = await openBenchApp({ databaseName: 'bench_scale', reuse });
  try {
    const started = performance.now();
    const steps: string[] = [];
    // A bulk load: the reports' triggers off, then the kept counts rebuilt once (migration 0036).
    if (!reuse)
      await loadProgramme(app.db, programmeGeneration(childCount, 'BS'), (label, seconds) => {
        steps.push(`${label} ${seconds.toFixed(1)} s`);
        console.log(`${steps[steps.length - 1]} (load ${machineNote().split('load average ')[1]})`);
      });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);

    const counts = await programmeCounts(app.db);
    // The provincial office with the most children: its province for the reports, its user for
    // the dashboard and the work queue.
    const [office] = rowsOf(
      await app.db.execute(
        sql.raw(`select ho.id, ho.province_id, count(*)::int as n from child_infos c
          join head_offices ho on ho.id = c.head_office_id where ho.class = 'provincial'
          group by 1, 2 order by 3 desc limit 1`),
      ),
    ) as { id: number; province_id: number; n: number }[];
    const [ids] = rowsOf(
      await app.db.execute(sql.raw('select min(id)::int as first, max(id)::int as last from child_infos')),
    ) as { first: number; last: number }[];

    // A provincial user reading what an office's officer reads (every `:read`, decisions and steps).
    const granted = rowsOf(
      await app.db.execute(
        sql.raw(`select name from permissions where name like '%:read'
          or name in ('matchings:approve', 'matchings:update')`),
      ),
    ).map((row) => String(row.name));
    const { base, accessToken: admin } = await listenAsAdmin(app);
    const provincial = await signInOfficeUser(app, base, {
      username: 'bench-provincial',
      officeId: office.id,
      permissions: granted,
    });

    const get = (path: string, token = admin) => getAs(base, path, token);
    /** A report's children or applications counted (its indicators of that prefix summed). */
    const report = (path: string, prefix: string) => async () => {
      const { data } = (await get(path)) as { data: { indicators?: { key: string; value: number }[] } };
      return (data.indicators ?? [])
        .filter((one) => one.key.startsWith(prefix))
        .reduce((s, one) => s + one.value, 0);
    };
    const dashboard = (token: string) => async () => {
      const { data } = (await get('/dashboard', token)) as {
        data: { children?: { byStatus: { value: number }[] } };
      };
      return (data.children?.byStatus ?? []).reduce((sum, one) => sum + one.value, 0);
    };
    const workQueue = (token: string) => async () =>
      ((await get('/work-queue', token)) as { total: number }).total;
    /** The list's total, `~` marking the estimate. */
    const list = (query: string) => async () => {
      const { paginateMeta } = (await get(`/child-infos?page=1&take=10${query}`)) as {
        paginateMeta: { itemCount: number; totalExact: boolean };
      };
      return `${paginateMeta.totalExact ? '' : '~'}${paginateMeta.itemCount}`;
    };
    // Get-by-id: each call a child not read before (spread over the table), so each writes its
    // access-log row as a first read does.
    let nextChild = 0;
    const span = ids.last - ids.first + 1;
    const byId = async () => {
      nextChild += 1;
      const id = ids.first + ((nextChild * 7919) % span);
      const { data } = (await get(`/child-infos/${id}`)) as { data: { id: number } };
      return data.id === id ? 1 : 0;
    };

    const year = new Date().getUTCFullYear() - 1;
    const period = `from=${year}-01-01&to=${year}-12-31`;
    const search = (words: string) => `&search=${encodeURIComponent(words)}`;
    const cases: TTimingCase[] = [
      ['GET /reports/children', report('/reports/children', 'children.'), runs],
      [
        `GET /reports/children?provinceId (${office.n} children)`,
        report(`/reports/children?provinceId=${office.province_id}`, 'children.'),
        runs,
      ],
      [`GET /reports/children?${period}`, report(`/reports/children?${period}`, 'children.'), runs],
      ['GET /reports/parents', report('/reports/parents', 'applications.'), runs],
      [
        'GET /reports/parents?provinceId',
        report(`/reports/parents?provinceId=${office.province_id}`, 'applications.'),
        runs,
      ],
      [`GET /reports/parents?${period}`, report(`/reports/parents?${period}`, 'applications.'), runs],
      ['GET /dashboard (national administrator)', dashboard(admin), runs],
      ['GET /dashboard (provincial user)', dashboard(provincial), runs],
      ['GET /work-queue (national administrator)', workQueue(admin), runs],
      ['GET /work-queue (provincial user)', workQueue(provincial), runs],
      ['GET /child-infos page 1', list(''), runs],
      ['search Latin "sok" (1 word)', list(search('sok')), runs],
      ['search Latin "chan dara" (2 words)', list(search('chan dara')), runs],
      ['search Khmer "សុខ" (1 word)', list(search('សុខ')), runs],
      ['search Khmer "ចាន់ ដារ៉ា" (2 words)', list(search('ចាន់ ដារ៉ា')), runs],
      ['GET /child-infos/{id} (a first read each)', byId, runs],
    ];

    console.log(
      `\nDatabase: PostgreSQL (bench_scale); ${reuse ? 'reused' : `generated in ${seconds} s`} ` +
        `(${steps.join('; ')}); rows: ${Object.entries(counts)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ')}; ${machineNote()}\n`,
    );
    const only = process.env.BENCH_CASES ? new RegExp(process.env.BENCH_CASES, 'i') : undefined;
    await printTimingTable(
      'call (matches: counted / total, ~ an estimate)',
      only ? cases.filter(([label]) => only.test(label)) : cases,
      { load: true },
    );
    console.log(`\n${machineNote()}`);
  } finally {
    await close(process.env.BENCH_KEEP === '1');
  }
};

runBench(main);
