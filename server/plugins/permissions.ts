import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPrefix } from '../../src/domain/constants';
import { hasPermission } from '../../src/domain/permissions';
import { noPermission, unauthenticated } from '../errors';
import type { TRoutePermissionEntry } from '../types';

const bearerToken = (request: FastifyRequest): string | undefined => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
};

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a route guarded by `permission` is a write that must say who may receive its answer. */
const needsAnswers = (method: string, permission: string) =>
  writeMethods.has(method) && permission !== 'public' && permission !== 'authenticated';

const passes = (user: Parameters<typeof hasPermission>[0], permission: string) =>
  permission === 'public' || (!!user && permission === 'authenticated') || hasPermission(user, permission);

/** What a writer without the read permission gets of a record: its id and version, nothing it did not send. */
const onlyKeys = (record: unknown): unknown => {
  if (Array.isArray(record)) return record.map(onlyKeys);
  if (!record || typeof record !== 'object') return null;
  const { id, version } = record as Record<string, unknown>;
  return { ...(id !== undefined ? { id } : {}), ...(version !== undefined ? { version } : {}) };
};

/**
 * Every /api/v1 route must declare `config.permission` (startup fails otherwise), and every request
 * is checked against it with the user's current roles and permissions. A write guarded by a
 * permission must also declare `config.answers`: a caller who does not pass it gets `{ id, version }`
 * of the record instead of the record (a write never reads for someone who may not read).
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
    const answers = route.config?.answers;
    if (!answers && methods.some((method) => needsAnswers(method, permission))) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no config.answers: who may receive the record it answers.`,
      );
    }
    for (const method of methods) entries.push({ method, url: route.url, permission, answers });
    // Shown in the OpenAPI document: who may call it and how.
    route.schema ??= {};
    const schema = route.schema as Record<string, unknown>;
    schema.description = [
      schema.description,
      `Permission: \`${permission}\``,
      answers && answers !== permission
        ? `Without \`${answers}\` the answer holds only \`{ data: { id, version } }\`, not the record.`
        : undefined,
    ]
      .filter(Boolean)
      .join('\n\n');
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

  // After serialization, so the route's own response schema is untouched; only for the rare caller
  // who may write but not read.
  app.addHook('onSend', async (request, reply, payload) => {
    const answers = request.routeOptions.config?.answers;
    if (!answers || passes(request.user, answers) || typeof payload !== 'string') return payload;
    if (reply.statusCode >= 300) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!body || typeof body !== 'object' || !('data' in body)) return payload;
    return JSON.stringify({ data: onlyKeys((body as { data: unknown }).data) });
  });
};

/** The signed-in user of a route declared `authenticated` or stricter. */
export const currentUser = (request: FastifyRequest) => {
  if (!request.user) throw unauthenticated();
  return request.user;
};

export { bearerToken };
