import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './security';

/** Bytes as a Buffer on both drivers (node-postgres answers a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * A bulk import's dry run kept for its commit and its errors workbook (issue 36, migration 0034):
 * in the database, so any API process serves them. Expires `expires_at`; a commit in progress
 * claims it (`claimed_at`, `claimed_by`) and a finished one deletes it.
 */
export const importRuns = pgTable(
  'import_runs',
  {
    /** 32 random url-safe characters: whoever holds it (and is its user) may commit the run. */
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The import's name (`children`, `parent-applications`). */
    resource: text('resource').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set while a commit of the run is in progress (null again when it fails). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Which commit holds the claim: `host:pid:random`. */
    claimedBy: text('claimed_by'),
    /** The checked workbook (headers, rows with their cells and plan, errors) as gzipped JSON. */
    checked: bytea('checked').notNull(),
  },
  (table) => [index('import_runs_expires_at').on(table.expiresAt)],
);
