import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { TColumnSetting } from '../../../src/domain/savedViews';
import { auditColumns, idColumn, versionColumn } from './common';
import { headOffices } from './organisation';
import { users } from './security';

/**
 * Saved views of the lists (issue 26, migration 0026): a user's own (`user_id`), shared with the
 * owner's head office (`shared`, `head_office_id`), or shipped with the product (`shipped_key`, no
 * owner; written by the seed).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    ...idColumn,
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The owner's head office when saved: a shared view is seen by that office's users. */
    headOfficeId: integer('head_office_id').references(() => headOffices.id, { onDelete: 'set null' }),
    list: text('list').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull().default(''),
    columns: jsonb('columns').$type<TColumnSetting[]>().notNull().default([]),
    shared: boolean('shared').notNull().default(false),
    shippedKey: text('shipped_key').unique(),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [
    index('saved_views_user_list_idx').on(table.userId, table.list),
    index('saved_views_shared_office_idx').on(table.headOfficeId, table.list).where(sql`${table.shared}`),
    uniqueIndex('saved_views_owner_name_unique').on(table.userId, table.list, sql`lower(${table.name})`),
  ],
);

/** A user's preferences for one list: rows per page, and the view it opens with. */
export const listPreferences = pgTable(
  'list_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    take: integer('take'),
    defaultViewId: integer('default_view_id').references(() => savedViews.id, { onDelete: 'set null' }),
    ...auditColumns,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.list] }),
    index('list_preferences_default_view_idx').on(table.defaultViewId),
  ],
);
