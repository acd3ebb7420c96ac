import { eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from './client';
import { permissions, rolePermissions, roles, users } from './schema';

/**
 * Idempotent helpers that put a role or a user into a known state: the API tests and the browser
 * tests' preparation (scripts/e2e-prepare.ts) build their fixtures with them.
 */

/** A role holding exactly `permissionNames` (created when missing); returns its id. */
export const ensureRole = async (
  db: TDb,
  roleName: string,
  permissionNames: readonly string[],
): Promise<number> => {
  await db.insert(roles).values({ roleName }).onConflictDoNothing({ target: roles.roleName });
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, roleName));
  const wanted =
    permissionNames.length === 0
      ? []
      : await db
          .select({ id: permissions.id, name: permissions.name })
          .from(permissions)
          .where(inArray(permissions.name, [...permissionNames]));
  const unknown = permissionNames.filter((name) => !wanted.some((row) => row.name === name));
  if (unknown.length > 0) throw new Error(`Unknown permission(s): ${unknown.join(', ')}`);
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
  if (wanted.length > 0) {
    await db.insert(rolePermissions).values(wanted.map((row) => ({ roleId: role.id, permissionId: row.id })));
  }
  return role.id;
};

/** Creates the user or brings an existing one (same username, any case) to these values; returns its id. */
export const upsertUser = async (
  db: TDb,
  user: { username: string; name: string; passwordHash: string; roleId: number | null; active?: boolean },
): Promise<number> => {
  const values = { ...user, active: user.active ?? true };
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, user.username.toLowerCase()));
  if (existing) {
    await db.update(users).set(values).where(eq(users.id, existing.id));
    return existing.id;
  }
  const [inserted] = await db.insert(users).values(values).returning({ id: users.id });
  return inserted.id;
};
