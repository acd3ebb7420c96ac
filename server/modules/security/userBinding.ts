import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TRouteLocale } from '../../../src/domain/locale';
import {
  adminUsername,
  developerUsername,
  isSuperUser,
  permissionsBeyond,
  superAdminRoleName,
} from '../../../src/domain/permissions';
import { headOfficeClasses } from '../../../src/domain/resources/headOffice';
import { userResource } from '../../../src/domain/resources/user';
import type { TDbOrTx } from '../../audit';
import { hashPassword } from '../../auth/password';
import { endUserSessions } from '../../auth/sessions';
import {
  departments,
  headOffices,
  organizations,
  permissions,
  positions,
  rolePermissions,
  roles,
  users,
} from '../../db/schema';
import { ApiError } from '../../errors';
import { levelsAgree } from '../../resources/levelsAgree';
import type { TResourceBinding } from '../../resources/resourceBinding';
import type { TWriteContext } from '../../resources/writeContext';

/** Usernames that pass every permission check (spec section 6): handing them out is an escalation. */
const reservedUsernames: readonly string[] = [adminUsername, developerUsername];
const isReservedUsername = (value: unknown) =>
  typeof value === 'string' && reservedUsernames.includes(value.toLowerCase());

const byName =
  (column: PgColumn) =>
  (locale: TRouteLocale): SQL =>
    sql`${column}->>${locale}`;

const superAdminRoleId = async (db: TDbOrTx): Promise<number | undefined> => {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.roleName, superAdminRoleName))
    .limit(1);
  return role?.id;
};

/** The permission names a role gives its holders. */
const permissionsOfRole = async (db: TDbOrTx, roleId: unknown): Promise<string[]> => {
  if (typeof roleId !== 'number') return [];
  const rows = await db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId));
  return rows.map((row) => row.name);
};

/** The account as the permission check would see it (username and role name from the answered row). */
const accountOf = (row: Record<string, unknown>) => ({
  username: String(row.username ?? ''),
  roles: row.role ? [row.role as { roleName: string }] : [],
  permissions: [],
});

/**
 * A user's department lies in their organization and their position in their department (each
 * checked when both are known; a missing one is already a 400 of `parents`).
 */
const placeAgrees = levelsAgree([
  {
    field: 'departmentId',
    table: departments,
    parentColumn: departments.organizationId,
    parentField: 'organizationId',
  },
  {
    field: 'positionId',
    table: positions,
    parentColumn: positions.departmentId,
    parentField: 'departmentId',
  },
]);

/**
 * The rules of user administration, in the write's transaction:
 * - only a super user (admin, developer, a Super Admin) gives the Super Admin role or a reserved
 *   username, or changes or deletes a super user's account (else one could take it over with a new
 *   password): 403;
 * - likewise nobody else gives a role holding a permission they do not hold themselves, nor changes
 *   or deletes the account of a user whose role holds one (the assign-permission rule, through the
 *   user form): 403;
 * - nobody deletes or deactivates their own account: 409;
 * - the last active holder of the Super Admin role is never deleted, deactivated or demoted: 409.
 */
const guardUsers = async ({ db, mode, actor, before, body }: TWriteContext) => {
  const superRoleId = await superAdminRoleId(db);
  if (!isSuperUser(actor)) {
    if (before && isSuperUser(accountOf(before))) throw new ApiError(403, 'superUserAccount');
    if (body.roleId !== undefined && body.roleId === superRoleId)
      throw new ApiError(403, 'superAdminRoleOnly');
    if (isReservedUsername(body.username)) throw new ApiError(403, 'reservedUsername');
    if (before) {
      const beyond = permissionsBeyond(actor, await permissionsOfRole(db, before.roleId));
      if (beyond.length > 0) {
        throw new ApiError(403, 'accountBeyondOwn', { names: beyond.slice(0, 10).join(', ') });
      }
    }
    if (body.roleId !== undefined && body.roleId !== before?.roleId) {
      const beyond = permissionsBeyond(actor, await permissionsOfRole(db, body.roleId));
      if (beyond.length > 0) {
        throw new ApiError(403, 'roleBeyondOwn', { names: beyond.slice(0, 10).join(', ') });
      }
    }
  }
  if (!before) return;

  if (before.id === actor.id) {
    if (mode === 'delete') throw new ApiError(409, 'ownAccountDelete');
    if (body.active === false && before.active) throw new ApiError(409, 'ownAccountDeactivate');
  }

  const holdsSuperAdmin =
    superRoleId !== undefined && before.active === true && before.roleId === superRoleId;
  const losesIt =
    mode === 'delete' || body.active === false || (body.roleId !== undefined && body.roleId !== superRoleId);
  if (!holdsSuperAdmin || !losesIt) return;
  // The Super Admin role's row is the lock: two administrators demoting each other at the same
  // moment are taken one after the other, so the second sees the first's change and is refused.
  await db.select({ id: roles.id }).from(roles).where(eq(roles.id, superRoleId)).for('no key update');
  const [others] = await db
    .select({ count: count() })
    .from(users)
    .where(and(eq(users.roleId, superRoleId), eq(users.active, true), ne(users.id, before.id as number)));
  if (others.count === 0) throw new ApiError(409, 'lastSuperAdmin');
};

