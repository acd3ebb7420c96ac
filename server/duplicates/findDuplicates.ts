import { and, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import {
  duplicateLimit,
  type TDuplicateKind,
  type TDuplicateMatch,
  type TDuplicateReason,
  thresholdShare,
} from '../../src/domain/duplicates';
import { childSexes } from '../../src/domain/resources/child';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';
import { rowsOf } from '../db/rowsOf';
import { officeCondition } from '../resources/officeScope';
import { readSettings } from '../settings/readSettings';
import type { TDuplicateBinding, TDuplicatePerson, TDuplicatePersonColumns } from './binding';

/**
 * The duplicate check (issue 35): which stored records may be the one a body describes. Every
 * branch of its query is led by a btree (migration 0029), so a check reads a few hundred rows of a
 * million (docs/performance.md, `npm run bench:duplicates`):
 * - the same sex and date of birth (`(sex, date_of_birth)`: about 80 children of a million), their
 *   names scored;
 * - a date of birth within a year when either is estimated: those of the same sex and given name in
 *   either script (`(sex, given name, date_of_birth)`), their names scored;
 * - no date of birth yet (the form is being filled in): those of the same sex and given name;
 * - the same national id (an applicant's), by its btree.
 * Names are compared in both scripts with pg_trgm's `similarity` (romanisations differ: Sok and
 * Sokh, Chan and Chanh are 0.7–0.8 alike). A trigram index cannot lead: a common family name shares
 * its trigrams with a tenth of the children (docs/decisions.md). The sex must agree. Records out of
 * the user's office, merged records and `excludeIds` do not exist for it.
 */

const bindings = new Map<TDuplicateKind, TDuplicateBinding>();

/** A module's binding (app.ts registers each module's `duplicates`). */
export const registerDuplicateBinding = (binding: TDuplicateBinding) => {
  bindings.set(binding.kind, binding);
};

export const duplicateBindingOf = (kind: TDuplicateKind): TDuplicateBinding => {
  const binding = bindings.get(kind);
  if (!binding) throw new Error(`no duplicate binding for ${kind}: is its module registered?`);
  return binding;
};

/** How much each part weighs in the score; a part the candidate or the record lacks is left out. */
const weights = { name: 0.5, dateOfBirth: 0.3, birthProvince: 0.15, nationality: 0.05 } as const;
/** A name at least this similar (0–1) in a script is a reason (`similarNameKh`, `similarNameEn`). */
const similarName = 0.5;
/** A record is a candidate only with a name at least this similar (pg_trgm's own `%` threshold). */
const nameFloor = 0.3;
/** Matches below this score are not answered (the form would list every namesake). */
export const answerFloor = 0.5;
/** The same national id number is this alike at least, whatever the names say. */
const sameIdScore = 0.95;
/** Rows one branch reads at most (a name-only search of a common name). */
const branchLimit = 50;

type TComponents = {
  id: number;
  simKh: number | null;
  simEn: number | null;
  dobExact: boolean | null;
  dobNear: boolean | null;
  sameProvince: boolean | null;
  sameNationality: boolean | null;
  sameNationalId: boolean | null;
};

/** A person's score (0–1) and reasons from what the database compared. */
export const scorePerson = (
  person: TDuplicatePerson,
  row: Omit<TComponents, 'id'>,
): { score: number; reasons: TDuplicateReason[] } => {
  const reasons: TDuplicateReason[] = [];
  let total = 0;
  let weight = 0;
  const nameScores = [row.simKh, row.simEn].filter((value): value is number => value !== null);
  if (nameScores.length > 0) {
    total += weights.name * Math.max(...nameScores.map(Number));
    weight += weights.name;
  }
  if (row.simKh !== null && Number(row.simKh) >= similarName) reasons.push('similarNameKh');
  if (row.simEn !== null && Number(row.simEn) >= similarName) reasons.push('similarNameEn');
  if (person.dateOfBirth) {
    weight += weights.dateOfBirth;
    if (row.dobExact) {
      total += weights.dateOfBirth;
      reasons.unshift('sameDateOfBirth');
    } else if (row.dobNear) {
      total += weights.dateOfBirth / 2;
      reasons.unshift('nearDateOfBirth');
    }
  }
  if (row.sameProvince !== null) {
    weight += weights.birthProvince;
    if (row.sameProvince) {
      total += weights.birthProvince;
      reasons.push('sameBirthProvince');
    }
  }
  if (row.sameNationality !== null) {
    weight += weights.nationality;
    if (row.sameNationality) total += weights.nationality;
  }
  let score = weight > 0 ? total / weight : 0;
  if (row.sameNationalId) {
    score = Math.max(score, sameIdScore);
    reasons.push('sameNationalId');
  }
  return { score: Math.round(score * 1000) / 1000, reasons };
};

const text = (value: unknown): string | null => {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? null : trimmed;
};

/** A whole name in one script from its family and given parts (either alone), null when neither. */
export const wholeNameOf = (family: unknown, given: unknown): string | null => {
  const parts = [text(family), text(given)].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : null;
};

/** An id or null. */
export const idOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/** A yyyy-mm-dd day or null. */
export const dayOf = (value: unknown): string | null =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;

/** The conditions and compared parts of one candidate person against one stored person. */
const personQuery = (
  binding: TDuplicateBinding,
  person: TDuplicatePerson,
  slot: TDuplicatePersonColumns,
  base: SQL,
) => {
  const id = binding.columns.id;
  const simKh = person.nameKh ? sql`similarity(${slot.nameKh}, ${person.nameKh}::text)` : sql`null::real`;
  const simEn = person.nameEn ? sql`similarity(${slot.nameEn}, ${person.nameEn}::text)` : sql`null::real`;
  const dob = person.dateOfBirth;
  const near = dob
    ? sql`${slot.dateOfBirth} between (${dob}::date - interval '1 year')::date and (${dob}::date + interval '1 year')::date`
    : sql`false`;
  const compared = sql`select ${id} as id, ${simKh} as "simKh", ${simEn} as "simEn",
    ${dob ? sql`${slot.dateOfBirth} = ${dob}::date` : sql`null::boolean`} as "dobExact",
    ${dob ? near : sql`null::boolean`} as "dobNear",
    ${person.birthProvinceId !== null && slot.birthProvinceId ? sql`(${slot.birthProvinceId} = ${person.birthProvinceId}::int)` : sql`null::boolean`} as "sameProvince",
    ${person.nationalityId !== null && slot.nationalityId ? sql`(${slot.nationalityId} = ${person.nationalityId}::int)` : sql`null::boolean`} as "sameNationality",
    ${person.nationalId && slot.nationalId ? sql`(${slot.nationalId} = ${person.nationalId}::text)` : sql`null::boolean`} as "sameNationalId"
    from ${binding.table} where ${base}`;
  // Every branch names the sex, so a btree led by it is used (both sexes when none is said yet).
  const sexes = person.sex ? [person.sex] : [...childSexes];
  const sex = sql`${slot.sex} in (${sql.join(
    sexes.map((value) => sql`${value}::text`),
    sql`, `,
  )})`;
  const similarOnRows = sql.join(
    [
      ...(person.nameKh ? [sql`${simKh} >= ${nameFloor}`] : []),
      ...(person.nameEn ? [sql`${simEn} >= ${nameFloor}`] : []),
    ],
    sql` or `,
  );
  const hasName = Boolean(person.nameKh || person.nameEn);
  /** The branch led by the given name in each script the candidate has one in. */
  const byGivenName = (condition: SQL) =>
    [
      ...(person.givenKh ? [sql`${slot.givenKh} = ${person.givenKh}::text`] : []),
      ...(person.givenEn ? [sql`${slot.givenEn} = ${person.givenEn}::text`] : []),
    ].map(
      (given) =>
        sql`(${compared} and ${sex} and ${given} and ${condition} and (${similarOnRows}) limit ${branchLimit})`,
    );
  const branches: SQL[] = [];
  if (hasName && dob) {
    // The same date: the few children of that sex born that day, their names scored.
    branches.push(
      sql`(${compared} and ${sex} and ${slot.dateOfBirth} = ${dob}::date and (${similarOnRows}))`,
    );
    // A date within a year counts when either date is estimated (a stored one, or the candidate's):
    // among those of the same given name in either script.
    const estimated = person.estimated ? sql`true` : slot.estimated ? sql`${slot.estimated}` : undefined;
    if (estimated)
      branches.push(...byGivenName(sql`${near} and ${slot.dateOfBirth} <> ${dob}::date and ${estimated}`));
  } else if (hasName) {
    // No date yet (the form is being filled in): those of the same given name.
    branches.push(...byGivenName(sql`true`));
  }
  if (person.nationalId && slot.nationalId)
    branches.push(
      sql`(${compared} and ${slot.nationalId} = ${person.nationalId}::text limit ${branchLimit})`,
    );
  return branches;
};

export type TFindOptions = {
  actor: Pick<TAuthUser, 'officeScope'>;
  excludeIds?: readonly number[];
  limit?: number;
  /** Matches scoring at least this (default: `answerFloor`). */
  floor?: number;
};

/**
 * The stored records that may be the one `candidate` (create-body field names, partial) describes:
 * at most `limit` (10), best first, each with its score and reasons.
 */
export const findDuplicates = async (
  db: TDbOrTx,
  kind: TDuplicateKind,
  candidate: Record<string, unknown>,
  options: TFindOptions,
): Promise<TDuplicateMatch[]> => {
  const binding = duplicateBindingOf(kind);
  const limit = Math.min(options.limit ?? duplicateLimit, 100);
  const floor = options.floor ?? answerFloor;
  const persons = binding
    .candidatePersons(candidate)
    .filter((person) => person.nameKh || person.nameEn || person.nationalId);
  if (persons.length === 0) return [];
  const { columns } = binding;
  const excluded = (options.excludeIds ?? []).filter((id) => Number.isInteger(id));
  const base = and(
    isNull(columns.mergedInto),
    officeCondition(columns.headOffice, options.actor),
    excluded.length > 0 ? notInArray(columns.id, [...excluded]) : undefined,
  ) as SQL;
  const found: TFound = new Map();
  for (const person of persons) {
    const branches = binding.persons.flatMap((slot) => personQuery(binding, person, slot, base));
    if (branches.length === 0) continue;
    collect(found, person, await rowsOf<TComponents>(db, sql.join(branches, sql` union all `)), floor);
  }
  const best = bestOf(found, limit);
  if (best.length === 0) return [];
  return matchesOf(best, await shownOf(db, binding, best));
};

/** What one candidate's query found so far: each stored record's best score and all its reasons. */
type TFound = Map<number, { score: number; reasons: Set<TDuplicateReason> }>;

/** Scores the compared rows of one person of a candidate into `found` (the single and the batched call alike). */
const collect = (found: TFound, person: TDuplicatePerson, rows: readonly TComponents[], floor: number) => {
  for (const row of rows) {
    const { score, reasons } = scorePerson(person, row);
    const named = [row.simKh, row.simEn].some((value) => value !== null && Number(value) >= nameFloor);
    if (score < floor || !(named || row.sameNationalId)) continue;
    const id = Number(row.id);
    const entry = found.get(id);
    if (!entry) found.set(id, { score, reasons: new Set(reasons) });
    else {
      entry.score = Math.max(entry.score, score);
      for (const reason of reasons) entry.reasons.add(reason);
    }
  }
};

/** The `limit` best of what was found, best first (ties by id). */
const bestOf = (found: TFound, limit: number) =>
  [...found.entries()].sort(([idA, a], [idB, b]) => b.score - a.score || idA - idB).slice(0, limit);

type TShown = Map<
  number,
  { code: unknown; status: unknown; nameKh: unknown; nameEn: unknown; dateOfBirth: unknown }
>;

/** What a match shows of the records `best` names, in one query. */
const shownOf = async (
  db: TDbOrTx,
  binding: TDuplicateBinding,
  best: readonly (readonly [number, unknown])[],
): Promise<TShown> => {
  const { columns } = binding;
  const shown = await db
    .select({
      id: columns.id,
      code: columns.code,
      status: columns.status,
      nameKh: binding.display.nameKh,
      nameEn: binding.display.nameEn,
      dateOfBirth: binding.display.dateOfBirth,
    })
    .from(binding.table)
    .where(
      inArray(
        columns.id,
        best.map(([id]) => id),
      ),
    );
  return new Map(shown.map((row) => [Number(row.id), row]));
};

const matchesOf = (best: ReturnType<typeof bestOf>, byId: TShown): TDuplicateMatch[] =>
  best.flatMap(([id, { score, reasons }]) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        id,
        code: String(row.code),
        score: Math.min(1, Math.max(0, score)),
        reasons: reasonOrder.filter((reason) => reasons.has(reason)),
        nameKh: (row.nameKh as string | null) ?? null,
        nameEn: (row.nameEn as string | null) ?? null,
        dateOfBirth: row.dateOfBirth === null ? null : String(row.dateOfBirth).slice(0, 10),
        status: String(row.status),
      },
    ];
  });

