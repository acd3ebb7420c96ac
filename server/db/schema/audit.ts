import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';

/** Who changed what and when, with the record before and after (DESIGN.md section 5). */
export const auditLog = pgTable(
  'audit_log',
  {
    ...idColumn,
    /** The acting user (also in `created_by`); null for the system (seed). */
    userId: integer('user_id'),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    action: text('action').notNull(),
    /**
     * The office of the record the row is about, as the record stands (migration 0037: kept by the
     * database, null for other kinds and once the record is deleted): the dashboard's office scope.
     */
    headOfficeId: integer('head_office_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ...auditColumns,
  },
  (table) => [
    index('audit_log_entity_idx').on(table.entity, table.entityId),
    // The dashboard's last changes, newest first (`order by created_at desc, id desc limit 10`): read
    // backwards from the newest instead of sorting the whole log (docs/performance.md).
    index('audit_log_created_idx').on(table.createdAt, table.id),
    // A provincial user's last changes: one range of their office's, newest first (migration 0037).
    index('audit_log_office_idx')
      .on(table.headOfficeId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.headOfficeId} is not null`),
    // The greatest deleted code of a table (recordCode.ts): the deletes only (migration 0025).
    index('audit_log_deleted_code_idx')
      .on(table.entity, sql`(${table.before} ->> 'code')`)
      .where(sql`${table.action} = 'delete'`),
  ],
);

/**
 * Who opened which record and when (DESIGN.md section 7 'Access log'): a child, an application or a
 * matching read by its page. One row per user and record per ten minutes (server/audit.ts).
 */
export const accessLog = pgTable(
  'access_log',
  {
    ...idColumn,
    userId: integer('user_id').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Why a sealed child's origins were opened (migration 0027); null for a plain opening. */
    reason: text('reason'),
  },
  (table) => [index('access_log_entity_idx').on(table.entity, table.entityId, table.at)],
);
