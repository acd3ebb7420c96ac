import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';

/**
 * Every accepted workflow action of every record (DESIGN.md section 1 'Workflows'): which record
 * (`entity` is its workflow binding's entity, e.g. `child_infos`), who, when, from which status to
 * which, with the action's date or reason. Written only by `applyWorkflowEvent` (and the first row
 * of a new record). No foreign key: the rows of every workflow share the table, and a record's
 * history outlives the record (nothing is lost; the audit log keeps the deleted record too).
 */
export const statusHistory = pgTable(
  'status_history',
  {
    ...idColumn,
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    userId: integer('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ...auditColumns,
  },
  (table) => [index('status_history_entity_idx').on(table.entity, table.entityId, table.at)],
);
