/**
 * Benchmark of the duplicate check (issue 35: ≤ 50 ms p95 at 1,000,000 children on PostgreSQL)
 * through the real HTTP server: `POST /child-infos/duplicate-check` as the form sends it and as a
 * create asks it. Generates BENCH_CHILDREN (default 1,000,000) children in SQL in the database
 * `bench_duplicates`: 12 family names × 400 given names (two parts) in both scripts, both sexes,
 * birth dates over 18 years (one in ten estimated), ten birth provinces; then times each case and
 * prints p50/p95/max with how many matches it answered.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:duplicates
 *      (BENCH_KEEP=1 keeps the database, BENCH_REUSE=1 times a kept one without generating it)
 *      Without DATABASE_URL it runs on PGlite in a temporary directory (BENCH_CHILDREN smaller).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/db/rowsOf';
import { childInfos } from '../../server/db/schema';
import type { TTimingCase } from './benchKit';
import { listenAsAdmin, machineNote, openBenchApp, printTimingTable, runBench } from './benchKit';
import { familyNames } from './programmeGeneration';

/** Given names are two of these (Sreymom, Sokhadara...): 400 of them. */
const givenParts: [kh: string, en: string][] = [
  ['ដារ៉ា', 'Dara'],
  ['សុភា', 'Sophea'],
  ['វណ្ណា', 'Vanna'],
  ['បុប្ផា', 'Bopha'],
  ['សុខា', 'Sokha'],
  ['ពិសី', 'Pisey'],
  ['រិទ្ធី', 'Rithy'],
  ['ចិន្តា', 'Chenda'],
  ['កុសល', 'Kosal'],
  ['ស្រី', 'Srey'],
  ['វាសនា', 'Veasna'],
  ['មករា', 'Makara'],
  ['សុធា', 'Sothea'],
  ['ធីតា', 'Thida'],
  ['ពិសិដ្ឋ', 'Piseth'],
  ['ណារី', 'Nary'],
  ['វិជ្ជា', 'Vichea'],
  ['សំណាង', 'Samnang'],
  ['រតនា', 'Rathana'],
  ['មុំ', 'Mom'],
];

