/**
 * Benchmark of the child records (issue 5) through the real HTTP server (not inject): seeds 20,000
 * demo children (server/modules/children/demoChildren.ts: names, places, statuses, disabilities and status history as
 * `npm run seed:demo` makes them), then measures the list (pages, searches, filters, sorts), one
 * record, its status history and the export. Prints the seeding time and p50/p95/max per case.
 * Run: npm run bench:children   (embedded PGlite in a temporary directory)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:children
 *      (a fresh database is created through that connection and dropped at the end)
 */
import { performance } from 'node:perf_hooks';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/password';
import { defaultDemoPassword, seedDemoUsers } from '../../server/db/demo/demoUsers';
import { childDisabilities, childInfos, provinces, statusHistory } from '../../server/db/schema';
import { seedDemoData } from '../../server/modules/children/demoChildren';
import { exportMaxRows as childExportMaxRows } from '../../server/resources/exportRoute';
import { listenAsAdmin, machineNote, openBenchApp, runBench, timeCalls } from './benchKit';

const childCount = 20_000;

type TQuery = Record<string, string | number>;
type TCase = {
  label: string;
  /** Path under /api/v1, without the query. */
  path: string;
  query?: TQuery;
  runs: number;
  /** Rows the answer holds or matches, from its body. */
  rowsOf: (body: ArrayBuffer) => number | string;
};

const decoder = new TextDecoder();
const json = (body: ArrayBuffer) => JSON.parse(decoder.decode(body));
const listMatches = (body: ArrayBuffer) =>
  (json(body) as { paginateMeta: { itemCount: number } }).paginateMeta.itemCount;
const dataLength = (body: ArrayBuffer) => (json(body) as { data: unknown[] }).data.length;
const kib = (bytes: number) => (bytes / 1024).toFixed(1);

