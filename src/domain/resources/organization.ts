import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const organizationResource = codeNameResource({
  ...resourceAddresses.organization,
  apiBase: '/organizations',
});
export const ZOrganizationInput = organizationResource.schema;
