import type { z } from 'zod';
import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const departmentResource = codeNameResource({
  ...resourceAddresses.department,
  apiBase: '/departments',
  parents: [
    { key: 'organizationId', name: 'organization', path: '/departments/organizations', sortable: true },
  ],
  storedParentKey: 'organizationId',
});
export const ZDepartmentInput = departmentResource.schema;
export type TDepartmentInput = z.infer<typeof ZDepartmentInput>;
