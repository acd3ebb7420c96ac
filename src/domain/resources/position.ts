import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const positionResource = codeNameResource({
  ...resourceAddresses.position,
  apiBase: '/positions',
  parents: [
    { key: 'organizationId', name: 'organization', path: '/departments/organizations' },
    { key: 'departmentId', name: 'department', path: '/positions/departments', sortable: true },
  ],
});
export const ZPositionInput = positionResource.schema;
