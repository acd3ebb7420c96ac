import { resourceAddresses } from '@/domain/resourceAddresses';
import { auth, resourceScreen, type TFeature } from '../featureRoutes';
import { childPagePermission } from '../pagePermissions';

/** Children (issue 5): the list, the form (guarded by `:update`, spec section 6), the case summary, the adoptable list. */
export const feature: TFeature = {
  name: 'child',
  order: 10,
  resourcePages: [{ address: resourceAddresses.child, area: { key: 'records' }, editIdOptional: false }],
  routes: [
    auth('/can-adopt-child', 'adoptive_children:read', () => import('./CanAdoptChildPage')),
    auth('/adoptive-child/child', 'adoptive_children:read', resourceScreen('child', 'list')),
    auth('/adoptive-child/child/create', childPagePermission, resourceScreen('child', 'create')),
    auth('/adoptive-child/child/edit/:id', childPagePermission, resourceScreen('child', 'edit')),
    auth('/adoptive-child/child/show/:id', 'adoptive_children:read', () => import('./show/ChildShowPage')),
  ],
};
