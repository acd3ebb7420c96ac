import { lazy } from 'react';
import { serviceArea } from '@/domain/areas/service.area';
import { browserReloadGuardDeps, importWithReloadGuard } from '@/platform/chunkReload';
import { areaFeature } from '../areaFeature';

/** Services after adoption (issue 14): the area's pages (ids optional, as the spec says) and the service's page. */
export const feature = areaFeature(serviceArea, {
  order: 40,
  show: () => import('./show/ServiceShowPage'),
  workQueueKind: () => import('./serviceWorkQueueKind'),
});

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
