import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const villageResource = codeNameResource({
  ...resourceAddresses.village,
  apiBase: '/villages',
  parents: [
    { key: 'provinceId', name: 'province', path: '/districts/provinces' },
    { key: 'districtId', name: 'district', path: '/communes/districts', search: true },
    { key: 'communeId', name: 'commune', path: '/villages/communes', sortable: true, search: true },
  ],
});
export const ZVillageInput = villageResource.schema;