/** Candidates one batched query compares (its rows are a single jsonb parameter). */
const batchChunk = 500;

/**
 * The stored persons a chunk of candidate persons may be, in one query: the candidates' keys as rows
 * (`jsonb_to_recordset`, one parameter), each joined laterally to the branches of the single query
 * on the same btrees (the same date and sex; the same sex and given name within a year, or without a
 * date; the same national id). The compared parts are those of `personQuery`, tagged by `k`.
 */
const batchQuery = (binding: TDuplicateBinding, slot: TDuplicatePersonColumns, base: SQL, keys: SQL) => {
  const id = binding.columns.id;
  const simKh = sql`similarity(${slot.nameKh}, c."nameKh")`;
  const simEn = sql`similarity(${slot.nameEn}, c."nameEn")`;
  const near = sql`${slot.dateOfBirth} between (c.dob - interval '1 year')::date and (c.dob + interval '1 year')::date`;
  const compared = sql`select ${id} as id, ${simKh} as "simKh", ${simEn} as "simEn",
    ${slot.dateOfBirth} = c.dob as "dobExact",
    ${near} as "dobNear",
    ${slot.birthProvinceId ? sql`(${slot.birthProvinceId} = c.prov)` : sql`null::boolean`} as "sameProvince",
    ${slot.nationalityId ? sql`(${slot.nationalityId} = c.nat)` : sql`null::boolean`} as "sameNationality",
    ${slot.nationalId ? sql`(${slot.nationalId} = c."nationalId")` : sql`null::boolean`} as "sameNationalId"
    from ${binding.table} where ${base} and ${id} is distinct from c.self and ${slot.sex} = c.sex`;
  // A name missing in a script compares as null: never at the floor (as the single query leaves it out).
  const similarOnRows = sql`(${simKh} >= ${nameFloor} or ${simEn} >= ${nameFloor})`;
  const estimated = slot.estimated ? sql`(c.est or ${slot.estimated})` : sql`c.est`;
  const byGivenName = (given: SQL) =>
    sql`(${compared} and ${given} and (c.dob is null or (${near} and ${slot.dateOfBirth} <> c.dob and ${estimated})) and ${similarOnRows} limit ${branchLimit})`;
  const branches = [
    sql`(${compared} and ${slot.dateOfBirth} = c.dob and ${similarOnRows})`,
    byGivenName(sql`c."givenKh" is not null and ${slot.givenKh} = c."givenKh"`),
    byGivenName(sql`c."givenEn" is not null and ${slot.givenEn} = c."givenEn"`),
    ...(slot.nationalId
      ? [
          sql`(${compared} and c."nationalId" is not null and ${slot.nationalId} = c."nationalId" limit ${branchLimit})`,
        ]
      : []),
  ];
  return sql`select c.k, b.* from ${keys} cross join lateral (${sql.join(branches, sql` union all `)}) b`;
};

