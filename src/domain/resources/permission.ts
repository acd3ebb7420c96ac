import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { requiredId, requiredText } from '../rules';

/** `resource:action`, lower case with underscores (spec section 6). */
export const permissionNamePattern = /^[a-z][a-z0-9_]*:[a-z][a-z0-9_]*$/;

export const ZPermissionInput = z.object({
  name: requiredText(100).refine((value) => value.length === 0 || permissionNamePattern.test(value), {
    params: { rule: 'permissionName' },
  }),
  groupId: requiredId().nullable().optional(),
});
export type TPermissionInput = z.infer<typeof ZPermissionInput>;

/** A permission of the catalogue (`/admin/permission`); API only: roles get them on assign-permission. */
export const permissionResource = {
  name: 'permission',
  permission: 'permissions',
  apiBase: '/admin/permission',
  schema: ZPermissionInput,
  updateMethod: 'PUT',
  fields: [
    { key: 'name', kind: 'text', required: true },
    { key: 'groupId', label: 'group', kind: 'lookup', lookup: { path: '/admin/group/options' } },
  ],
  columns: [
    { key: 'name', kind: 'text', sortable: true, flex: 2 },
    { key: 'resource', kind: 'text', sortable: true },
    { key: 'action', kind: 'text', sortable: true },
    { key: 'group', path: 'group.name', kind: 'translatable' },
  ],
  filters: [{ key: 'groupId', label: 'group', kind: 'lookup', lookup: { path: '/admin/group/options' } }],
  defaultSort: 'name',
  editPermission: true,
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
