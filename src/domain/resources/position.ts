import { z } from 'zod';
import type { TResourceDefinition } from '../resource';
import { requiredId, requiredText, requiredTranslatable } from '../rules';

export const ZPositionInput = z.object({
  code: requiredText(20),
  name: requiredTranslatable(200),
  departmentId: requiredId(),
});
export type TPositionInput = z.infer<typeof ZPositionInput>;

const organizations = { path: '/departments/organizations' };
const departments = {
  path: '/positions/departments',
  dependsOn: 'organizationId',
  queryKey: 'organizationId',
};

export const positionResource = {
  name: 'position',
  permission: 'positions',
  apiBase: '/positions',
  routeBase: '/configuration/position',
  schema: ZPositionInput,
  fields: [
    {
      key: 'organizationId',
      label: 'organization',
      kind: 'lookup',
      lookup: organizations,
      virtual: true,
      from: 'organization.id',
      required: true,
    },
    { key: 'departmentId', label: 'department', kind: 'lookup', lookup: departments, required: true },
    { key: 'code', kind: 'text', required: true },
    { key: 'name', kind: 'translatable', required: true },
  ],
  columns: [
    { key: 'code', kind: 'text', sortable: true },
    { key: 'name', kind: 'translatable', sortable: true, flex: 2 },
    { key: 'department', path: 'department.name', kind: 'translatable', sortable: true },
    { key: 'organization', path: 'organization.name', kind: 'translatable' },
    { key: 'updatedAt', kind: 'date', sortable: true },
  ],
  filters: [
    { key: 'organizationId', label: 'organization', kind: 'lookup', lookup: organizations },
    { key: 'departmentId', label: 'department', kind: 'lookup', lookup: departments },
  ],
  defaultSort: 'code',
  editPermission: true,
  titleOf: (row) => row.name,
} satisfies TResourceDefinition;
