import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDatabase } from '../db/client';
import { migrationsFolder } from '../db/client';
import { rowsOf } from '../db/rowsOf';
import { ApiError, noPermission } from '../errors';
import { bearerToken } from '../plugins/permissions';
import {
  createHttpMetrics,
  createJobMetrics,
  exposition,
  metricsContentType,
  type TMetricFamily,
} from './metrics';
import { requestIdHeader } from './requestId';

/**
 * Issue 36, 'Operable': what a load balancer and an operator ask of each server process.
 *  - `GET /health/live`: the process answers (restart it when it does not);
 *  - `GET /health/ready`: the database answers and has every migration this code knows; 503 while
 *    not, and while the process is stopping (send it no more requests);
 *  - `GET /metrics`: Prometheus text, to loopback callers or with `METRICS_TOKEN`;
 *  - every answer carries its request id (`x-request-id`), which every log line of it carries too;
 *  - while stopping, a new request is refused with 503 and an answer in flight closes its connection.
 * At the root, not under /api/v1: where load balancers and Prometheus look by default
 * (docs/decisions.md, issue 36).
 */

/** How long the readiness check waits for the database: an unreachable one must not hang the probe. */
const readinessTimeoutMs = 2000;

/** The last migration this code knows: drizzle records each applied one by its journal's `when`. */
const lastMigrationMillis = (): number => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
};

type TReadiness = {
  database: 'ok' | 'unreachable' | 'unknown';
  migrations: 'done' | 'pending' | 'unknown';
  stopping: boolean;
};

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

/** 127.0.0.0/8 and ::1, written as IPv4, IPv6 or IPv4-mapped IPv6. */
const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || /^(::ffff:)?127\./.test(address));

/**
 * The caller is on this machine: the connection comes from a loopback address and no proxy says it
 * forwards someone else's request (a reverse proxy on the same machine connects from loopback for
 * every client). The socket's address, never `request.ip`, which X-Forwarded-For can set.
 */
const fromThisMachine = (request: FastifyRequest) =>
  isLoopback(request.raw.socket?.remoteAddress) &&
  request.headers['x-forwarded-for'] === undefined &&
  request.headers.forwarded === undefined;

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Compared in constant time (both sides hashed to one length first). */
const sameToken = (given: string | undefined, expected: string | undefined) =>
  !!given && !!expected && timingSafeEqual(digest(given), digest(expected));

const ZReadiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable', 'unknown']),
  migrations: z.enum(['done', 'pending', 'unknown']),
  stopping: z.boolean(),
});

/**
 * Adds the hooks at once (call it before any other hook: the request id goes on every answer) and
 * answers `registerRoutes`, to call where routes are registered (after the OpenAPI plugin).
 */
