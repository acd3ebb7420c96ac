/**
 * Benchmark of the paged list call (issue 3) through the real HTTP server (not inject): seeds
 * 100,000 villages under 1,000 communes, then measures page 1, deep pages, searches, sorts and a
 * filter. Prints p50/p95/max per case.
 * On PostgreSQL a second run (issue 26) generates 1,000,000 children in SQL (BENCH_CHILDREN sets
 * another size) in the database `bench_lists`, and times the child list: page 1, a deep page, the
 * last page, a search by a common name in Latin and in Khmer; each row says whether the total
 * was exact or the estimate above the exact-count limit (EXACT_COUNT_LIMIT, default 10,000).
 * Run: npm run bench:lists   (embedded PGlite in a temporary directory; villages only)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:lists
 *      (villages: a fresh database created through that connection and dropped at the end;
 *      children: `bench_lists`, dropped at the end unless BENCH_KEEP=1; BENCH_REUSE=1 times the
 *      children a kept one holds without generating them again; BENCH_SKIP_VILLAGES=1 skips the
 *      villages)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { childInfos, communes, villages } from '../../server/db/schema';
import { defaultExactCountLimit } from '../../server/resources/pagedList';
import type { TTimingCase } from './benchKit';
import { listenAsAdmin, machineNote, openBenchApp, printTimingTable, runBench } from './benchKit';
import { familyNames, givenNames } from './programmeGeneration';

const provinceCount = 10;
const districtsPerProvince = 2;
const communesPerDistrict = 50;
const villagesPerCommune = 100; // 10 * 2 * 50 * 100 = 100,000

/**
 * Parts real Khmer village names are made of (gazetteer spellings): a place word, a qualifier and
 * sometimes a position. Combined they give about 10,000 distinct names, repeated as in the gazetteer,
 * so a search matches a realistic share of the rows.
 */
const placeWords: [kh: string, en: string][] = [
  ['ត្រពាំង', 'Trapeang'],
  ['ព្រែក', 'Praek'],
  ['ទួល', 'Tuol'],
  ['ព្រៃ', 'Prey'],
  ['ស្វាយ', 'Svay'],
  ['ស្រះ', 'Srah'],
  ['បឹង', 'Boeng'],
  ['អូរ', 'Ou'],
  ['កោះ', 'Kaoh'],
  ['ភ្នំ', 'Phnum'],
  ['ស្ពាន', 'Spean'],
  ['វត្ត', 'Voat'],
  ['ចំការ', 'Chamkar'],
  ['ស្រែ', 'Srae'],
  ['ក្រាំង', 'Krang'],
  ['ដូង', 'Doung'],
  ['ត្នោត', 'Tnaot'],
  ['អំពិល', 'Ampil'],
  ['ឫស្សី', 'Ruessei'],
  ['ក្រសាំង', 'Krasang'],
  ['សំរោង', 'Samraong'],
  ['ពោធិ៍', 'Pou'],
  ['តា', 'Ta'],
  ['ថ្នល់', 'Thnal'],
  ['ផ្សារ', 'Phsar'],
  ['ក្បាល', 'Kbal'],
  ['ជ្រោយ', 'Chrouy'],
  ['ដើម', 'Daeum'],
  ['ស្លែង', 'Slaeng'],
  ['ល្វា', 'Lvea'],
];
const qualifiers: [kh: string, en: string][] = [
  ['ថ្មី', 'Thmei'],
  ['ចាស់', 'Chas'],
  ['ធំ', 'Thum'],
  ['តូច', 'Touch'],
  ['ក្រហម', 'Krahom'],
  ['ស', 'Sa'],
  ['ខ្មៅ', 'Khmau'],
  ['វែង', 'Veaeng'],
  ['ជ្រៅ', 'Chrou'],
  ['ឈូក', 'Chhuk'],
  ['ព្រីង', 'Pring'],
  ['ស្វាយ', 'Svay'],
  ['ដំរី', 'Damrei'],
  ['ក្របី', 'Krabei'],
  ['ខ្លា', 'Khla'],
  ['ចេក', 'Chek'],
  ['ត្របែក', 'Trabaek'],
  ['ពពេល', 'Popel'],
  ['ទទឹង', 'Totueng'],
  ['ប្រាំង', 'Prang'],
  ['ត្រាច', 'Trach'],
  ['រលួស', 'Roluos'],
  ['ស្លា', 'Sla'],
  ['អង្គ', 'Angk'],
  ['ព្រះ', 'Preah'],
  ['ក្រញូង', 'Kranhung'],
  ['ច្រេស', 'Chres'],
  ['ឫស្សី', 'Ruessei'],
  ['ថ្ម', 'Thma'],
  ['អំពៅ', 'Ampov'],
];
const positions: [kh: string, en: string][] = [
  ['', ''],
  ['', ''],
  ['', ''],
  ['', ''],
  ['ខាងជើង', 'Khang Cheung'],
  ['ខាងត្បូង', 'Khang Tboung'],
  ['លើ', 'Leu'],
  ['ក្រោម', 'Kraom'],
  ['កណ្ដាល', 'Kandal'],
  ['កើត', 'Kaeut'],
  ['លិច', 'Lech'],
  ['ទី១', 'Ti Muoy'],
];