const textArray = (values: string[]) =>
  `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (salt: number, n: number) => `((hashint4(g * 31 + ${salt})::bigint + 2147483648) % ${n})::int`;
const from = (list: [string, string][], language: 0 | 1, salt: number) =>
  `(${textArray(list.map((entry) => entry[language]))})[1 + ${pick(salt, list.length)}]`;

/** `count` children in one statement (ids after `offset`). */
const childGeneration = (count: number, offset: number) => `
  insert into child_infos (code, family_name_kh, given_name_kh, family_name_en, given_name_en, sex,
    date_of_birth, date_of_birth_estimated, birth_province_id, head_office_id, status)
  select 'BD-C-' || lpad(g::text, 7, '0'), ${from(familyNames, 0, 1)}, ${from(givenParts, 0, 2)} || ${from(givenParts, 0, 5)},
    ${from(familyNames, 1, 1)}, ${from(givenParts, 1, 2)} || lower(${from(givenParts, 1, 5)}),
    case when g % 2 = 0 then 'male' else 'female' end,
    current_date - ${pick(7, 6570)}, ${pick(11, 10)} = 0,
    p.ids[1 + ${pick(13, 10)} % array_length(p.ids, 1)],
    o.ids[1 + ${pick(3, 1000)} % array_length(o.ids, 1)],
    (array['registered', 'adoptable', 'matched', 'adopted'])[1 + ${pick(9, 4)}]
  from generate_series(${offset + 1}, ${offset + count}) g
  cross join (select array_agg(id order by id) as ids from head_offices) o
  cross join (select array_agg(id order by id) as ids from (select id from provinces order by code limit 10) p10) p`;

type TChildRow = {
  familyNameKh: string;
  givenNameKh: string;
  familyNameEn: string;
  givenNameEn: string;
  sex: string;
  dateOfBirth: string;
  estimated: boolean;
  birthProvinceId: number | null;
};

const main = async () => {
  const reuse = process.env.BENCH_REUSE === '1';
  const postgres = Boolean(process.env.DATABASE_URL);
  const childCount = Number(process.env.BENCH_CHILDREN ?? (postgres ? 1_000_000 : 100_000));
  const runs = Number(process.env.BENCH_RUNS ?? 100);
  const { app, close } = await openBenchApp({ databaseName: 'bench_duplicates', reuse });
  try {
    let generated = 'reused';
    if (!reuse) {
      const started = performance.now();
      for (let offset = 0; offset < childCount; offset += 250_000)
        await app.db.execute(sql.raw(childGeneration(Math.min(250_000, childCount - offset), offset)));
      await app.db.execute(sql.raw('vacuum analyze child_infos'));
      generated = `generated and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`;
    }
    const [{ count: children }] = await app.db.select({ count: sql<number>`count(*)::int` }).from(childInfos);
    /** Stored children to look for again: one registered exactly, one estimated. */
    const sample = async (estimated: boolean) => {
      const [row] = await rowsOf<TChildRow>(
        app.db,
        sql`select family_name_kh as "familyNameKh", given_name_kh as "givenNameKh", family_name_en as "familyNameEn",
              given_name_en as "givenNameEn", sex, date_of_birth::text as "dateOfBirth",
              date_of_birth_estimated as estimated, birth_province_id as "birthProvinceId"
            from child_infos where date_of_birth_estimated = ${estimated} and id > ${Math.floor(children / 2)}
            order by id limit 1`,
      );
      return row;
    };
    const exact = await sample(false);
    const estimated = await sample(true);
    const { base, accessToken } = await listenAsAdmin(app);
    const check = async (body: Record<string, unknown>) => {
      const response = await fetch(`${base}/child-infos/duplicate-check`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, locale: 'kh', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`duplicate-check answered ${response.status}`);
      const { data } = (await response.json()) as { data: { score: number }[] };
      return `${data.length} (best ${data[0]?.score ?? '-'})`;
    };
    const whole = (row: TChildRow) => ({
      familyNameKh: row.familyNameKh,
      givenNameKh: row.givenNameKh,
      familyNameEn: row.familyNameEn,
      givenNameEn: row.givenNameEn,
      sex: row.sex,
      dateOfBirth: row.dateOfBirth,
      dateOfBirthEstimated: row.estimated,
      birthProvinceId: row.birthProvinceId,
    });
    const cases: [label: string, body: Record<string, unknown>][] = [
      ["a stored child again (the create's check): names, sex, date, province", whole(exact)],
      [
        'a romanisation that differs (Latin only, `h` added), same date',
        {
          familyNameEn: `${exact.familyNameEn}h`,
          givenNameEn: exact.givenNameEn,
          sex: exact.sex,
          dateOfBirth: exact.dateOfBirth,
        },
      ],
      [
        'Khmer name only, sex and date',
        {
          familyNameKh: exact.familyNameKh,
          givenNameKh: exact.givenNameKh,
          sex: exact.sex,
          dateOfBirth: exact.dateOfBirth,
        },
      ],
      [
        'an estimated date (a year either side, by name)',
        { ...whole(estimated), dateOfBirthEstimated: true },
      ],
      [
        'the form being filled in: Latin name and sex, no date yet',
        { familyNameEn: exact.familyNameEn, givenNameEn: exact.givenNameEn, sex: exact.sex },
      ],
      [
        'the form being filled in: Khmer family and given name only',
        { familyNameKh: exact.familyNameKh, givenNameKh: exact.givenNameKh },
      ],
    ];
    console.log(
      `\nDatabase: ${postgres ? 'PostgreSQL' : 'PGlite'} (bench_duplicates); ${children} children ${generated}; ${machineNote()}`,
    );
    await printTimingTable(
      'POST /child-infos/duplicate-check',
      cases.map(([label, body]): TTimingCase => [label, () => check(body), runs]),
    );
    console.log(machineNote());
  } finally {
    await close(reuse || process.env.BENCH_KEEP === '1');
  }
};

runBench(main);
