import type { z } from 'zod';
import { codeNameResource } from './codeNameResource';

export const communeResource = codeNameResource({
  name: 'commune',
  permission: 'communes',
  apiBase: '/communes',
  routeBase: '/configuration/commune',
  parents: [
    { key: 'provinceId', name: 'province', path: '/districts/provinces', sortable: true },
    { key: 'districtId', name: 'district', path: '/communes/districts', sortable: true },
  ],
  storedParentKey: 'districtId',
});
export const ZCommuneInput = communeResource.schema;
export type TCommuneInput = z.infer<typeof ZCommuneInput>;
