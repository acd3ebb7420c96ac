import { parentArea } from '@/domain/areas/parent.area';
import { areaFeature } from '../areaFeature';

/** Parent applications (issue 12): the area's pages and the application's show page. */
export const feature = areaFeature(parentArea, {
  order: 20,
  show: () => import('./show/ParentShowPage'),
  workQueueKind: () => import('./parentWorkQueueKind'),
});
