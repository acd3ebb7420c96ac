import { type AnyPgColumn, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TTranslatable } from '../../../src/domain/translatable';
import { auditColumns, idColumn, versionColumn } from './common';

/** One admin correction of a UI string: `key` is the dictionary path, e.g. `layout.logout`. */
export type TLocalizationOverride = { key: string; value: string };

export const languages = pgTable('languages', {
  ...idColumn,
  /** `kh` or `en` (the route/header code). */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  localizations: jsonb('localizations').$type<TLocalizationOverride[]>().notNull().default([]),
  ...versionColumn,
  ...auditColumns,
});

/** Keyed values: `app_name` ({kh, en}), `app_logo` and `footer_logo` (stored file names or null). */
export const generalInformation = pgTable('general_information', {
  ...idColumn,
  key: text('key').notNull().unique(),
  value: jsonb('value').$type<unknown>(),
  ...versionColumn,
  ...auditColumns,
});

/**
 * The system menus: groups (no `to`) and their sub-menus, plus top-level entries with a target.
 * `key` ties a seeded menu to its entry in src/domain/sidebarMenu.ts so a re-seed updates it.
 */
export const systemMenus = pgTable(
  'system_menus',
  {
    ...idColumn,
    key: text('key').unique(),
    parentId: integer('parent_id').references((): AnyPgColumn => systemMenus.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<TTranslatable>().notNull(),
    to: text('to'),
    permission: text('permission'),
    sortOrder: integer('sort_order').notNull().default(0),
    icon: text('icon'),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [index('system_menus_parent_idx').on(table.parentId)],
);

export const systemSettings = pgTable('system_settings', {
  ...idColumn,
  key: text('key').notNull().unique(),
  value: jsonb('value').$type<unknown>(),
  ...versionColumn,
  ...auditColumns,
});
