import type { z } from 'zod';
import { codeNameResource } from './codeNameResource';

export const provinceResource = codeNameResource({
  name: 'province',
  permission: 'provinces',
  apiBase: '/provinces',
  routeBase: '/configuration/province',
  // Spec section 6: 'province edit lists none'.
  editPermission: false,
});
export const ZProvinceInput = provinceResource.schema;
export type TProvinceInput = z.infer<typeof ZProvinceInput>;
