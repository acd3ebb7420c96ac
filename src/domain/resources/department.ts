import type { z } from 'zod';
import { codeNameResource } from './codeNameResource';

export const departmentResource = codeNameResource({
  name: 'department',
  permission: 'departments',
  apiBase: '/departments',
  routeBase: '/configuration/department',
  parents: [
    { key: 'organizationId', name: 'organization', path: '/departments/organizations', sortable: true },
  ],
  storedParentKey: 'organizationId',
});
export const ZDepartmentInput = departmentResource.schema;
export type TDepartmentInput = z.infer<typeof ZDepartmentInput>;
