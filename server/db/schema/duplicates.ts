import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * Possible duplicates among existing records (issue 35, migration 0029): the review list's pairs,
 * found when a record is created or edited and by a rebuild (server/duplicates), never computed
 * across all records per request. A dismissed pair ('not the same') is kept with who and why, and
 * not listed or found again. `kind` is the area ('child', 'parent'); `a_id` < `b_id`.
 */
export const duplicatePairs = pgTable(
  'duplicate_pairs',
  {
    kind: text('kind').notNull(),
    aId: integer('a_id').notNull(),
    bId: integer('b_id').notNull(),
    score: real('score').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
    dismissedBy: integer('dismissed_by'),
    dismissReason: text('dismiss_reason'),
  },
  (table) => [
    primaryKey({ name: 'duplicate_pairs_pk', columns: [table.kind, table.aId, table.bId] }),
    check('duplicate_pairs_order', sql`${table.aId} < ${table.bId}`),
    index('duplicate_pairs_open_idx')
      .on(table.kind, table.score.desc(), table.aId, table.bId)
      .where(sql`${table.dismissedAt} is null`),
    index('duplicate_pairs_b_idx').on(table.kind, table.bId),
  ],
);
