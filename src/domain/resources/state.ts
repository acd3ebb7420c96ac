import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const stateResource = codeNameResource({
  ...resourceAddresses.state,
  apiBase: '/states',
  parents: [{ key: 'countryId', name: 'country', path: '/states/countries', sortable: true }],
});
export const ZStateInput = stateResource.schema;
