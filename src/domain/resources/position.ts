import type { z } from 'zod';
import { codeNameResource } from './codeNameResource';

export const positionResource = codeNameResource({
  name: 'position',
  permission: 'positions',
  apiBase: '/positions',
  routeBase: '/configuration/position',
  parents: [
    { key: 'organizationId', name: 'organization', path: '/departments/organizations' },
    { key: 'departmentId', name: 'department', path: '/positions/departments', sortable: true },
  ],
  storedParentKey: 'departmentId',
});
export const ZPositionInput = positionResource.schema;
export type TPositionInput = z.infer<typeof ZPositionInput>;
