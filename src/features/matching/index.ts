import { areaPermission } from '@/domain/areas/area';
import { matchingArea } from '@/domain/areas/matching.area';
import { areaFeature } from '../areaFeature';
import { auth } from '../featureRoutes';

/**
 * Matchings (issue 13): the list and board, the new matching (its own page: candidates by
 * compatibility), the edit form, the printable summary (`matchings:write`, spec section 6) and the
 * working page a matching opens on (`matchings:read`).
 */
export const feature = areaFeature(matchingArea, {
  order: 30,
  create: () => import('./create/MatchingCreatePage'),
  show: () => import('./show/MatchingShowPage'),
  workQueueKind: () => import('./matchingWorkQueueKind'),
  routes: [
    auth(
      `${matchingArea.routeBase}/matching/:id`,
      areaPermission(matchingArea, 'read'),
      () => import('./work/MatchingWorkPage'),
    ),
  ],
});
