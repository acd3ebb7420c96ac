import type { z } from 'zod';
import { resourceAddresses } from '../resourceAddresses';
import { codeNameResource } from './codeNameResource';

export const organizationResource = codeNameResource({
  ...resourceAddresses.organization,
  apiBase: '/organizations',
});
export const ZOrganizationInput = organizationResource.schema;
export type TOrganizationInput = z.infer<typeof ZOrganizationInput>;
