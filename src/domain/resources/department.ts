import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const departmentResource = codeNameResource({
  ...resourceAddresses.department,
  apiBase: '/departments',
  parents: [
    { key: 'organizationId', name: 'organization', path: '/departments/organizations', sortable: true },
  ],
});
export const ZDepartmentInput = departmentResource.schema;
