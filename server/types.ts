import type { TAuthService, TAuthUser } from './auth/service';
import type { TConfig } from './config';
import type { TDb } from './db/client';

/**
 * What a route needs to be called: `public` (anyone), `authenticated` (any signed-in user) or a
 * `resource:action` string checked with `hasPermission`.
 */
export type TRoutePermission = 'public' | 'authenticated' | (string & {});
export type TRoutePermissionEntry = { method: string; url: string; permission: TRoutePermission };

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: TRoutePermission;
  }
  interface FastifyInstance {
    config: TConfig;
    db: TDb;
    /** Epoch milliseconds; tests replace it to move time without sleeping. */
    now: () => number;
    auth: TAuthService;
    /** Every /api/v1 route with the permission it declares, in registration order. */
    routePermissions: TRoutePermissionEntry[];
  }
  interface FastifyRequest {
    /** The signed-in user, loaded from the database on each request; null on public routes. */
    user: TAuthUser | null;
  }
}
