import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { headOffices, provinces } from '../db/schema';

/**
 * The joins of a record listed with its head office and its province (`byName(headOffices.name)`,
 * `byName(provinces.name)`): every record has an office; the province may be unknown.
 */
export const officeAndProvinceJoins = (headOfficeId: PgColumn, provinceId: PgColumn) => [
  { table: headOffices, on: sql`${headOffices.id} = ${headOfficeId}` },
  { table: provinces, on: sql`${provinces.id} = ${provinceId}`, left: true },
];
