import { resourceAddresses } from '@/domain/resourceAddresses';
import { auth, resourceScreen, type TFeature } from '../featureRoutes';
import { matchingPagePermission } from './matchingPagePermission';

/**
 * Matchings (issue 13): the list and board, the new matching (`matchings:update` page, `:write` to
 * save), the working page (`matchings:read`), the edit form and the printable summary
 * (`matchings:write`, as spec section 6 says).
 */
export const feature: TFeature = {
  name: 'matching',
  order: 30,
  resourcePages: [{ address: resourceAddresses.matching, area: { key: 'records' }, editIdOptional: false }],
  routes: [
    auth('/adoptive-matching', 'matchings:read', resourceScreen('matching', 'list')),
    auth('/adoptive-matching/create', matchingPagePermission, () => import('./create/MatchingCreatePage')),
    auth('/adoptive-matching/edit/:id', matchingPagePermission, resourceScreen('matching', 'edit')),
    auth('/adoptive-matching/matching/:id', 'matchings:read', () => import('./work/MatchingWorkPage')),
    auth('/adoptive-matching/show/:id', 'matchings:write', () => import('./show/MatchingShowPage')),
  ],
  workQueue: { readPermission: 'matchings:read', kind: () => import('./matchingWorkQueueKind') },
};
