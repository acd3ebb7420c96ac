import type { z } from 'zod';
import { codeNameResource } from './codeNameResource';

export const stateResource = codeNameResource({
  name: 'state',
  permission: 'states',
  apiBase: '/states',
  routeBase: '/configuration/state',
  parents: [{ key: 'countryId', name: 'country', path: '/states/countries', sortable: true }],
  storedParentKey: 'countryId',
});
export const ZStateInput = stateResource.schema;
export type TStateInput = z.infer<typeof ZStateInput>;
