import { integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns every table carries (DESIGN.md section 2). `created_by`/`updated_by` hold a user id without a
 * foreign key: the users table has them too, and an audit trail must survive a deleted user.
 */
export const auditColumns = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
};

/** Optimistic concurrency for records people edit: a PATCH with a stale version gets 409. */
export const versionColumn = { version: integer('version').notNull().default(1) };

export const idColumn = { id: integer('id').primaryKey().generatedAlwaysAsIdentity() };
