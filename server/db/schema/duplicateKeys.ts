import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A person's whole name in one script as the duplicate check compares it (issue 35): the very
 * expression its trigram indexes hold (migration 0029), so a `%` on it is answered by the index.
 * Empty names give ' ', which no name is similar to.
 */
export const duplicateNameKey = (family: PgColumn, given: PgColumn): SQL =>
  sql`(coalesce(${family}, '') || ' ' || coalesce(${given}, ''))`;