/**
 * `findDuplicates` for many candidates at once (the import's dry run and commit, issue 35): one
 * query per chunk of candidates and person slot, scored exactly as the single call; the answer's
 * i-th list is what `findDuplicates(db, kind, candidates[i], options)` answers. `excludeOwnId`
 * leaves out each candidate's own `id` (a stored record's pairs).
 */
export const findDuplicatesMany = async (
  db: TDbOrTx,
  kind: TDuplicateKind,
  candidates: readonly Record<string, unknown>[],
  options: TFindOptions & { excludeOwnId?: boolean },
): Promise<TDuplicateMatch[][]> => {
  const binding = duplicateBindingOf(kind);
  const limit = Math.min(options.limit ?? duplicateLimit, 100);
  const floor = options.floor ?? answerFloor;
  const { columns } = binding;
  const excluded = (options.excludeIds ?? []).filter((id) => Number.isInteger(id));
  const base = and(
    isNull(columns.mergedInto),
    officeCondition(columns.headOffice, options.actor),
    excluded.length > 0 ? notInArray(columns.id, [...excluded]) : undefined,
  ) as SQL;
  // One key row per candidate person and sex (a person of no sex yet is compared with both, as the
  // single query's `sex in (...)`).
  const persons: { candidate: number; person: TDuplicatePerson }[] = [];
  const keyRows: Record<string, unknown>[] = [];
  candidates.forEach((candidate, index) => {
    const self = options.excludeOwnId ? idOf(candidate.id) : null;
    for (const person of binding.candidatePersons(candidate)) {
      if (!(person.nameKh || person.nameEn || person.nationalId)) continue;
      const k = persons.push({ candidate: index, person }) - 1;
      for (const sex of person.sex ? [person.sex] : childSexes)
        keyRows.push({
          k,
          nameKh: person.nameKh,
          nameEn: person.nameEn,
          givenKh: person.givenKh,
          givenEn: person.givenEn,
          sex,
          dob: person.dateOfBirth,
          est: person.estimated,
          prov: person.birthProvinceId,
          nat: person.nationalityId,
          nationalId: person.nationalId,
          self,
        });
    }
  });
  const rowsOfPerson = new Map<number, TComponents[]>();
  for (let start = 0; start < keyRows.length; start += batchChunk) {
    const keys = sql`jsonb_to_recordset(${JSON.stringify(keyRows.slice(start, start + batchChunk))}::jsonb)
      as c(k int, "nameKh" text, "nameEn" text, "givenKh" text, "givenEn" text, sex text, dob date,
           est boolean, prov int, nat int, "nationalId" text, self int)`;
    for (const slot of binding.persons)
      for (const row of await rowsOf<TComponents & { k: number }>(
        db,
        batchQuery(binding, slot, base, keys),
      )) {
        const list = rowsOfPerson.get(Number(row.k)) ?? [];
        if (list.length === 0) rowsOfPerson.set(Number(row.k), list);
        list.push(row);
      }
  }
  const founds = candidates.map((): TFound => new Map());
  persons.forEach(({ candidate, person }, k) => {
    collect(founds[candidate], person, rowsOfPerson.get(k) ?? [], floor);
  });
  const bests = founds.map((found) => bestOf(found, limit));
  const shownIds = [...new Set(bests.flatMap((best) => best.map(([id]) => id)))];
  const shown: TShown = new Map();
  for (let start = 0; start < shownIds.length; start += 5000)
    for (const [id, row] of await shownOf(
      db,
      binding,
      shownIds.slice(start, start + 5000).map((id) => [id, null] as const),
    ))
      shown.set(id, row);
  return bests.map((best) => matchesOf(best, shown));
};

const reasonOrder: readonly TDuplicateReason[] = [
  'sameNationalId',
  'sameDateOfBirth',
  'nearDateOfBirth',
  'similarNameKh',
  'similarNameEn',
  'sameBirthProvince',
];

/** The settings' threshold (0–1): a create whose best match scores this or more is refused (409). */
export const duplicateThreshold = async (db: TDbOrTx): Promise<number> =>
  thresholdShare(Number((await readSettings(db)).duplicateThresholdPercent));
