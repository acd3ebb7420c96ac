import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mayChangeRolePermissions,
  permissionsBeyond,
  superAdminRoleName,
} from '../../../src/domain/permissions';
import {
  compareCataloguePermissions,
  type TRolePermissions,
  ZCataloguePermission,
  ZRolePermissionMapping,
  ZRolePermissions,
} from '../../../src/domain/rolePermissionMapping';
import { type TDbOrTx, writeAudit } from '../../audit';
import { groups, permissions, rolePermissions, roles } from '../../db/schema';
import { ApiError, fieldErrors, notFound, staleVersion } from '../../errors';
import { dataOf, errorResponses, ZIdParams } from '../../http/schemas';
import { currentUser } from '../../plugins/permissions';

const tags = ['role'];
const ZRoleId = ZIdParams;

/** Every permission, in the catalogue's order (group, resource, action). */
const loadCatalogue = async (db: TDbOrTx) => {
  const rows = await db
    .select({
      id: permissions.id,
      name: permissions.name,
      resource: permissions.resource,
      action: permissions.action,
      area: permissions.area,
      groupId: groups.id,
      groupCode: groups.code,
      groupName: groups.name,
      groupOrder: groups.sortOrder,
    })
    .from(permissions)
    .leftJoin(groups, eq(groups.id, permissions.groupId));
  return rows.sort(compareCataloguePermissions).map((row) => ({
    id: row.id,
    name: row.name,
    resource: row.resource,
    action: row.action,
    area: row.area,
    group:
      row.groupId !== null && row.groupCode !== null && row.groupName !== null
        ? { id: row.groupId, code: row.groupCode, name: row.groupName }
        : null,
  }));
};

/** A role's permissions as the screen reads them; the Super Admin role holds the whole catalogue. */
const rolePermissionsOf = async (db: TDbOrTx, roleId: number): Promise<TRolePermissions | undefined> => {
  const [role] = await db
    .select({ id: roles.id, roleName: roles.roleName, version: roles.version })
    .from(roles)
    .where(eq(roles.id, roleId));
  if (!role) return undefined;
  const superAdmin = role.roleName === superAdminRoleName;
  const held = superAdmin
    ? await db.select({ id: permissions.id, name: permissions.name }).from(permissions)
    : await db
        .select({ id: permissions.id, name: permissions.name })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(eq(rolePermissions.roleId, roleId));
  held.sort((a, b) => a.name.localeCompare(b.name));
  return {
    roleId: role.id,
    roleName: role.roleName,
    version: role.version,
    superAdmin,
    permissions: held.map((row) => row.name),
    permissionIds: held.map((row) => row.id),
  };
};

/** Role search, the permission catalogue and a role's permission mapping (issue 4). */
export const rolePermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/permissions',
    {
      config: { permission: 'assign_permissions:read' },
      schema: {
        tags,
        summary: 'The whole permission catalogue, by group, resource and action',
        response: { 200: dataOf(z.array(ZCataloguePermission)), ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await loadCatalogue(app.db) }),
  );

  app.get(
    '/roles/:id/permissions',
    {
      config: { permission: 'assign_permissions:read' },
      schema: {
        tags,
        summary: "A role's permissions (names and ids) and the version a mapping must send",
        params: ZRoleId,
        response: { 200: dataOf(ZRolePermissions), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const found = await rolePermissionsOf(app.db, request.params.id);
      if (!found) throw notFound();
      return { data: found };
    },
  );

  app.post(
    '/roles/mapping-role-permission',
    {
      config: { permission: 'assign_permissions:write', answers: 'assign_permissions:read' },
      schema: {
        tags,
        summary:
          "Replace a role's whole permission set at once; a stale version gets 409 and changes nothing",
        body: ZRolePermissionMapping,
        response: { 200: dataOf(ZRolePermissions), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { roleId, version } = request.body;
      const wanted = [...new Set(request.body.permissionIds)];
      const actor = currentUser(request);
      const saved = await app.db.transaction(async (tx) => {
        const before = await rolePermissionsOf(tx, roleId);
        if (!before) throw fieldErrors((t) => t.server.invalidParent({ field: 'roleId' }));
        // No raising one's own permissions: only a super user changes a role they hold.
        if (!mayChangeRolePermissions(actor, roleId)) throw new ApiError(403, 'ownRolePermissions');
        // A stale version is refused before any rule looks at the (outdated) set.
        if (before.version !== version) throw staleVersion();
        const catalogue = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions);
        const known = new Map(catalogue.map((row) => [row.id, row.name]));
        const unknown = wanted.filter((id) => !known.has(id));
        if (unknown.length > 0) {
          throw fieldErrors((t) => t.server.unknownPermissions({ ids: unknown.slice(0, 20).join(', ') }));
        }
        // Nobody grants what they do not hold themselves (taking a permission away is allowed).
        const held = new Set(before.permissionIds);
        const added = wanted.filter((id) => !held.has(id)).map((id) => known.get(id) as string);
        const beyond = permissionsBeyond(actor, added);
        if (beyond.length > 0) {
          throw new ApiError(403, 'grantBeyondOwn', { names: beyond.slice(0, 10).join(', ') });
        }
        if (before.superAdmin && wanted.length !== known.size) {
          throw new ApiError(409, 'superAdminRoleComplete');
        }
        // The version moves first: the row lock it takes serialises two saves of one role.
        const bumped = await tx
          .update(roles)
          .set({ version: sql`${roles.version} + 1`, updatedBy: actor.id, updatedAt: new Date() })
          .where(and(eq(roles.id, roleId), eq(roles.version, version)))
          .returning({ id: roles.id });
        if (bumped.length === 0) throw staleVersion();
        await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
        if (wanted.length > 0) {
          await tx.insert(rolePermissions).values(
            wanted.map((permissionId) => ({
              roleId,
              permissionId,
              createdBy: actor.id,
              updatedBy: actor.id,
            })),
          );
        }
        const after = (await rolePermissionsOf(tx, roleId)) as TRolePermissions;
        await writeAudit(tx, {
          userId: actor.id,
          entity: 'role_permissions',
          entityId: roleId,
          action: 'update',
          before: before.permissions,
          after: after.permissions,
        });
        return after;
      });
      return { data: saved };
    },
  );
};
