import { and, eq, getTableName, ne, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { permissionCatalogue } from '../../../src/domain/permissionCatalogue';
import { superAdminRoleName } from '../../../src/domain/permissions';
import { groupResource } from '../../../src/domain/resources/group';
import { permissionResource } from '../../../src/domain/resources/permission';
import { roleResource } from '../../../src/domain/resources/role';
import { groups, permissions, rolePermissions, roles, users } from '../../db/schema';
import { ApiError } from '../../errors';
import type { TResourceBinding } from '../../resources/resourceBinding';
import type { TWriteContext } from '../../resources/writeContext';

/** Roles, permissions and permission groups on the resource machinery (issue 4). */

const catalogueByName = new Map(permissionCatalogue.map((entry) => [entry.name, entry]));
/** The area of a permission that belongs to no group (one an administrator added). */
export const customArea = 'custom';

/**
 * `(select count(*) from {table} where {column} = {outer}.id)`. Written with plain identifiers: a
 * single-table select leaves Drizzle columns unqualified, which would make the two ids the same.
 */
const countOf = (table: PgTable, column: PgColumn, outer: PgTable) =>
  sql<number>`(select count(*)::int from ${sql.identifier(getTableName(table))} as counted where counted.${sql.identifier(column.name)} = ${sql.identifier(getTableName(outer))}."id")`;

const userCount = countOf(users, users.roleId, roles);
const rolePermissionCount = countOf(rolePermissions, rolePermissions.roleId, roles);
const groupPermissionCount = countOf(permissions, permissions.groupId, groups);

/**
 * The Super Admin role passes every check by its name (spec section 6): renaming it would take that
 * from its holders, deleting it would leave nobody but `admin` in charge.
 */
const guardSuperAdminRole = async ({ mode, before, body }: TWriteContext) => {
  if (before?.roleName !== superAdminRoleName) return;
  const renamed = mode === 'update' && body.roleName !== undefined && body.roleName !== superAdminRoleName;
  if (mode === 'delete' || renamed) throw new ApiError(409, 'superAdminRoleLocked');
};

export const roleBinding: TResourceBinding = {
  definition: roleResource,
  table: roles,
  selection: {
    id: roles.id,
    roleName: roles.roleName,
    description: roles.description,
    userCount,
    permissionCount: rolePermissionCount,
    version: roles.version,
    updatedAt: roles.updatedAt,
  },
  search: [roles.roleName, roles.description],
  sort: {
    roleName: roles.roleName,
    userCount,
    permissionCount: rolePermissionCount,
    updatedAt: roles.updatedAt,
  },
  children: [{ table: users, column: users.roleId, resource: 'user' }],
  unique: { roles_role_name_unique: 'roleName' },
  guard: guardSuperAdminRole,
};

/**
 * The catalogue's permissions are what the routes check and the seed writes back at every start:
 * renaming or deleting one would break routes, or be undone. An administrator's own ones may change.
 */
const guardPermission = async ({ db, mode, before, body }: TWriteContext) => {
  const name = before?.name;
  if (typeof name !== 'string') return;
  if (catalogueByName.has(name)) {
    const renamed = mode === 'update' && body.name !== undefined && body.name !== name;
    if (mode === 'delete' || renamed) throw new ApiError(409, 'cataloguePermissionLocked', { name });
    return;
  }
  if (mode !== 'delete') return;
  // Super Admin holds every permission (and lets go of this one with it); other roles must first
  // have it taken away on the assign-permission screen, where the change is seen and audited.
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(
      and(eq(rolePermissions.permissionId, before?.id as number), ne(roles.roleName, superAdminRoleName)),
    );
  if (count > 0) throw new ApiError(409, 'permissionHeld', { name, count });
};

/** A new permission is the Super Admin role's too, so its stored set stays the whole catalogue. */
const grantToSuperAdmin = async ({ db, mode, id }: TWriteContext & { id: number }) => {
  if (mode !== 'create') return;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleName, superAdminRoleName));
  if (role)
    await db.insert(rolePermissions).values({ roleId: role.id, permissionId: id }).onConflictDoNothing();
};

/** `resource` and `action` follow the name; a custom permission's area is its group's code. */
const permissionColumns = async ({ db, body, before }: TWriteContext) => {
  const columns: Record<string, unknown> = { ...body };
  if (typeof body.name === 'string') {
    const [resource, action] = body.name.split(':');
    Object.assign(columns, { resource, action });
  }
  const name = (body.name ?? before?.name) as string;
  const catalogued = catalogueByName.get(name);
  // A catalogue permission keeps the catalogue's area (the seed would put it back anyway).
  if (catalogued) {
    if (!before) columns.area = catalogued.area;
  } else if (body.groupId !== undefined || !before) {
    const groupId = body.groupId as number | null | undefined;
    const [group] = groupId
      ? await db.select({ code: groups.code }).from(groups).where(eq(groups.id, groupId))
      : [];
    columns.area = group?.code ?? customArea;
  }
  return columns;
};

export const permissionBinding: TResourceBinding = {
  definition: permissionResource,
  table: permissions,
  selection: {
    id: permissions.id,
    name: permissions.name,
    resource: permissions.resource,
    action: permissions.action,
    area: permissions.area,
    groupId: permissions.groupId,
    group: { id: groups.id, code: groups.code, name: groups.name },
    version: permissions.version,
    updatedAt: permissions.updatedAt,
  },
  joins: [{ table: groups, on: sql`${groups.id} = ${permissions.groupId}`, left: true }],
  search: [permissions.name],
  sort: { name: permissions.name, resource: permissions.resource, action: permissions.action },
  filters: { groupId: permissions.groupId },
  parents: [{ field: 'groupId', table: groups }],
  unique: { permissions_name_unique: 'name' },
  guard: guardPermission,
  toColumns: permissionColumns,
  afterChange: grantToSuperAdmin,
};

export const groupBinding: TResourceBinding = {
  definition: groupResource,
  table: groups,
  selection: {
    id: groups.id,
    code: groups.code,
    name: groups.name,
    sortOrder: groups.sortOrder,
    permissionCount: groupPermissionCount,
    version: groups.version,
    updatedAt: groups.updatedAt,
  },
  search: [groups.code, sql`${groups.name}->>'kh'`, sql`${groups.name}->>'en'`],
  sort: {
    code: groups.code,
    name: (locale) => sql`${groups.name}->>${locale}`,
    sortOrder: groups.sortOrder,
  },
  children: [{ table: permissions, column: permissions.groupId, resource: 'permission' }],
  unique: { groups_code_unique: 'code' },
  // `/admin/group/options`: the groups for pickers (the permission form, its filter).
  lookups: [{ path: 'options', table: groups, columns: { code: groups.code, name: groups.name } }],
};

export const roleBindings: TResourceBinding[] = [roleBinding, permissionBinding, groupBinding];
