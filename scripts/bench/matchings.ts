/**
 * Benchmark of the matchings' list and board (issue 13) through the real HTTP server: seeds 20,000
 * matchings (each with its child, its application and three status-history rows) spread over every
 * status and several offices, then measures the list (first page, a sort by name, searches, a
 * filter), each board column (`?stage=…&sort=stageEnteredOn`, 25 cards), the whole board (its four
 * columns at once, as the page asks) and the work queue. Prints p50/p95/max per case.
 * Run: npm run bench:matchings   (embedded PGlite in a temporary directory)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:matchings
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  adoptiveMatchings,
  childInfos,
  headOffices,
  parentInfos,
  statusHistory,
} from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { matchingStatuses } from '../../src/domain/workflows/matching.workflow';
import type { TTimingCase } from './benchKit';
import { listenAsAdmin, machineNote, openBenchApp, printTimingTable, runBench } from './benchKit';

const matchingCount = 20_000;
const batch = 1_000;
const families: [kh: string, en: string][] = [
  ['សុខ', 'Sok'],
  ['ចាន់', 'Chan'],
  ['ហេង', 'Heng'],
  ['លី', 'Ly'],
  ['ស៊ុន', 'Sun'],
  ['គឹម', 'Kim'],
  ['ម៉ៅ', 'Mao'],
  ['ឯក', 'Ek'],
];
const givens: [kh: string, en: string][] = [
  ['សុភា', 'Sophea'],
  ['វណ្ណា', 'Vanna'],
  ['ដារ៉ា', 'Dara'],
  ['ស្រីមុំ', 'Sreymom'],
  ['រតនា', 'Rathana'],
  ['បុប្ផា', 'Bopha'],
  ['វិបុល', 'Vibol'],
  ['ពិសិដ្ឋ', 'Piseth'],
];

const dayBefore = (today: string, days: number) => {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

const main = async () => {
  const { app, postgres, close } = await openBenchApp();
  try {
    const started = performance.now();
    const today = isoDateIn(new Date());
    const offices = (await app.db.select({ id: headOffices.id }).from(headOffices)).map((row) => row.id);
    const [{ maxHistory }] = await app.db
      .select({ maxHistory: sql<number>`coalesce(max(${statusHistory.id}), 0)::int` })
      .from(statusHistory);
    for (let from = 0; from < matchingCount; from += batch) {
      const numbers = Array.from({ length: Math.min(batch, matchingCount - from) }, (_, i) => from + i);
      const children = await app.db
        .insert(childInfos)
        .values(
          numbers.map((n) => ({
            code: `CH-B-${String(n).padStart(6, '0')}`,
            familyNameKh: families[n % 8][0],
            givenNameKh: givens[(n >> 3) % 8][0],
            familyNameEn: families[n % 8][1],
            givenNameEn: `${givens[(n >> 3) % 8][1]} ${n}`,
            sex: n % 2 ? 'female' : 'male',
            dateOfBirth: dayBefore(today, 400 + (n % 4000)),
            headOfficeId: offices[n % offices.length],
            status: 'matched',
          })),
        )
        .returning({ id: childInfos.id });
      const applications = await app.db
        .insert(parentInfos)
        .values(
          numbers.map((n) => ({
            code: `PA-B-${String(n).padStart(6, '0')}`,
            applicantType: 'couple',
            applicant1FamilyNameKh: families[(n + 3) % 8][0],
            applicant1GivenNameKh: givens[(n + 5) % 8][0],
            applicant1FamilyNameEn: families[(n + 3) % 8][1],
            applicant1GivenNameEn: givens[(n + 5) % 8][1],
            applicant2FamilyNameEn: families[(n + 1) % 8][1],
            applicant2GivenNameEn: `${givens[(n + 2) % 8][1]} ${n}`,
            headOfficeId: offices[n % offices.length],
            applicationDate: dayBefore(today, 500),
            approvedUntil: dayBefore(today, -100),
            status: 'matched',
          })),
        )
        .returning({ id: parentInfos.id });
      const matchings = await app.db
        .insert(adoptiveMatchings)
        .values(
          numbers.map((n, i) => {
            const entered = dayBefore(today, n % 200);
            return {
              code: `MA-B-${String(n).padStart(6, '0')}`,
              childId: children[i].id,
              parentId: applications[i].id,
              headOfficeId: offices[n % offices.length],
              proposedDate: dayBefore(today, 250),
              status: matchingStatuses[n % matchingStatuses.length],
              lastStepDate: entered,
              stageEnteredOn: entered,
            };
          }),
        )
        .returning({ id: adoptiveMatchings.id });
      await app.db.insert(statusHistory).values(
        matchings.flatMap((matching, i) =>
          ['propose', 'pending-adoption', 'confirm-adoption'].map((action, k) => ({
            entity: 'adoptive_matchings',
            entityId: matching.id,
            action,
            fromStatus: '',
            toStatus: matchingStatuses[(numbers[i] + k) % matchingStatuses.length],
            payload: {},
            userId: 1,
            at: new Date(Date.now() - (3 - k) * 86_400_000),
          })),
        ),
      );
    }
    const seedSeconds = ((performance.now() - started) / 1000).toFixed(1);
    // As lists.ts: PostgreSQL's autovacuum analyzes a freshly loaded table within a minute, and the
    // server analyzes PGlite every ten minutes; BENCH_VACUUM=0 measures PGlite before that.
    const vacuumed = postgres || process.env.BENCH_VACUUM !== '0';
    if (vacuumed)
      await app.db.execute(
        sql.raw('vacuum analyze adoptive_matchings, child_infos, parent_infos, status_history'),
      );

    const { base, accessToken } = await listenAsAdmin(app);
    const get = async (path: string, query: Record<string, string | number> = {}) => {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
      const response = await fetch(`${base}${path}?${search}`, {
        headers: { authorization: `Bearer ${accessToken}`, locale: 'kh' },
      });
      if (response.status !== 200) throw new Error(`${path}?${search} answered ${response.status}`);
      const body = (await response.json()) as { paginateMeta?: { itemCount: number }; total?: number };
      return body.paginateMeta?.itemCount ?? body.total ?? 0;
    };
    const list = (query: Record<string, string | number>) => get('/adoptive-matching', query);
    const column = (stage: string) =>
      list({ page: 1, take: 25, sort: 'stageEnteredOn', order: 'asc', stage });
    const page1 = { page: 1, take: 10 };
    const cases: [label: string, call: () => Promise<number>][] = [
      ['list: page 1, take 10 (sort code)', () => list(page1)],
      ['list: page 200, take 50', () => list({ page: 200, take: 50 })],
      ['list: sort child name', () => list({ ...page1, sort: 'childName' })],
      ['list: sort applicants desc', () => list({ ...page1, sort: 'applicants', order: 'desc' })],
      ['list: search Latin "Dara 1234"', () => list({ ...page1, search: 'Dara 1234' })],
      ['list: search Khmer "សុខ"', () => list({ ...page1, search: 'សុខ' })],
      ['list: search code "MA-B-0150"', () => list({ ...page1, search: 'MA-B-0150' })],
      ['list: filter status', () => list({ ...page1, status: 'testPending' })],
      ['board column: proposal', () => column('proposal')],
      ['board column: trial', () => column('trial')],
      ['board column: warrant', () => column('warrant')],
      ['board column: keeping', () => column('keeping')],
      [
        'board: the four columns at once',
        async () =>
          (await Promise.all(['proposal', 'trial', 'warrant', 'keeping'].map(column))).reduce(
            (a, b) => a + b,
            0,
          ),
      ],
      [
        'board: searched "Sok"',
        () => list({ page: 1, take: 25, sort: 'stageEnteredOn', stage: 'trial', search: 'Sok' }),
      ],
      ['work queue (super user: every kind)', () => get('/work-queue')],
    ];

    console.log(
      `Database: ${postgres ? 'PostgreSQL' : 'PGlite'}${vacuumed ? ' (vacuum analyze after seeding)' : ''}; ` +
        `${matchingCount} matchings (with children, applications, ${matchingCount * 3} history rows) seeded in ${seedSeconds} s; ` +
        `${machineNote()}; history rows before: ${maxHistory}`,
    );
    await printTimingTable(
      'call',
      cases.map(([label, call]): TTimingCase => [label, call, 100]),
    );
  } finally {
    await close();
  }
};

runBench(main);
