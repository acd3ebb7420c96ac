import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { parseDateRange } from '../../src/domain/dateRange';
import { isoDateIn } from '../../src/domain/programmeTime';
import { ageBandBirthDates, type TChildAgeBand } from '../../src/domain/resources/child';
import { childDisabilities, childInfos, headOffices } from '../db/schema';

/**
 * The list filters a report's figure opens its records with (issue 24), one meaning in every list:
 * - `officeProvinceId`: the province of the record's own head office (the reports' province; a
 *   list's `provinceId` is an address's, a child's birthplace or a family's home);
 * - `sex`, `ageBand` (today), `disability` (`true`/`false`): the record's child's, as the reports
 *   count them (lists whose query joins `child_infos`);
 * - `…In`: a day of the record within `yyyy-mm-dd..yyyy-mm-dd` (src/domain/dateRange.ts).
 */
export const inOfficeProvince =
  (officeColumn: PgColumn) =>
  (value: string | number): SQL =>
    sql`${officeColumn} in (select ${headOffices.id} from ${headOffices} where ${headOffices.provinceId} = ${Number(value)})`;

/** The days of a `…In` filter; a value the route let through always reads. */
export const withinDays =
  (day: PgColumn | SQL) =>
  (value: string | number): SQL => {
    const range = parseDateRange(String(value));
    if (!range) return sql`false`;
    return sql`(${day} >= ${range.from}::date and ${day} <= ${range.to}::date)`;
  };

/** `true`/`false` of a condition, as a select filter sends it. */
export const whether =
  (condition: SQL) =>
  (value: string | number): SQL =>
    value === 'true' ? sql`(${condition})` : sql`not (${condition})`;

const hasDisability = sql`exists (select 1 from ${childDisabilities} where ${childDisabilities.childId} = ${childInfos.id})`;

/** The child's filters on a list whose query joins `child_infos`: sex, age band today, disability. */
export const childFilters = {
  sex: childInfos.sex,
  ageBand: (band: string | number): SQL => {
    const { after, upTo } = ageBandBirthDates(band as TChildAgeBand, isoDateIn(new Date()));
    return sql`(${childInfos.dateOfBirth} > ${after} and ${childInfos.dateOfBirth} <= ${upTo})`;
  },
  disability: whether(hasDisability),
};