/** SQL literals of fixed strings above (no user input). */
const textArray = (values: string[]) =>
  `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;

/** A name picked by a hash of `seedExpression`: Khmer parts joined as written, Latin with spaces. */
const composedName = (seedExpression: string) => {
  const hash = `(hashint4(${seedExpression})::bigint + 2147483648)`;
  const part = (list: [string, string][], language: 0 | 1, divisor: number) =>
    `(${textArray(list.map((entry) => entry[language]))})[1 + (${hash} / ${divisor}) % ${list.length}]`;
  const a = placeWords.length;
  const b = a * qualifiers.length;
  const kh = `${part(placeWords, 0, 1)} || ${part(qualifiers, 0, a)} || ${part(positions, 0, b)}`;
  const en = `trim(${part(placeWords, 1, 1)} || ' ' || ${part(qualifiers, 1, a)} || ' ' || ${part(positions, 1, b)})`;
  return `jsonb_build_object('kh', ${kh}, 'en', ${en})`;
};

/**
 * Districts `PP50`..: codes above the gazetteer's (under 30 per province), so they never collide with
 * the starting places; communes and villages follow the gazetteer's code lengths (6 and 8 digits).
 */
const seedStatements = [
  `insert into districts (code, name, province_id)
   select p.code || (50 + d)::text, ${composedName('p.id * 10 + d + 7')}, p.id
   from (select id, code from provinces order by code limit ${provinceCount}) p,
        generate_series(0, ${districtsPerProvince - 1}) d`,
  `insert into communes (code, name, district_id)
   select d.code || lpad(c::text, 2, '0'), ${composedName('d.id * 100 + c + 1000003')}, d.id
   from districts d, generate_series(1, ${communesPerDistrict}) c
   where substr(d.code, 3, 2)::int >= 50`,
  `insert into villages (code, name, commune_id)
   select c.code || lpad(v::text, 2, '0'), ${composedName('c.id * 100 + v')}, c.id
   from communes c, generate_series(0, ${villagesPerCommune - 1}) v
   where substr(c.code, 3, 2)::int >= 50`,
];

/** A pseudo-random 0..n-1 from the row number and a salt (hashint4 is in PostgreSQL and PGlite). */
const pick = (salt: number, n: number) => `((hashint4(g * 31 + ${salt})::bigint + 2147483648) % ${n})::int`;

/** `childCount` children in one statement: names from the lists above, offices and statuses spread. */
const childGeneration = (childCount: number) => `
  insert into child_infos (code, family_name_kh, given_name_kh, family_name_en, given_name_en, sex,
    date_of_birth, head_office_id, status)
  select 'BL-C-' || lpad(g::text, 7, '0'), f.kh, n.kh, f.en, n.en,
    case when g % 2 = 0 then 'male' else 'female' end,
    current_date - ${pick(7, 6570)}, o.ids[1 + ${pick(3, 1000)} % array_length(o.ids, 1)],
    (array['registered', 'adoptable', 'matched', 'adopted'])[1 + ${pick(9, 4)}]
  from generate_series(1, ${childCount}) g
  cross join (select array_agg(id order by id) as ids from head_offices) o
  cross join lateral (select (${textArray(familyNames.map((name) => name[0]))})[1 + ${pick(1, familyNames.length)}] as kh,
    (${textArray(familyNames.map((name) => name[1]))})[1 + ${pick(1, familyNames.length)}] as en) f
  cross join lateral (select (${textArray(givenNames.map((name) => name[0]))})[1 + ${pick(2, givenNames.length)}] as kh,
    (${textArray(givenNames.map((name) => name[1]))})[1 + ${pick(2, givenNames.length)}] as en) n`;

/** Issue 26: the child list at a million rows on PostgreSQL (database `bench_lists`). */
const childrenAtScale = async () => {
  const reuse = process.env.BENCH_REUSE === '1';
  const childCount = Number(process.env.BENCH_CHILDREN ?? 1_000_000);
  const runs = Number(process.env.BENCH_RUNS ?? 50);
  const { app, close } = await openBenchApp({ databaseName: 'bench_lists', reuse });
  try {
    let generated = 'reused';
    if (!reuse) {
      const started = performance.now();
      await app.db.execute(sql.raw(childGeneration(childCount)));
      // As the villages: PostgreSQL's autovacuum analyzes a freshly loaded table within a minute.
      await app.db.execute(sql.raw('vacuum analyze child_infos'));
      generated = `generated and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    }
    const [{ count: children }] = await app.db.select({ count: sql<number>`count(*)::int` }).from(childInfos);
    const limit = app.config.exactCountLimit ?? defaultExactCountLimit;
    const { base, accessToken } = await listenAsAdmin(app);
    /** One list call; answers its total, marked `~` when it is the estimate. */
    const list = async (query: Record<string, string | number>) => {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
      const response = await fetch(`${base}/child-infos?${search}`, {
        headers: { authorization: `Bearer ${accessToken}`, locale: 'kh' },
      });
      if (response.status !== 200) throw new Error(`${search} answered ${response.status}`);
      const { paginateMeta } = (await response.json()) as {
        paginateMeta: { itemCount: number; totalExact: boolean };
      };
      return `${paginateMeta.totalExact ? '' : '~'}${paginateMeta.itemCount}`;
    };
    const page1 = { page: 1, take: 10 };
    const lastPage = Math.ceil(children / 10);
    const cases: [label: string, query: Record<string, string | number>][] = [
      ['page 1, take 10 (sort code)', page1],
      ['page 50,000, take 10', { page: 50_000, take: 10 }],
      [`page ${lastPage} (the last), take 10`, { page: lastPage, take: 10 }],
      ['search Latin "sok" (a common name)', { ...page1, search: 'sok' }],
      ['search Latin "chan dara" (2 words)', { ...page1, search: 'chan dara' }],
      ['search Khmer "សុខ"', { ...page1, search: 'សុខ' }],
      ['search Khmer "ហេង"', { ...page1, search: 'ហេង' }],
      ['search a code "BL-C-0500000"', { ...page1, search: 'BL-C-0500000' }],
      ['filter status adoptable', { ...page1, status: 'adoptable' }],
    ];
    console.log(
      `\nDatabase: PostgreSQL (bench_lists); ${children} children ${generated}; exact counts up to ` +
        `${limit} (~ marks an estimate); ${machineNote()}`,
    );
    await printTimingTable(
      'GET /child-infos',
      cases.map(([label, query]): TTimingCase => [label, () => list(query), runs]),
    );
    console.log(machineNote());
  } finally {
    await close(reuse || process.env.BENCH_KEEP === '1');
  }
};

