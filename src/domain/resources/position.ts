import type { z } from 'zod';
import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const positionResource = codeNameResource({
  ...resourceAddresses.position,
  apiBase: '/positions',
  parents: [
    { key: 'organizationId', name: 'organization', path: '/departments/organizations' },
    { key: 'departmentId', name: 'department', path: '/positions/departments', sortable: true },
  ],
  storedParentKey: 'departmentId',
});
export const ZPositionInput = positionResource.schema;
export type TPositionInput = z.infer<typeof ZPositionInput>;
