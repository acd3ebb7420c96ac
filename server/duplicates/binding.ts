import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TDuplicateKind } from '../../src/domain/duplicates';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';
import type { TKeptRule } from '../resources/keptRecord';

/**
 * One person of a candidate record as the duplicate check compares it (a child; an applicant):
 * what the form or the import row says, each part null when not said.
 */
export type TDuplicatePerson = {
  nameKh: string | null;
  nameEn: string | null;
  /** The given name as its index holds it (`givenKeyOf`): Khmer trimmed, Latin lower case. */
  givenKh: string | null;
  givenEn: string | null;
  sex: string | null;
  /** yyyy-mm-dd */
  dateOfBirth: string | null;
  /** The date of birth is estimated: a stored one within a year of it is a near match. */
  estimated: boolean;
  birthProvinceId: number | null;
  nationalityId: number | null;
  /** A national id number (an applicant's), compared exactly. */
  nationalId: string | null;
};

/** Where one person of a stored record is: the columns (or the indexed expressions) of each part. */
export type TDuplicatePersonColumns = {
  /** The whole name in each script (schema/duplicateKeys.ts `duplicateNameKey`). */
  nameKh: SQL;
  nameEn: SQL;
  /** The given name as the btree `(sex, given, date of birth)` holds it (`duplicateGivenKey`). */
  givenKh: SQL;
  givenEn: SQL;
  sex: PgColumn;
  dateOfBirth: PgColumn;
  estimated?: PgColumn;
  birthProvinceId?: PgColumn | SQL;
  nationalityId?: PgColumn;
  nationalId?: PgColumn;
};

/**
 * What a module declares so the duplicate engine (server/duplicates) checks, lists and merges its
 * records (children: server/modules/children/childDuplicates.ts; applications:
 * server/modules/parents/parentDuplicates.ts). The engine names no area.
 */
export type TDuplicateBinding = {
  kind: TDuplicateKind;
  table: PgTable;
  /** The audit log's and timeline's name of the record (`child_infos`). */
  entity: string;
  /** `/child-infos`: the routes are served under it. */
  apiBase: string;
  /** `adoptive_children`: `:read` checks, `:write` creates, `:merge` merges. */
  permissionResource: string;
  /** OpenAPI tag of its routes. */
  tag: string;
  columns: {
    id: PgColumn;
    code: PgColumn;
    status: PgColumn;
    headOffice: PgColumn;
    mergedInto: PgColumn;
    mergedAt: PgColumn;
    formerCodes: PgColumn;
    version: PgColumn;
  };
  /** The persons of a stored record (a child: one; an application: its two applicants). */
  persons: readonly TDuplicatePersonColumns[];
  /** The persons a body (create body field names, partial) describes; none without a name or id. */
  candidatePersons: (body: Record<string, unknown>) => TDuplicatePerson[];
  /** What a match shows: names in both scripts (applicants joined), the (first) date of birth. */
  display: { nameKh: SQL; nameEn: SQL; dateOfBirth: SQL };
  /** How two records become one (`POST {apiBase}/merge`, server/duplicates/mergeRecords.ts). */
  merge: TMergeBinding;
};

/** What a merge moves and chooses, besides what every record has (documents, status history). */
export type TMergeBinding = {
  /** Each part a merge chooses between (`fields`), as the columns taken together. */
  fields: Readonly<Record<string, readonly PgColumn[]>>;
  /** The law keeps these records: neither may be merged (409). */
  kept: TKeptRule;
  /** The matchings' column naming the record: one not finished refuses the merge (409). */
  matchingColumn: PgColumn;
  /** Attachment slots holding one file (a child's photo): the merged record's goes to no slot if the kept has one. */
  singleSlots?: readonly string[];
  /** Moves the module's own rows from `mergeId` to `keepId` (family, disabilities, services...). */
  move: (context: { db: TDbOrTx; keepId: number; mergeId: number; actor: TAuthUser }) => Promise<void>;
};
