import { resourceAddresses } from '@/domain/resourceAddresses';
import { auth, resourceScreen, type TFeature } from '../featureRoutes';
import { servicePagePermission } from './servicePagePermission';

/**
 * Services after adoption (issue 14): the list (with 'My follow-ups'), the new and edit forms
 * (`post_adoption_services:update`, saving a new one `:write`), the service's page
 * (`post_adoption_services:read`). The spec makes the id of the edit and show pages optional.
 */
export const feature: TFeature = {
  name: 'service',
  order: 40,
  resourcePages: [{ address: resourceAddresses.service, area: { key: 'records' }, editIdOptional: true }],
  routes: [
    auth('/service-after-adoption', 'post_adoption_services:read', resourceScreen('service', 'list')),
    auth('/service-after-adoption/create', servicePagePermission, resourceScreen('service', 'create')),
    auth('/service-after-adoption/edit/:id?', servicePagePermission, resourceScreen('service', 'edit')),
    auth(
      '/service-after-adoption/show/:id?',
      'post_adoption_services:read',
      () => import('./show/ServiceShowPage'),
    ),
  ],
  workQueue: { readPermission: 'post_adoption_services:read', kind: () => import('./serviceWorkQueueKind') },
};
