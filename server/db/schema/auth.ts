import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { auditColumns, idColumn } from './common';
import { users } from './security';

/**
 * One row per refresh token ever issued. Tokens of one sign-in share a `family_id` (the access
 * token's `sid`); rotation retires a row and points it at its replacement; revoking sets
 * `revoked_at` on every row of the family. Raw tokens are never stored: a token is re-signed from
 * its row when the grace window needs the same pair again.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    ...idColumn,
    jti: text('jti').notNull().unique(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    replacedByJti: text('replaced_by_jti'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...auditColumns,
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/**
 * Failed sign-ins, counted per key (`user:<lower username>` and `addr:<client address>`) in a sliding
 * window. Kept in the database so the throttle holds across several API processes.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    ...idColumn,
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ...auditColumns,
  },
  (table) => [index('sign_in_failures_key_at_idx').on(table.key, table.at)],
);

/**
 * One row (id 1) whose `version` grows with every change that can change what an access token
 * grants: users, roles, permissions, role permissions, and sessions revoked. Triggers bump it
 * (migration 0005), so a change by any process, script or hand-written SQL counts; the permission
 * cache (server/auth/permissionCache.ts) trusts a cached user only at the version it was loaded at.
 */
export const authVersion = pgTable('auth_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
