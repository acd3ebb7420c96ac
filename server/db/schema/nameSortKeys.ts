import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `family given` in one script, null when both are empty: the same text as recordSql's `fullName`,
 * written with immutable functions only (`concat_ws` is not), so that an index can hold it.
 */
const wholeName = (family: PgColumn, given: PgColumn) =>
  sql`nullif(trim(coalesce(trim(${family}), '') || ' ' || coalesce(trim(${given}), '')), '')`;

type TChildNames = Record<'familyNameKh' | 'givenNameKh' | 'familyNameEn' | 'givenNameEn', PgColumn>;
type TApplicantNames = Record<`applicant${1 | 2}${'FamilyName' | 'GivenName'}${'Kh' | 'En'}`, PgColumn>;

/**
 * Sort keys of the matchings' list by name (issue 13), held by expression indexes on child_infos
 * and parent_infos: a sort by name then walks an index and stops after one page, where the join of
 * every matching with its child and family took 60 to 140 ms over 20,000 (docs/performance.md).
 * Each gives the text of recordSql's `childNameSql` / `applicantsNameSql`, so rows sort as shown.
 * The list's sort and the index must use the very same expression, hence this one place.
 */
export const nameSortKeys = {
  /** The child's name in Khmer, else in Latin letters. */
  child: (c: TChildNames): SQL =>
    sql`coalesce(${wholeName(c.familyNameKh, c.givenNameKh)}, ${wholeName(c.familyNameEn, c.givenNameEn)})`,
  /** `first & second` applicant, each in Khmer else in Latin letters; either alone; null if none. */
  applicants: (p: TApplicantNames): SQL => {
    const first = sql`coalesce(${wholeName(p.applicant1FamilyNameKh, p.applicant1GivenNameKh)}, ${wholeName(p.applicant1FamilyNameEn, p.applicant1GivenNameEn)})`;
    const second = sql`coalesce(${wholeName(p.applicant2FamilyNameKh, p.applicant2GivenNameKh)}, ${wholeName(p.applicant2FamilyNameEn, p.applicant2GivenNameEn)})`;
    return sql`coalesce(${first} || ' & ' || ${second}, ${first}, ${second})`;
  },
};
