import { serviceArea } from '@/domain/areas/service.area';
import { areaFeature } from '../areaFeature';

/** Services after adoption (issue 14): the area's pages (ids optional, as the spec says) and the service's page. */
export const feature = areaFeature(serviceArea, {
  order: 40,
  show: () => import('./show/ServiceShowPage'),
  workQueueKind: () => import('./serviceWorkQueueKind'),
});