export const registerOperations = (
  app: FastifyInstance,
  { database, metricsToken }: { database: Pick<TDatabase, 'driver' | 'pool'>; metricsToken?: string },
) => {
  const http = createHttpMetrics();
  const jobs = createJobMetrics();
  app.decorate('jobMetrics', jobs);
  const knownMigration = lastMigrationMillis();
  let stopping = false;

  // Before every other hook, so that every answer carries its id: a refusal, a 404, a 400.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
    // Requests that arrive on an open connection while the process stops (return503OnClosing is
    // off so that this answer has the product's shape and the request id).
    if (stopping && !request.routeOptions.url?.startsWith('/health/')) throw new ApiError(503, 'stopping');
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    // An answer finished while stopping closes its connection, else the client's keep-alive would
    // hold the process open until its timeout.
    if (stopping) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    http.finished(
      {
        method: request.method,
        // The pattern (`/api/v1/children/:id`), never the URL: one series per route, not per record.
        route: request.routeOptions.url ?? '(no route)',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('preClose', async () => {
    stopping = true;
  });

  const readiness = async (): Promise<TReadiness> => {
    // Not asked once stopping: the database is about to close, and the answer is 503 whatever it says.
    if (stopping) return { database: 'unknown', migrations: 'unknown', stopping };
    try {
      const [row] = await withTimeout(
        rowsOf<{ last: string | number | null }>(
          app.db,
          sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
        ),
        readinessTimeoutMs,
      );
      const done = row?.last !== null && row?.last !== undefined && Number(row.last) >= knownMigration;
      return { database: 'ok', migrations: done ? 'done' : 'pending', stopping };
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: the database did not answer');
      return { database: 'unreachable', migrations: 'unknown', stopping };
    }
  };

  const families = async (): Promise<TMetricFamily[]> => {
    const pool = database.pool?.();
    const backups = await app.backups.list().catch(() => undefined);
    const lastDone = backups?.find((backup) => backup.state === 'done' && backup.finishedAt);
    const lastDoneAt = lastDone?.finishedAt ? Date.parse(lastDone.finishedAt) : undefined;
    const memory = process.memoryUsage();
    return [
      ...http.families(),
      {
        name: 'adoption_database_info',
        help: 'The database this process uses (driver: pglite, the embedded one; postgres).',
        type: 'gauge',
        samples: [{ labels: { driver: database.driver }, value: 1 }],
      },
      {
        name: 'adoption_database_pool_connections',
        help: 'PostgreSQL connections of this process by state (total, idle, max); the embedded database has no pool.',
        type: 'gauge',
        samples: pool
          ? [
              { labels: { state: 'total' }, value: pool.total },
              { labels: { state: 'idle' }, value: pool.idle },
              { labels: { state: 'max' }, value: pool.max },
            ]
          : [],
      },
      {
        name: 'adoption_database_pool_waiting',
        help: 'Queries waiting for a PostgreSQL connection of this process.',
        type: 'gauge',
        samples: pool ? [{ value: pool.waiting }] : [],
      },
      {
        name: 'adoption_backups',
        help: 'Backups listed, by state (running, done, failed).',
        type: 'gauge',
        samples: backups
          ? (['running', 'done', 'failed'] as const).map((state) => ({
              labels: { state },
              value: backups.filter((backup) => backup.state === state).length,
            }))
          : [],
      },
      {
        name: 'adoption_backup_last_success_timestamp_seconds',
        help: 'When the newest finished backup ended (Unix time); absent when there is none.',
        type: 'gauge',
        samples: lastDoneAt === undefined ? [] : [{ value: lastDoneAt / 1000 }],
      },
      {
        name: 'adoption_backup_last_success_age_seconds',
        help: 'How long ago the newest finished backup ended; absent when there is none.',
        type: 'gauge',
        samples: lastDoneAt === undefined ? [] : [{ value: Math.max(0, (app.now() - lastDoneAt) / 1000) }],
      },
      ...jobs.families(),
      {
        name: 'process_start_time_seconds',
        help: 'When this process started (Unix time).',
        type: 'gauge',
        samples: [{ value: Math.round(Date.now() / 1000 - process.uptime()) }],
      },
      {
        name: 'process_resident_memory_bytes',
        help: 'Resident memory of this process.',
        type: 'gauge',
        samples: [{ value: memory.rss }],
      },
      {
        name: 'nodejs_heap_used_bytes',
        help: 'JavaScript heap in use.',
        type: 'gauge',
        samples: [{ value: memory.heapUsed }],
      },
    ];
  };

  const registerRoutes = () => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/health/live',
      {
        config: { permission: 'public' },
        // Probed every few seconds: their lines would bury the others; failures are still logged.
        logLevel: 'warn',
        schema: {
          description: 'The process answers (for a load balancer or an orchestrator; no sign-in).',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );
    routes.get(
      '/health/ready',
      {
        config: { permission: 'public' },
        logLevel: 'warn',
        schema: {
          description:
            'The process may take requests: its database answers and has every migration it needs. ' +
            '503 otherwise, and while the process is stopping (no sign-in).',
          response: { 200: ZReadiness, 503: ZReadiness },
        },
      },
      async (_request, reply) => {
        const state = await readiness();
        const ready = state.database === 'ok' && state.migrations === 'done' && !state.stopping;
        reply.header('cache-control', 'no-store');
        return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', ...state });
      },
    );
    routes.get(
      '/metrics',
      {
        config: { permission: 'public' },
        logLevel: 'warn',
        schema: {
          description:
            'Prometheus metrics (text format): to a caller on this machine, or with `Authorization: Bearer <METRICS_TOKEN>`.',
        },
      },
      async (request, reply) => {
        if (!fromThisMachine(request) && !sameToken(bearerToken(request), metricsToken)) throw noPermission();
        reply.header('cache-control', 'no-store').type(metricsContentType);
        return exposition(await families());
      },
    );
  };
  return { registerRoutes };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's background jobs' runs, for the metrics (issue 36). */
    jobMetrics: ReturnType<typeof createJobMetrics>;
  }
}
