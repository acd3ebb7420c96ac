import type { z } from 'zod';
import { codeNameResource } from './codeNameResource';

export const organizationResource = codeNameResource({
  name: 'organization',
  permission: 'organizations',
  apiBase: '/organizations',
  routeBase: '/configuration/organization',
});
export const ZOrganizationInput = organizationResource.schema;
export type TOrganizationInput = z.infer<typeof ZOrganizationInput>;
