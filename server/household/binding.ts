import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyContextConfig } from 'fastify';
import type { z } from 'zod';
import type { TServerMessageKey } from '../errors';

/**
 * How a record's household is served by the household engine (`householdRoutes(binding)`): one row
 * per owner record (a child's family, an application's household) at `GET|POST|PATCH {path}/:id`
 * (and `DELETE` when `removable`), `:id` the owner's id. Out of the user's office the owner does not
 * exist (404).
 */
export type THouseholdBinding<TCreate, TUpdate extends Partial<TCreate> & { version: number }> = {
  /** `/child-infos/family`: the routes are `{path}/:id`. */
  path: string;
  tag: string;
  /** The record the household belongs to; it is locked while its household changes. */
  owner: { table: PgTable; id: PgColumn; officeColumn?: PgColumn };
  table: PgTable;
  columns: { id: PgColumn; owner: PgColumn; version: PgColumn };
  /** The columns the API answers (with `updatedAt`, answered as an ISO string). */
  selection: Record<string, PgColumn>;
  schemas: { answer: z.ZodType; create: z.ZodType<TCreate>; update: z.ZodType<TUpdate> };
  readPermission: string;
  /** Recording, changing and removing the household. */
  writePermission: string;
  /** Extra route options (the child's `childOf`, for its office-scope hook). */
  config?: Partial<FastifyContextConfig>;
  /** The audit log's entity of the household rows (`child_family`). */
  auditEntity: string;
  /** The 409 of a POST when the owner has a household already. */
  existsMessage: TServerMessageKey;
  /** The body's fields dated after `today` (each refused with a message naming it). */
  datesAfter: (body: Partial<TCreate>, today: string) => string[];
  /** A new row's values (the engine adds who wrote it). */
  createValues: (ownerId: number, body: TCreate) => Record<string, unknown>;
  /** What a PATCH body (less its version) changes; parts left undefined stay as they are. */
  updateValues: (changes: Omit<TUpdate, 'version'>) => Record<string, unknown>;
  /** Whether `DELETE {path}/:id` removes the household (optional `?version=`). */
  removable?: boolean;
  /** The OpenAPI summaries, in the owner's words. */
  summaries: { get: string; post: string; patch: string; delete?: string };
};
