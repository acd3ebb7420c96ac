import { resourceAddresses } from '@/domain/resourceAddresses';
import { auth, resourceScreen, type TFeature } from '../featureRoutes';
import { parentPagePermission } from '../pagePermissions';

/** Parent applications (issue 12): like children, create and edit are guarded by `:update` (spec section 6). */
export const feature: TFeature = {
  name: 'parent',
  order: 20,
  resourcePages: [{ address: resourceAddresses.parent, area: { key: 'records' }, editIdOptional: false }],
  routes: [
    auth('/adoptive-parents/parents', 'adoptive_parents:read', resourceScreen('parent', 'list')),
    auth('/adoptive-parents/parents/create', parentPagePermission, resourceScreen('parent', 'create')),
    auth('/adoptive-parents/parents/edit/:id', parentPagePermission, resourceScreen('parent', 'edit')),
    auth(
      '/adoptive-parents/parents/show/:id',
      'adoptive_parents:read',
      () => import('./show/ParentShowPage'),
    ),
  ],
  workQueue: { readPermission: 'adoptive_parents:read', kind: () => import('./parentWorkQueueKind') },
};
