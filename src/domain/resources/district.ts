import type { z } from 'zod';
import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const districtResource = codeNameResource({
  ...resourceAddresses.district,
  apiBase: '/districts',
  parents: [{ key: 'provinceId', name: 'province', path: '/districts/provinces', sortable: true }],
  storedParentKey: 'provinceId',
});
export const ZDistrictInput = districtResource.schema;
export type TDistrictInput = z.infer<typeof ZDistrictInput>;
