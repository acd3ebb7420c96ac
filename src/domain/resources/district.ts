import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const districtResource = codeNameResource({
  ...resourceAddresses.district,
  apiBase: '/districts',
  parents: [{ key: 'provinceId', name: 'province', path: '/districts/provinces', sortable: true }],
});
export const ZDistrictInput = districtResource.schema;