const main = async () => {
  if (process.env.BENCH_SKIP_VILLAGES !== '1') await villagesRun();
  if (process.env.DATABASE_URL) await childrenAtScale();
};

const villagesRun = async () => {
  const { app, postgres, close } = await openBenchApp();
  try {
    const seedStart = performance.now();
    for (const statement of seedStatements) await app.db.execute(sql.raw(statement));
    // PostgreSQL's autovacuum analyzes and vacuums a freshly loaded table within a minute; on PGlite
    // the server does it at start and analyzes every ten minutes (server/db/client.ts). Measure the
    // state a running server reaches; BENCH_VACUUM=0 measures the table before any of that.
    const vacuumed = postgres || process.env.BENCH_VACUUM !== '0';
    if (vacuumed) await app.db.execute(sql.raw('vacuum analyze districts, communes, villages'));
    const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);
    const [{ count: villageCount }] = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(villages);
    // A commune of the seeded ones (and its district), for the filter cases.
    const [place] = await app.db
      .select({ communeId: communes.id, districtId: communes.districtId })
      .from(communes)
      .where(sql`substr(${communes.code}, 3, 2)::int >= 50`)
      .orderBy(communes.code)
      .limit(1)
      .offset(500);

    const { base, accessToken } = await listenAsAdmin(app);

    /** One list call; answers the number of matching rows, so each case shows its selectivity. */
    const list = async (query: Record<string, string | number>, locale: string) => {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
      const response = await fetch(`${base}/villages?${search}`, {
        headers: { authorization: `Bearer ${accessToken}`, locale },
      });
      if (response.status !== 200) throw new Error(`${search} answered ${response.status}`);
      const body = (await response.json()) as { paginateMeta: { itemCount: number } };
      return body.paginateMeta.itemCount;
    };

    const page1 = { page: 1, take: 10 };
    const cases: [label: string, query: Record<string, string | number>, locale?: string][] = [
      ['page 1, take 10 (sort code)', page1],
      ['page 5000, take 10', { page: 5000, take: 10 }],
      ['page 1, take 1000', { page: 1, take: 1000 }],
      ['page 100, take 1000 (the last)', { page: 100, take: 1000 }],
      ['search Latin "trapeang"', { ...page1, search: 'trapeang' }],
      ['search Latin "svay thmei" (2 words)', { ...page1, search: 'svay thmei' }],
      ['search Khmer "ស្វាយ"', { ...page1, search: 'ស្វាយ' }],
      ['search Khmer "ត្រពាំងឈូក"', { ...page1, search: 'ត្រពាំងឈូក' }],
      ['search code "0150"', { ...page1, search: '0150' }],
      ['sort name desc (kh)', { ...page1, sort: 'name', order: 'desc' }],
      ['sort name asc (en), page 300', { page: 300, take: 10, sort: 'name' }, 'en'],
      ['sort commune desc (kh)', { ...page1, sort: 'commune', order: 'desc' }],
      ['filter communeId', { ...page1, communeId: place.communeId }],
      ['filter districtId', { ...page1, districtId: place.districtId }],
    ];

    console.log(
      `Database: ${postgres ? 'PostgreSQL' : 'PGlite'}${vacuumed ? ' (vacuum analyze after seeding)' : ''}; ` +
        `${villageCount} villages seeded in ${seedSeconds} s; ${machineNote()}`,
    );
    await printTimingTable(
      'GET /villages',
      cases.map(
        ([label, query, locale = 'kh']): TTimingCase => [
          label,
          () => list(query, locale),
          Number(query.take) > 10 ? 50 : 100,
        ],
      ),
    );
  } finally {
    await close();
  }
};

runBench(main);
