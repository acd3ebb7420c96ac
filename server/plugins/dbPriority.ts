import type { FastifyInstance } from 'fastify';
import { apiPrefix } from '../../src/domain/constants';
import { inBackground } from '../db/dbPriority';

/**
 * The routes whose answer is long work nobody watches statement by statement (issue 37): the
 * reports (and their workbooks), the record reports, every file built from a list or a report
 * (`.../export`, `....xlsx`) and the backups an administrator starts. A route may instead declare
 * `config.dbPriority` itself; this list is the default for the routes that do not.
 */
const backgroundRoute = (url: string, methods: string[]) => {
  const path = url.slice(apiPrefix.length);
  return (
    path.startsWith('/reports/') ||
    path.startsWith('/record-reports/') ||
    path.endsWith('/export') ||
    path.endsWith('.xlsx') ||
    (path === '/admin/backups' && methods.includes('POST'))
  );
};

/**
 * On the embedded database, a background route's statements (its whole request: the session's
 * check too) wait for the interactive ones (server/db/pgliteScheduler.ts); PostgreSQL ignores the
 * priority (it has a pool). Registered before the routes, whose `config` it completes.
 */
export const registerDbPriority = (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${apiPrefix}/`) || route.config?.dbPriority) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (backgroundRoute(route.url, methods)) route.config = { ...route.config, dbPriority: 'background' };
  });
  // A callback hook, so that the rest of the request (later hooks, the handler) runs inside it.
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config?.dbPriority === 'background') inBackground(done);
    else done();
  });
};
