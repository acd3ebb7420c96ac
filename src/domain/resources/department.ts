import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { requiredId, requiredText, requiredTranslatable } from '../rules';

export const ZDepartmentInput = z.object({
  code: requiredText(20),
  name: requiredTranslatable(200),
  organizationId: requiredId(),
});
export type TDepartmentInput = z.infer<typeof ZDepartmentInput>;

const organizations = { path: '/departments/organizations' };

export const departmentResource = {
  name: 'department',
  permission: 'departments',
  apiBase: '/departments',
  routeBase: '/configuration/department',
  schema: ZDepartmentInput,
  fields: [
    { key: 'organizationId', label: 'organization', kind: 'lookup', lookup: organizations, required: true },
    { key: 'code', kind: 'text', required: true },
    { key: 'name', kind: 'translatable', required: true },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'organization', path: 'organization.name', kind: 'translatable', sortable: true },
    { key: 'updatedAt', kind: 'date', sortable: true },
  ],
  filters: [{ key: 'organizationId', label: 'organization', kind: 'lookup', lookup: organizations }],
  defaultSort: 'code',
  editPermission: true,
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
