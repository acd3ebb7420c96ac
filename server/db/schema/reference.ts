import { boolean, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import type { TTranslatable } from '../../../src/domain/translatable';
import { auditColumns, idColumn, versionColumn } from './common';

export const referenceListNames = [
  'family_types',
  'living_with',
  'keeping_reasons',
  'child_disabilities',
  'health_status',
] as const;
export type TReferenceListName = (typeof referenceListNames)[number];

/**
 * All reference lists in one table with a `list` column: the five lists have the same shape (code and
 * translatable name) and the same screens, so one table, one set of routes and one admin page serve
 * them all; a new list is a new `list` value, not a migration.
 */
export const referenceItems = pgTable(
  'reference_items',
  {
    ...idColumn,
    list: text('list').$type<TReferenceListName>().notNull(),
    code: text('code').notNull(),
    name: jsonb('name').$type<TTranslatable>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [unique('reference_items_list_code_unique').on(table.list, table.code)],
);

/** Countries (ISO 3166-1 alpha-2 code). */
export const countries = pgTable('countries', {
  ...idColumn,
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<TTranslatable>().notNull(),
  /**
   * Other words a person writes for the country where a nationality is asked, in either script:
   * its people's (Cambodian, Khmer, ខ្មែរ), another spelling (issue 35). A workbook's cell matches them.
   */
  otherNames: text('other_names').array().notNull().default([]),
  ...versionColumn,
  ...auditColumns,
});

/** Cambodia's provinces (two-digit official code). */
export const provinces = pgTable('provinces', {
  ...idColumn,
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<TTranslatable>().notNull(),
  countryId: integer('country_id').references(() => countries.id, { onDelete: 'restrict' }),
  ...versionColumn,
  ...auditColumns,
});
