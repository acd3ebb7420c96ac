import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadConfig } from '../../../server/config';
import { startServer } from '../../../server/main';

/**
 * The server as a process (tests/api/shutdown.test.ts), with one more route: `GET /api/v1/test/slow`
 * says in the log that it started, waits for SIGTERM, then until the server has stopped listening,
 * reads the database and answers. A request in flight through a stop, without a timed sleep.
 * The environment's configuration; on PGlite (no DATABASE_URL) a database in memory from the
 * tests' migrated template (MEMORY_TEMPLATE).
 */
const slowRoute: FastifyPluginAsyncZod = async (api) => {
  api.get('/test/slow', { config: { permission: 'public' } }, async (request) => {
    const stop = new Promise((resolve) => process.once('SIGTERM', resolve));
    request.log.info('slow request started');
    await stop;
    while (api.server.listening) await new Promise((resolve) => setTimeout(resolve, 5));
    await api.db.execute(sql`select 1`);
    return { listeningWhenAnswered: api.server.listening, database: 'ok' };
  });
};

const config = loadConfig();
await startServer({
  config: config.databaseUrl
    ? config
    : { ...config, databaseUrl: 'memory://', memoryTemplate: process.env.MEMORY_TEMPLATE },
  extraApiRoutes: [slowRoute],
});
