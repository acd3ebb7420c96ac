import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A run of a background job (issue 36, migration 0032): one row per job and slot, inserted by the
 * process that claims the slot, finished with its duration and result. Pruned to each job's last runs.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `backup_schedule` (`report_summaries_refresh`: runs recorded before issue 37). */
    job: text('job').notNull(),
    /** What the run was for: the scheduled backup's day and hour, the refresh's interval (ISO). */
    slot: text('slot').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Where it ran: `host:pid`. */
    process: text('process').notNull(),
    durationMs: integer('duration_ms'),
    /** `running`, `ok`, `failed`. */
    result: text('result').notNull().default('running'),
    error: text('error'),
  },
  (table) => [
    uniqueIndex('job_runs_job_slot').on(table.job, table.slot),
    index('job_runs_started_at').on(table.startedAt),
  ],
);
