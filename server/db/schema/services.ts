import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { childInfos } from './children';
import { auditColumns, idColumn, versionColumn } from './common';
import { adoptiveMatchings } from './matchings';
import { headOffices } from './organisation';

/**
 * A service after adoption (DESIGN.md section 5): a visit, a check or a report that follows a
 * completed matching; `status` is service.machine's state. Planned from the follow-up schedule when
 * the matching completes, or added by hand. Who took each step, and when, is in `status_history`.
 */
export const postAdoptionServices = pgTable(
  'post_adoption_services',
  {
    ...idColumn,
    /** e.g. `SV-2026-000007`: generated, unique. */
    code: text('code').notNull().unique(),
    matchingId: integer('matching_id')
      .notNull()
      .references(() => adoptiveMatchings.id, { onDelete: 'restrict' }),
    /** The matching's child, kept here so a child's services are found without the matching. */
    childId: integer('child_id')
      .notNull()
      .references(() => childInfos.id, { onDelete: 'restrict' }),
    /** The matching's head office: the service is kept by it (DESIGN.md section 7). */
    headOfficeId: integer('head_office_id')
      .notNull()
      .references(() => headOffices.id, { onDelete: 'restrict' }),
    /** The day the adoption it follows completed (the keep approval's): no service is given before it. */
    adoptedOn: date('adopted_on', { mode: 'string' }).notNull(),
    /** One of serviceTypes (src/domain/serviceSchedule.ts). */
    serviceType: text('service_type').notNull(),
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    /** The day it was given (the visit made, the report received): the confirmation's date. */
    actualDate: date('actual_date', { mode: 'string' }),
    /** The user who gives it; a user id without a foreign key, like the audit columns. */
    officerId: integer('officer_id'),
    status: text('status').notNull().default('pending'),
    /** `{ health, schooling, integration, notes }`, each `good`, `concern` or `notAssessed`. */
    findings: jsonb('findings').$type<Record<string, unknown>>(),
    /** Whether the findings raised a concern (one area judged `concern`). */
    concern: boolean('concern').notNull().default(false),
    /** A refusal's (or the last confirmation's) day and a refusal's reason. */
    decisionDate: date('decision_date', { mode: 'string' }),
    decisionReason: text('decision_reason'),
    /** From the follow-up schedule (`schedule`) or added by a person (`manual`). */
    origin: text('origin').notNull().default('manual'),
    notes: text('notes'),
    ...versionColumn,
    ...auditColumns,
  },
  (table) => [
    index('post_adoption_services_waiting_idx').on(
      table.status,
      table.plannedDate,
      table.headOfficeId,
      table.officerId,
    ),
    index('post_adoption_services_concern_idx')
      .on(table.headOfficeId, table.officerId)
      .where(sql`${table.status} = 'confirmed' and ${table.concern}`),
    // The work queue's pages in its order (migration 0037): one office's, an officer's, the concerns'.
    index('post_adoption_services_office_planned_idx').on(
      table.headOfficeId,
      table.status,
      table.plannedDate,
      table.id,
    ),
    index('post_adoption_services_officer_planned_idx').on(
      table.officerId,
      table.status,
      table.plannedDate,
      table.id,
    ),
    index('post_adoption_services_concern_since_idx')
      .on(sql`(coalesce(${table.actualDate}, ${table.decisionDate}, ${table.plannedDate}))`, table.id)
      .where(sql`${table.status} = 'confirmed' and ${table.concern}`),
    index('post_adoption_services_office_concern_since_idx')
      .on(
        table.headOfficeId,
        sql`(coalesce(${table.actualDate}, ${table.decisionDate}, ${table.plannedDate}))`,
        table.id,
      )
      .where(sql`${table.status} = 'confirmed' and ${table.concern}`),
    index('post_adoption_services_planned_idx').on(table.plannedDate),
    index('post_adoption_services_matching_idx').on(table.matchingId),
    index('post_adoption_services_child_idx').on(table.childId),
    index('post_adoption_services_office_idx').on(table.headOfficeId),
    index('post_adoption_services_officer_idx').on(table.officerId),
  ],
);
