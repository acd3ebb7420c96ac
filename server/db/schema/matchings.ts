import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { childInfos } from './children';
import { auditColumns, idColumn, versionColumn } from './common';
import { headOffices } from './organisation';
import { parentInfos } from './parents';

/**
 * A matching of a child and a parent application (DESIGN.md section 5 'Matching'); `status` is
 * matching.machine's state. Who took each step, and when, is in `status_history`.
 */
export const adoptiveMatchings = pgTable(
  'adoptive_matchings',
  {
    ...idColumn,
    /** e.g. `MA-2026-000007`: generated, unique. */
    code: text('code').notNull().unique(),
    childId: integer('child_id')
      .notNull()
      .references(() => childInfos.id, { onDelete: 'restrict' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => parentInfos.id, { onDelete: 'restrict' }),
    /** The child's head office when proposed: the matching is kept by it (DESIGN.md section 7). */
    headOfficeId: integer('head_office_id')
      .notNull()
      .references(() => headOffices.id, { onDelete: 'restrict' }),
    proposedDate: date('proposed_date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('proposed'),
    /** The day of the last step: no later step may be dated before it. */
    lastStepDate: date('last_step_date', { mode: 'string' }).notNull(),
    /** The day the current stage was entered (DESIGN.md section 6 'Time in stage'): boards and overdue read it. */
    stageEnteredOn: date('stage_entered_on', { mode: 'string' }).notNull(),
    /**
     * When the last step was taken, and the last request (a step that is not a decision: who, which,
     * when): kept by the database from the status history (migration 0024), read by four-eyes, the
     * work queue and the dashboard without a lookup in the history per matching.
     */
    lastStepAt: timestamp('last_step_at', { withTimezone: true }),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }),
    lastAskedBy: integer('last_asked_by'),
    lastAskedAction: text('last_asked_action'),
    trialStart: date('trial_start', { mode: 'string' }),
    trialEnd: date('trial_end', { mode: 'string' }),
    warrantRequestedOn: date('warrant_requested_on', { mode: 'string' }),
    warrantReference: text('warrant_reference'),
    warrantedOn: date('warranted_on', { mode: 'string' }),
    warrantNumber: text('warrant_number'),
    keepRequestedOn: date('keep_requested_on', { mode: 'string' }),
    completedOn: date('completed_on', { mode: 'string' }),
    rejectedOn: date('rejected_on', { mode: 'string' }),
    rejectionReason: text('rejection_reason'),
    /** The compatibility as it was found when the matching was proposed (kept as it was then). */
    compatibility: jsonb('compatibility').$type<Record<string, unknown>[]>().notNull().default([]),
    /** Why the matching was proposed despite a mismatch. */
    justification: text('justification'),
    notes: text('notes'),
    /**
     * What the list's search looks in: the matching's code, the child's code and names, the
     * application's code and applicants' names, in both scripts. Kept by triggers (migration 0017)
     * when a matching is written or its child or application renamed: one indexed column, where a
     * search over the three joined tables read and joined every matching.
     */
    searchText: text('search_text').notNull().default(''),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [
    index('adoptive_matchings_status_idx').on(table.status),
    // Exactly the expression the list's search builds (matchingBinding.search: this one column, in
    // coalesce): any other and every search reads every matching (docs/performance.md).
    index('adoptive_matchings_search_trgm_idx').using(
      'gin',
      sql`(coalesce(${table.searchText}, '')) gin_trgm_ops`,
    ),
    index('adoptive_matchings_stage_entered_idx').on(table.stageEnteredOn),
    index('adoptive_matchings_child_idx').on(table.childId),
    index('adoptive_matchings_parent_idx').on(table.parentId),
    index('adoptive_matchings_head_office_idx').on(table.headOfficeId),
    index('adoptive_matchings_stage_idx').on(table.status, table.stageEnteredOn, table.headOfficeId),
    index('adoptive_matchings_next_step_idx').on(table.status, table.headOfficeId, table.createdBy),
    index('adoptive_matchings_waiting_idx').on(
      table.status,
      table.headOfficeId,
      table.lastStepDate,
      table.lastAskedBy,
    ),
    // The work queue's pages in its order, per status, for every office and for one (migration 0037).
    // Who asked last ends them: a decision's four eyes are checked in the index (migration 0039).
    index('adoptive_matchings_step_order_idx').on(
      table.status,
      sql`${table.lastStepAt} nulls first`,
      table.id,
      table.lastAskedBy,
    ),
    index('adoptive_matchings_office_step_order_idx').on(
      table.headOfficeId,
      table.status,
      sql`${table.lastStepAt} nulls first`,
      table.id,
      table.lastAskedBy,
    ),
    index('adoptive_matchings_office_stage_idx').on(
      table.headOfficeId,
      table.status,
      table.stageEnteredOn,
      table.id,
    ),
  ],
);