const main = async () => {
  const { app, postgres, close } = await openBenchApp();
  try {
    // The configuration seed ran in buildApp; then the demo users (one of them is the children's
    // creator and the user of their history rows) and the children, as scripts/seed-demo.ts does.
    const userIds = await seedDemoUsers(app.db, { passwordHash: await hashPassword(defaultDemoPassword) });
    const seedStart = performance.now();
    const seeded = await seedDemoData(app.db, {
      children: childCount,
      now: new Date(),
      actorId: userIds.get('demo.caseworker') ?? null,
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    // As lists.ts: PostgreSQL's autovacuum analyzes a freshly loaded table within a minute, and the
    // server does it on PGlite at start and every ten minutes; BENCH_VACUUM=0 measures before it.
    const vacuumed = postgres || process.env.BENCH_VACUUM !== '0';
    const vacuumStart = performance.now();
    if (vacuumed)
      await app.db.execute(sql.raw('vacuum analyze child_infos, child_disabilities, status_history'));
    const vacuumSeconds = (performance.now() - vacuumStart) / 1000;

    // The disability most children have, two provinces (the biggest share and a typical one),
    // a child in the middle and a child with two history rows (left, then back).
    const [disability] = await app.db
      .select({ id: childDisabilities.disabilityId, children: count() })
      .from(childDisabilities)
      .groupBy(childDisabilities.disabilityId)
      .orderBy(desc(count()))
      .limit(1);
    const provinceIds = new Map(
      (await app.db.select({ id: provinces.id, code: provinces.code }).from(provinces)).map((row) => [
        row.code,
        row.id,
      ]),
    );
    const [middle] = await app.db
      .select({ id: childInfos.id })
      .from(childInfos)
      .where(eq(childInfos.code, `DEMO-${String(childCount / 2).padStart(6, '0')}`));
    const [withHistory] = await app.db
      .select({ id: statusHistory.entityId })
      .from(statusHistory)
      .where(and(eq(statusHistory.entity, 'child_infos'), eq(statusHistory.action, 're-adoption')))
      .orderBy(statusHistory.entityId)
      .limit(1)
      .offset(100);

    const { base, accessToken } = await listenAsAdmin(app);
    /** One call: the body, so each case shows its rows and its size. */
    const call = async (path: string, query: TQuery = {}) => {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
      const url = `${base}${path}${Object.keys(query).length > 0 ? `?${search}` : ''}`;
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${accessToken}`, locale: 'kh' },
      });
      if (response.status !== 200) throw new Error(`${path}?${search} answered ${response.status}`);
      return response.arrayBuffer();
    };

    const page1 = { page: 1, take: 10 };
    const list = (label: string, query: TQuery): TCase => ({
      label,
      path: '/child-infos',
      query,
      runs: Number(query.take) > 10 ? 50 : 100,
      rowsOf: listMatches,
    });
    const exportRows = (format: 'xlsx' | 'csv') => (body: ArrayBuffer) =>
      format === 'csv'
        ? decoder.decode(body).trimEnd().split('\r\n').length - 1
        : `${Math.min(childCount, childExportMaxRows)} (cap)`;
    const cases: TCase[] = [
      list('page 1, take 10 (sort code)', page1),
      list('page 1000, take 10', { page: 1000, take: 10 }),
      list('page 1, take 200', { page: 1, take: 200 }),
      list('search Latin "chan"', { ...page1, search: 'chan' }),
      list('search Latin "sok"', { ...page1, search: 'sok' }),
      list('search Khmer "សុខ"', { ...page1, search: 'សុខ' }),
      list('search Khmer "ចាន់ ធីតា" (2 words)', { ...page1, search: 'ចាន់ ធីតា' }),
      list('search code "DEMO-0123"', { ...page1, search: 'DEMO-0123' }),
      list('filter status=adoptable', { ...page1, status: 'adoptable' }),
      list('filter ageBand=6-11', { ...page1, ageBand: '6-11' }),
      list('filter disabilityId (most common)', { ...page1, disabilityId: disability.id }),
      list('filter provinceId (Phnom Penh)', { ...page1, provinceId: provinceIds.get('12') ?? 0 }),
      list('filter provinceId (Siem Reap)', { ...page1, provinceId: provinceIds.get('17') ?? 0 }),
      list('filter status + sex + ageBand', {
        ...page1,
        status: 'adoptable',
        sex: 'female',
        ageBand: '6-11',
      }),
      list('sort age desc', { ...page1, sort: 'age', order: 'desc' }),
      list('sort nameEn asc, page 50', { page: 50, take: 10, sort: 'nameEn' }),
      { label: 'GET /child-infos/{id}', path: `/child-infos/${middle.id}`, runs: 100, rowsOf: () => 1 },
      {
        label: 'GET /child-infos/status-history/{id}',
        path: `/child-infos/status-history/${withHistory.id}`,
        runs: 100,
        rowsOf: dataLength,
      },
      {
        label: 'export xlsx (whole list)',
        path: '/child-infos/export',
        query: { format: 'xlsx' },
        runs: 5,
        rowsOf: exportRows('xlsx'),
      },
      {
        label: 'export csv (whole list)',
        path: '/child-infos/export',
        query: { format: 'csv' },
        runs: 5,
        rowsOf: exportRows('csv'),
      },
    ];

    const statuses = Object.entries(seeded.byStatus)
      .map(([status, n]) => `${status} ${n}`)
      .join(', ');
    console.log(
      `Database: ${postgres ? 'PostgreSQL' : 'PGlite'}${vacuumed ? ` (vacuum analyze after seeding: ${vacuumSeconds.toFixed(1)} s)` : ''}; ` +
        `${seeded.inserted} children seeded in ${seedSeconds.toFixed(1)} s (${statuses}; ` +
        `${seeded.historyRows} history rows, ${seeded.disabilityRows} disability rows); ${machineNote()}`,
    );
    console.log(
      '| GET /child-infos… | matches / rows | runs | p50 ms | p95 ms | max ms | response KiB |\n' +
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const testCase of cases) {
      const warmUps = testCase.runs > 10 ? 5 : 1;
      const run = () => call(testCase.path, testCase.query);
      const { answer: body, p50, p95, max } = await timeCalls(run, testCase.runs, warmUps);
      console.log(
        `| ${testCase.label} | ${testCase.rowsOf(body)} | ${testCase.runs} | ${p50.toFixed(1)} | ` +
          `${p95.toFixed(1)} | ${max.toFixed(1)} | ${kib(body.byteLength)} |`,
      );
    }
  } finally {
    await close();
  }
};

runBench(main);
