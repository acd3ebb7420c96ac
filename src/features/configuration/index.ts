import { resourceAddresses } from '@/domain/resourceAddresses';
import { auth, resourcePages, type TFeature, type TResourcePageRoute } from '../featureRoutes';

const area = { key: 'configuration' } as const;
const pages: TResourcePageRoute[] = [
  { address: resourceAddresses.province, area, editIdOptional: true },
  { address: resourceAddresses.state, area, editIdOptional: true },
  { address: resourceAddresses.district, area, editIdOptional: true },
  { address: resourceAddresses.commune, area, editIdOptional: true },
  { address: resourceAddresses.village, area, editIdOptional: true },
  { address: resourceAddresses.organization, area, editIdOptional: true },
  { address: resourceAddresses.department, area, editIdOptional: true },
  { address: resourceAddresses.position, area, editIdOptional: true },
  { address: resourceAddresses.headOffice, area, editIdOptional: false },
  { address: resourceAddresses.language, area, editIdOptional: true },
];

/** Configuration (issue 3): places, organisation and languages on the resource pages, and general information. */
export const feature: TFeature = {
  name: 'configuration',
  order: 80,
  resourcePages: pages,
  routes: [
    ...pages.flatMap(resourcePages),
    auth(
      '/configuration/general-information',
      'general_settings:read',
      () => import('./GeneralInformationPage'),
    ),
  ],
};
