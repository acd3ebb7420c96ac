import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { requiredText, requiredTranslatable } from '../rules';

export const ZGroupInput = z.object({
  code: requiredText(50),
  name: requiredTranslatable(200),
  sortOrder: z.number().int().min(0).max(100_000),
});
export type TGroupInput = z.infer<typeof ZGroupInput>;

/**
 * A group of permissions (`/admin/group`): the assign-permission screen gathers the catalogue
 * under them (one per area: children, parents, matching, ..., security, configuration). API only.
 */
export const groupResource = {
  name: 'group',
  permission: 'groups',
  apiBase: '/admin/group',
  schema: ZGroupInput,
  updateMethod: 'PUT',
  fields: [
    { key: 'code', kind: 'text', required: true },
    { key: 'name', kind: 'translatable', required: true },
    { key: 'sortOrder', kind: 'number', required: true },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'permissionCount', kind: 'number' },
    { key: 'sortOrder', kind: 'number', sortable: true },
  ],
  filters: [],
  defaultSort: 'sortOrder',
  editPermission: true,
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
