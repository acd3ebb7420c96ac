import type {
  TCataloguePermission,
  TRolePermissionMapping,
  TRolePermissions,
} from '@/domain/rolePermissionMapping';
import { api } from '@/platform/api/client';

/** The calls of the assign-permission screen (spec section 7 'Roles and permissions'). */

/** `GET /permissions`: the whole catalogue, by group, resource and action; a failure shows the catalogue's view. */
export const fetchCatalogue = async (signal?: AbortSignal): Promise<TCataloguePermission[]> =>
  (await api<{ data: TCataloguePermission[] }>('/permissions', { signal })).data;

/** `GET /roles/{id}/permissions`: what the role holds and the version a save must send. */
export const fetchRolePermissions = async (roleId: number, signal?: AbortSignal): Promise<TRolePermissions> =>
  (await api<{ data: TRolePermissions }>(`/roles/${roleId}/permissions`, { signal })).data;

/**
 * `POST /roles/mapping-role-permission`: the role's whole new set at once; 409 when the version is
 * stale (or the set would narrow the Super Admin role).
 */
export const saveRolePermissions = async (mapping: TRolePermissionMapping): Promise<TRolePermissions> =>
  (
    await api<{ data: TRolePermissions }>('/roles/mapping-role-permission', {
      method: 'POST',
      body: mapping,
    })
  ).data;
