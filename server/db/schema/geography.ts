import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { TTranslatable } from '../../../src/domain/translatable';
import { auditColumns, idColumn, versionColumn } from './common';
import { countries, provinces } from './reference';

/**
 * Cambodia's administrative hierarchy below the provinces (reference.ts): district -> commune ->
 * village, each pointing at its parent with `restrict`, so a place still in use cannot be deleted.
 * Codes follow the national gazetteer (province 2 digits, district 4, commune 6, village 8).
 */
export const districts = pgTable(
  'districts',
  {
    ...idColumn,
    code: text('code').notNull().unique(),
    name: jsonb('name').$type<TTranslatable>().notNull(),
    provinceId: integer('province_id')
      .notNull()
      .references(() => provinces.id, { onDelete: 'restrict' }),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [index('districts_province_idx').on(table.provinceId)],
);

export const communes = pgTable(
  'communes',
  {
    ...idColumn,
    code: text('code').notNull().unique(),
    name: jsonb('name').$type<TTranslatable>().notNull(),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id, { onDelete: 'restrict' }),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [
    index('communes_district_idx').on(table.districtId),
    // Sorting by name, and villages by their commune's name, reads communes in this order.
    index('communes_name_kh_idx').on(sql`(${table.name}->>'kh')`, table.id),
    index('communes_name_en_idx').on(sql`(${table.name}->>'en')`, table.id),
  ],
);

export const villages = pgTable(
  'villages',
  {
    ...idColumn,
    code: text('code').notNull().unique(),
    name: jsonb('name').$type<TTranslatable>().notNull(),
    communeId: integer('commune_id')
      .notNull()
      .references(() => communes.id, { onDelete: 'restrict' }),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [
    index('villages_commune_idx').on(table.communeId),
    // The list's search haystack exactly as searchCondition (server/resources/pagedList.ts) builds
    // it from the village binding's search columns: a trigram index serves `ilike '%word%'` only
    // for the very same expression (docs/performance.md, lists).
    index('villages_search_idx').using(
      'gin',
      sql`(coalesce(${table.code}, '') || ' ' || coalesce(${table.name}->>'kh', '') || ' ' || coalesce(${table.name}->>'en', '')) gin_trgm_ops`,
    ),
    // The list's orders (the id breaks ties), so a page, however deep, is read off an index: by code
    // (the default), by code within a commune (the commune filter), by name in either language.
    index('villages_code_id_idx').on(table.code, table.id),
    index('villages_commune_code_idx').on(table.communeId, table.code),
    index('villages_name_kh_idx').on(sql`(${table.name}->>'kh')`, table.id),
    index('villages_name_en_idx').on(sql`(${table.name}->>'en')`, table.id),
  ],
);

/** States or regions of other countries (a foreign applicant's address). */
export const states = pgTable(
  'states',
  {
    ...idColumn,
    code: text('code').notNull().unique(),
    name: jsonb('name').$type<TTranslatable>().notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'restrict' }),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [index('states_country_idx').on(table.countryId)],
);

/** A postal address in Cambodia; every level is optional so a partly known address can be kept. */
export const addresses = pgTable('addresses', {
  ...idColumn,
  provinceId: integer('province_id').references(() => provinces.id, { onDelete: 'restrict' }),
  districtId: integer('district_id').references(() => districts.id, { onDelete: 'restrict' }),
  communeId: integer('commune_id').references(() => communes.id, { onDelete: 'restrict' }),
  villageId: integer('village_id').references(() => villages.id, { onDelete: 'restrict' }),
  detail: text('detail').notNull().default(''),
  ...versionColumn,
  ...auditColumns,
});

/**
 * Which edition of a bundled data set the database holds (`gazetteer`: a hash of
 * server/db/seedData/gazetteer.tsv). The seed loads a data set only when its edition changed, so a
 * restart leaves an administrator's edits alone and a new edition updates names by code.
 */
export const seedEditions = pgTable('seed_editions', {
  name: text('name').primaryKey(),
  edition: text('edition').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
