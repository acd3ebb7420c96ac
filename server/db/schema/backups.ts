import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A backup (issue 36, migration 0035): its archive is `name` in BACKUP_DIR; every process of the
 * cluster lists, downloads and prunes from these rows. Written by the process that makes it.
 */
export const backups = pgTable(
  'backups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The archive's file name, unique across the cluster. */
    name: text('name').notNull(),
    /** `running`, `done`, `failed`. */
    state: text('state').notNull().default('running'),
    /** A username, `schedule` or `script`. */
    by: text('by').notNull(),
    /** Which process makes or made it: `host:pid`. */
    process: text('process').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    size: bigint('size', { mode: 'number' }),
    sha256: text('sha256'),
    files: integer('files'),
    rows: integer('rows'),
    /** The manifest's row counts per table (done). */
    tables: jsonb('tables').$type<Record<string, number>>(),
    error: text('error'),
    /** Made by the schedule, for `slot` (the day's backup hour, ISO). */
    scheduled: boolean('scheduled').notNull().default(false),
    slot: text('slot'),
  },
  (table) => [uniqueIndex('backups_name').on(table.name), index('backups_started_at').on(table.startedAt)],
);