/** User accounts on the resource machinery (issue 4); the password hash never leaves the table. */
export const userBinding: TResourceBinding = {
  definition: userResource,
  table: users,
  selection: {
    id: users.id,
    username: users.username,
    name: users.name,
    active: users.active,
    roleId: users.roleId,
    role: { id: roles.id, roleName: roles.roleName },
    organizationId: users.organizationId,
    departmentId: users.departmentId,
    positionId: users.positionId,
    headOfficeId: users.headOfficeId,
    headOffice: {
      id: headOffices.id,
      code: headOffices.code,
      name: headOffices.name,
      class: headOffices.class,
    },
    version: users.version,
    updatedAt: users.updatedAt,
  },
  // Every key of a user is nullable in the table (a role can be deleted, `admin` has no place).
  joins: [
    { table: roles, on: sql`${roles.id} = ${users.roleId}`, left: true },
    { table: headOffices, on: sql`${headOffices.id} = ${users.headOfficeId}`, left: true },
  ],
  search: [users.username, users.name],
  sort: {
    username: users.username,
    name: users.name,
    role: roles.roleName,
    headOffice: byName(headOffices.name),
    active: users.active,
    updatedAt: users.updatedAt,
  },
  filters: {
    roleId: users.roleId,
    organizationId: users.organizationId,
    status: sql`case when ${users.active} then 'active' else 'inactive' end`,
  },
  parents: [
    { field: 'roleId', table: roles },
    { field: 'organizationId', table: organizations },
    { field: 'departmentId', table: departments },
    { field: 'positionId', table: positions },
    { field: 'headOfficeId', table: headOffices },
  ],
  consistency: placeAgrees,
  guard: guardUsers,
  // The password is stored as its scrypt hash only.
  toColumns: async ({ body }) => {
    const { password, ...columns } = body;
    return typeof password === 'string'
      ? { ...columns, passwordHash: await hashPassword(password) }
      : columns;
  },
  // A deactivated user, or one given a new password, is signed out everywhere at once; an
  // administrator setting their own password keeps the session they are working in.
  afterChange: async ({ db, mode, actor, body, id }) => {
    if (mode !== 'update') return;
    const deactivated = body.active === false;
    if (!deactivated && typeof body.password !== 'string') return;
    await endUserSessions(db, id, {
      keepFamilyId: !deactivated && id === actor.id ? actor.familyId : undefined,
    });
  },
  lookups: [
    { path: 'get-roles', table: roles, columns: { name: roles.roleName }, orderBy: 'name' },
    { path: 'get-organizations', table: organizations },
    {
      path: 'get-departments',
      table: departments,
      parent: { key: 'organizationId', column: departments.organizationId },
    },
    {
      path: 'get-positions',
      table: positions,
      parent: { key: 'departmentId', column: positions.departmentId },
    },
    {
      path: 'head-offices/:class',
      table: headOffices,
      parent: { key: 'class', column: headOffices.class, in: 'path', values: headOfficeClasses },
    },
  ],
  unique: { users_username_lower_unique: 'username' },
};

export const userBindings: TResourceBinding[] = [userBinding];
