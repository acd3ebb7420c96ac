import type { FastifyInstance } from 'fastify';
import { declaresStatus } from '../../../server/plugins/responses';
import { apiPrefix } from '../../../src/domain/constants';

/** One status a route answered that its schema does not declare, with the first request that got it. */
export type TUndeclaredStatus = { route: string; statusCode: number; example: string };

/**
 * Issue 22 item 10: the OpenAPI document is the API. Installed on every API test app
 * (tests/api/testApp.ts): records each answer of an /api/v1 route whose status the route's schema
 * does not declare, so every API test file doubles as the check (the app's close fails listing them).
 * Answers given before any route matched (an unknown path, a malformed URL) belong to no route.
 */
export const watchDeclaredStatuses = (app: FastifyInstance) => {
  const undeclared = new Map<string, TUndeclaredStatus>();
  app.addHook('onResponse', async (request, reply) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith(`${apiPrefix}/`)) return;
    if (declaresStatus(request.routeOptions.schema?.response, reply.statusCode)) return;
    const route = `${request.method} ${url}`;
    const key = `${route} ${reply.statusCode}`;
    if (!undeclared.has(key)) {
      undeclared.set(key, {
        route,
        statusCode: reply.statusCode,
        example: `${request.method} ${request.url.slice(0, 200)}`,
      });
    }
  });
  return {
    undeclared: () => [...undeclared.values()],
    /** Forgets what was recorded with `statusCode`: a test provoking a failure on purpose (a 500 by fault injection). */
    forgive: (statusCode: number) => {
      for (const [key, entry] of undeclared) if (entry.statusCode === statusCode) undeclared.delete(key);
    },
    /** Throws listing every undeclared status seen (none: nothing). */
    assertNone: () => {
      if (undeclared.size === 0) return;
      const lines = [...undeclared.values()]
        .sort((a, b) => a.route.localeCompare(b.route) || a.statusCode - b.statusCode)
        .map((entry) => `  ${entry.route} answered ${entry.statusCode} (e.g. ${entry.example})`);
      throw new Error(
        `${undeclared.size} status(es) answered but not declared in the route's schema (OpenAPI document):\n${lines.join('\n')}`,
      );
    },
  };
};
