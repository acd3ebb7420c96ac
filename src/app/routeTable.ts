import * as loginScreen from '@/features/auth/LoginPage';
import { features } from '@/features/featureRegistry';
import { auth } from '@/features/featureRoutes';
import type { TRouteEntry } from '@/platform/screenRegistry';

/**
 * Every route of spec section 2, with its guards and permission (spec section 6): the sign-in and
 * home pages, then every feature's routes (src/features/<feature>/index.ts, found by the feature
 * registry: a new area adds its own file, not a line here).
 */
export type { TGuardName, TRouteEntry, TScreenModule } from '@/platform/screenRegistry';

export const routeTable: TRouteEntry[] = [
  {
    path: '/login',
    guards: ['authenticated'],
    layout: 'login',
    // In the first download: the sign-in page paints without waiting for one more file (issue 11).
    screen: async () => loginScreen,
  },
  auth('/', undefined, () => import('@/features/home/HomePage')),
  ...features.flatMap((feature) => feature.routes ?? []),
];
