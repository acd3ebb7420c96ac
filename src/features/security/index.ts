import { resourceAddresses } from '@/domain/resourceAddresses';
import { auth, resourcePages, type TFeature, type TResourcePageRoute } from '../featureRoutes';

const area = { key: 'security' } as const;
const pages: TResourcePageRoute[] = [
  { address: resourceAddresses.role, area, editIdOptional: true },
  { address: resourceAddresses.user, area, editIdOptional: true },
  { address: resourceAddresses.systemMenu, area, editIdOptional: true },
  { address: resourceAddresses.auditEntry, area, editIdOptional: true },
];

/**
 * Security (issue 4): roles and users (edit needs `:write`), the developer-only system menus, the
 * audit log (issue 12) and the assign-permission screen.
 */
export const feature: TFeature = {
  name: 'security',
  order: 70,
  resourcePages: pages,
  routes: [
    ...pages.flatMap(resourcePages),
    auth('/security/assign-permission', 'assign_permissions:read', () => import('./AssignPermissionPage')),
  ],
};
