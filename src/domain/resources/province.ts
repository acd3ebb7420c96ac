import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const provinceResource = codeNameResource({
  ...resourceAddresses.province,
  apiBase: '/provinces',
});
export const ZProvinceInput = provinceResource.schema;
