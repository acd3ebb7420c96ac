import type { z } from 'zod';
import { codeNameResource } from './codeNameResource';

export const districtResource = codeNameResource({
  name: 'district',
  permission: 'districts',
  apiBase: '/districts',
  routeBase: '/configuration/district',
  parents: [{ key: 'provinceId', name: 'province', path: '/districts/provinces', sortable: true }],
  storedParentKey: 'provinceId',
});
export const ZDistrictInput = districtResource.schema;
export type TDistrictInput = z.infer<typeof ZDistrictInput>;
