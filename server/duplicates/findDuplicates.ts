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
  const found = new Map<number, { score: number; reasons: Set<TDuplicateReason> }>();
  for (const person of persons) {
    const branches = binding.persons.flatMap((slot) => personQuery(binding, person, slot, base));
    if (branches.length === 0) continue;
    const rows = await rowsOf<TComponents>(db, sql.join(branches, sql` union all `));
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
  }
  const best = [...found.entries()]
    .sort(([idA, a], [idB, b]) => b.score - a.score || idA - idB)
    .slice(0, limit);
  if (best.length === 0) return [];
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
  const byId = new Map(shown.map((row) => [Number(row.id), row]));
  return best.flatMap(([id, { score, reasons }]) => {
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
