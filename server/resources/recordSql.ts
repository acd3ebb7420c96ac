import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TRouteLocale } from '../../src/domain/locale';
import type { TPersonName } from '../../src/domain/personName';
import type { TDbOrTx } from '../audit';
import { childInfos, parentInfos, statusHistory } from '../db/schema';

/** `family given` in one script, empty parts left out; null when both are empty. */
export const fullName = (family: PgColumn, given: PgColumn) =>
  sql<
    string | null
  >`nullif(trim(concat_ws(' ', nullif(trim(${family}), ''), nullif(trim(${given}), ''))), '')`;

/** A child's name in Khmer, else in Latin letters; null when neither is written. */
export const childNameSql = sql<
  string | null
>`coalesce(${fullName(childInfos.familyNameKh, childInfos.givenNameKh)}, ${fullName(childInfos.familyNameEn, childInfos.givenNameEn)})`;

/** An application's applicants (`A & B`), each in Khmer else in Latin letters; null when none is written. */
export const applicantsNameSql = sql<
  string | null
>`nullif(concat_ws(' & ', coalesce(${fullName(parentInfos.applicant1FamilyNameKh, parentInfos.applicant1GivenNameKh)}, ${fullName(parentInfos.applicant1FamilyNameEn, parentInfos.applicant1GivenNameEn)}), coalesce(${fullName(parentInfos.applicant2FamilyNameKh, parentInfos.applicant2GivenNameKh)}, ${fullName(parentInfos.applicant2FamilyNameEn, parentInfos.applicant2GivenNameEn)})), '')`;

/**
 * A child's name in both scripts (`TPersonName`: `{ kh, en }`, each null when not written): the
 * client shows it in the reader's language by `personName` (src/domain/personName.ts).
 */
export const childNamesSql = sql<TPersonName>`json_build_object('kh', ${fullName(childInfos.familyNameKh, childInfos.givenNameKh)}, 'en', ${fullName(childInfos.familyNameEn, childInfos.givenNameEn)})`;

const applicantNames = (n: 1 | 2) =>
  sql`json_build_object('kh', ${fullName(parentInfos[`applicant${n}FamilyNameKh`], parentInfos[`applicant${n}GivenNameKh`])}, 'en', ${fullName(parentInfos[`applicant${n}FamilyNameEn`], parentInfos[`applicant${n}GivenNameEn`])})`;

/** An application's applicants in both scripts, one `TPersonName` each (`peopleNames` reads them). */
export const applicantNamesSql = sql<
  TPersonName[]
>`json_build_array(${applicantNames(1)}, ${applicantNames(2)})`;

/** A translatable name (`{ kh, en }`) in the list's language, for sorting. */
export const byName =
  (column: PgColumn) =>
  (locale: TRouteLocale): SQL =>
    sql`${column}->>${locale}`;

/**
 * Today where the programme works (Phnom Penh), by the database's clock. A scalar subquery, so that
 * a statement works it out once (an init plan) rather than for every row a count filters: counting
 * 137,000 pending services by it took 97 ms a row at a time, 31 ms so.
 */
export const programmeToday = sql`(select (current_timestamp at time zone 'Asia/Phnom_Penh')::date)`;

/** What a new record's first status-history row says: the step that made it, by whom, when. */
export type TFirstStatus = {
  entity: string;
  entityId: number;
  action: string;
  status: string;
  /** Null for a step the system took on its own. */
  actorId: number | null;
  at: Date;
  payload?: Record<string, unknown>;
};

/** A new record's first status-history row, as inserted (`recordFirstStatus`, or a write session's `add`). */
export const firstStatusValues = (row: TFirstStatus) => ({
  entity: row.entity,
  entityId: row.entityId,
  action: row.action,
  fromStatus: '',
  toStatus: row.status,
  payload: row.payload ?? {},
  userId: row.actorId,
  at: row.at,
  createdBy: row.actorId,
  updatedBy: row.actorId,
});

/**
 * A new record's first status-history row (a child registered, an application received, a
 * matching proposed), written in the create's transaction: the history starts with the record.
 */
export const recordFirstStatus = (db: TDbOrTx, row: TFirstStatus) =>
  db.insert(statusHistory).values(firstStatusValues(row));
