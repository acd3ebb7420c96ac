import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const communeResource = codeNameResource({
  ...resourceAddresses.commune,
  apiBase: '/communes',
  parents: [
    { key: 'provinceId', name: 'province', path: '/districts/provinces', sortable: true },
    { key: 'districtId', name: 'district', path: '/communes/districts', sortable: true, search: true },
  ],
});
export const ZCommuneInput = communeResource.schema;
