import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPrefix } from '../../src/domain/constants';
import { hasPermission } from '../../src/domain/permissions';
import { noPermission, unauthenticated } from '../errors';
import type { TRoutePermissionEntry } from '../types';

const bearerToken = (request: FastifyRequest): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
};

/**
 * Every /api/v1 route must declare `config.permission` (startup fails otherwise), and every request
 * is checked against it with the user's current roles and permissions.
 */
export const registerPermissions = (app: FastifyInstance) => {
  const entries: TRoutePermissionEntry[] = [];
  app.decorate('routePermissions', entries);
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${apiPrefix}/`)) return;
    const permission = route.config?.permission;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (method) => method !== 'HEAD',
    );
    if (!permission) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no permission (config.permission).`);
    }
    for (const method of methods) entries.push({ method, url: route.url, permission });
    // Shown in the OpenAPI document: who may call it and how.
    route.schema ??= {};
    const schema = route.schema as Record<string, unknown>;
    schema.description = [schema.description, `Permission: \`${permission}\``].filter(Boolean).join('\n\n');
    if (permission !== 'public') schema.security = [{ bearerAuth: [] }];
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission || permission === 'public') return;
    const token = bearerToken(request);
    const user = token ? await app.auth.authenticate(token) : null;
    if (!user) throw unauthenticated();
    request.user = user;
    if (permission !== 'authenticated' && !hasPermission(user, permission)) throw noPermission();
  });
};

/** The signed-in user of a route declared `authenticated` or stricter. */
export const currentUser = (request: FastifyRequest) => {
  if (!request.user) throw unauthenticated();
  return request.user;
};

export { bearerToken };
