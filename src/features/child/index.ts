import { childArea } from '@/domain/areas/child.area';
import { areaFeature } from '../areaFeature';
import { auth } from '../featureRoutes';

/** Children (issue 5): the area's pages, the case summary, and the list of children who can be adopted. */
export const feature = areaFeature(childArea, {
  order: 10,
  show: () => import('./show/ChildShowPage'),
  routes: [auth('/can-adopt-child', 'adoptive_children:read', () => import('./CanAdoptChildPage'))],
});
