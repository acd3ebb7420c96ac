import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { resourceAddresses } from '../resourceAddresses';
import { optionalText, requiredText } from '../rules';

export const ZRoleInput = z.object({
  roleName: requiredText(100),
  description: optionalText(500).optional(),
});
export type TRoleInput = z.infer<typeof ZRoleInput>;

/** A role: a name and the permissions mapped to it on the assign-permission screen. */
export const roleResource = {
  ...resourceAddresses.role,
  apiBase: '/roles',
  schema: ZRoleInput,
  // 'search by name through GET /roles/search?roleName=' (spec section 7, issue 4).
  searchRoute: { path: 'search', param: 'roleName' },
  fields: [
    { key: 'roleName', kind: 'text', required: true },
    { key: 'description', kind: 'textarea' },
  ],
  columns: [
    { key: 'roleName', kind: 'text', sortable: true, flex: 2 },
    { key: 'description', kind: 'text', flex: 3 },
    { key: 'userCount', kind: 'number', sortable: true },
    { key: 'permissionCount', kind: 'number', sortable: true },
    { key: 'updatedAt', kind: 'date', sortable: true },
  ],
  filters: [],
  defaultSort: 'roleName',
  titleOf: (row) => row.roleName,
} satisfies TResourceDefinition;
