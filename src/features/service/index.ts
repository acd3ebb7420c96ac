import { lazy } from 'react';
import { resourceAddresses } from '@/domain/resourceAddresses';
import { browserReloadGuardDeps, importWithReloadGuard } from '@/platform/chunkReload';
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
};

/**
 * The services card the child's page and a completed matching's page show (other features reach a
 * feature only through its index.ts). Lazy: this file is in every page's first download, the card
 * loads with the first page that draws it (inside a Suspense of that page).
 */
export const AdoptionServicesCard = lazy(() =>
  importWithReloadGuard(
    () => import('./AdoptionServicesCard').then((module) => ({ default: module.AdoptionServicesCard })),
    browserReloadGuardDeps(),
  ),
);
