import { z } from 'zod';
import { permissionActions, permissionResources } from './permissionCatalogue';
import { recordVersion, requiredId } from './rules';
import { ZTranslatable } from './translatable';

/**
 * The calls of the assign-permission screen (spec section 7 'Roles and permissions'): the catalogue,
 * a role's permissions and the mapping that replaces them. Shared by the server's routes and the client.
 */

/** One permission of `GET /permissions`, with the group it is shown under. */
export const ZCataloguePermission = z.object({
  id: z.number().int(),
  name: z.string(),
  resource: z.string(),
  action: z.string(),
  area: z.string(),
  group: z.object({ id: z.number().int(), code: z.string(), name: ZTranslatable }).nullable(),
});
export type TCataloguePermission = z.infer<typeof ZCataloguePermission>;

/** `GET /roles/{id}/permissions` and the answer of a saved mapping. */
export const ZRolePermissions = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  version: z.number().int(),
  /** The Super Admin role: it holds the whole catalogue and cannot be narrowed. */
  superAdmin: z.boolean(),
  permissions: z.array(z.string()),
  permissionIds: z.array(z.number().int()),
});
export type TRolePermissions = z.infer<typeof ZRolePermissions>;

/** `POST /roles/mapping-role-permission`: the role's whole new set, with the version it was read at. */
export const ZRolePermissionMapping = z.object({
  roleId: requiredId(),
  permissionIds: z.array(requiredId()).max(10_000),
  version: recordVersion(),
});
export type TRolePermissionMapping = z.infer<typeof ZRolePermissionMapping>;

/** The actions of the grid's columns, in order; any other action is shown under 'Other'. */
export const gridActions = [...permissionActions, 'approve'] as const;

const resourceOrder = new Map<string, number>(
  permissionResources.map((entry, index) => [entry.resource, index]),
);
const actionOrder = new Map<string, number>(gridActions.map((action, index) => [action, index]));

const rank = (order: Map<string, number>, key: string) => order.get(key) ?? Number.MAX_SAFE_INTEGER;

/**
 * The catalogue's order: by group (its sort order; ungrouped last), then resources in the order of
 * src/domain/permissionCatalogue.ts (custom ones after, by name), then actions read, write, update,
 * delete, approve (others after, by name).
 */
export const compareCataloguePermissions = (
  a: Pick<TCataloguePermission, 'resource' | 'action'> & {
    groupOrder: number | null;
    groupId: number | null;
  },
  b: Pick<TCataloguePermission, 'resource' | 'action'> & {
    groupOrder: number | null;
    groupId: number | null;
  },
): number =>
  (a.groupOrder ?? Number.MAX_SAFE_INTEGER) - (b.groupOrder ?? Number.MAX_SAFE_INTEGER) ||
  (a.groupId ?? Number.MAX_SAFE_INTEGER) - (b.groupId ?? Number.MAX_SAFE_INTEGER) ||
  rank(resourceOrder, a.resource) - rank(resourceOrder, b.resource) ||
  a.resource.localeCompare(b.resource) ||
  rank(actionOrder, a.action) - rank(actionOrder, b.action) ||
  a.action.localeCompare(b.action);
