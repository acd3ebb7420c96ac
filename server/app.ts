import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type FastifyServerOptions,
} from 'fastify';
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { areaByName } from '../src/domain/areas';
import { apiPrefix } from '../src/domain/constants';
import { attachmentRoutes } from './attachments/attachmentRoutes';
import { getDummyHash } from './auth/password';
import { createAuthService } from './auth/service';
import { createBackupService } from './backups/backupService';
import { backupDirOf } from './backups/backupStore';
import type { TConfig } from './config';
import { openDatabase, type TDatabase } from './db/client';
import { seed, type TSeedResult } from './db/seed';
import { duplicateRoutes } from './duplicates/duplicateRoutes';
import { registerDuplicateBinding } from './duplicates/findDuplicates';
import { createFileStore } from './files/fileStore';
import { createSignedInPreloads } from './http/signedInPreloads';
import { setStaticHeaders } from './http/staticHeaders';
import { createJobRunner } from './jobs/jobRuns';
import { serverModules } from './modules';
import { registerOperations } from './operations/operations';
import { requestIdOf } from './operations/requestId';
import { registerDbPriority } from './plugins/dbPriority';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerPermissions } from './plugins/permissions';
import { registerDeclaredResponses } from './plugins/responses';
import { registerSecurityHeaders } from './plugins/securityHeaders';
import { validatorCompiler } from './plugins/validation';
import { createAccessLogQueue } from './resources/accessLogQueue';
import { bulkRoutes } from './resources/bulkRoutes';
import { exportRoute } from './resources/exportRoute';
import { resourceRoutes } from './resources/resourceRoutes';
import { savedViewRoutes } from './resources/savedViewRoutes';
import { uploadRoutes } from './upload/uploadRoutes';
import { workflowRoutes } from './workflows/workflowRoutes';
import { workQueueRoutes } from './workQueue/workQueueRoutes';
import './types';

export type TBuildOptions = {
  /** Fastify's logger (off unless given; server/main.ts turns it on). */
  logger?: FastifyServerOptions['logger'];
  /** Epoch milliseconds; tests pass a controllable clock. */
  now?: () => number;
  /** Receives the one-time line announcing the created admin (default: console.log). */
  announce?: (line: string) => void;
  /** More route plugins under /api/v1 (tests use it to exercise the permission and error plumbing). */
  extraApiRoutes?: FastifyPluginAsyncZod[];
  /**
   * The client is being built while the app starts (npm start on a fresh clone): serve it once its
   * index.html appears instead of deciding at start that there is none.
   */
  clientBuilding?: boolean;
  /** Called before any route is registered, so its hooks see every route (the API tests' checks). */
  instrument?: (app: FastifyInstance) => void;
};

const announceAdmin = (created: TSeedResult['adminCreated'], announce: (line: string) => void) => {
  if (!created) return;
  announce(
    created.generated
      ? `Admin user "admin" created with password: ${created.password}  (shown only this once; keep it safe)`
      : 'Admin user "admin" created with the password from ADMIN_PASSWORD.',
  );
};

/**
 * A ready Fastify instance: database open, migrated and seeded, every route registered.
 * Closing the app closes the database.
 */
export const buildApp = async (config: TConfig, options: TBuildOptions = {}) => {
  // The app's logger exists only once the database is open: a pool error before then goes to the console.
  let log: FastifyBaseLogger | undefined;
  const database: TDatabase = await openDatabase(config, {
    onPoolError: (error) =>
      log
        ? log.error({ err: error }, 'PostgreSQL pool error')
        : console.error('PostgreSQL pool error:', error.message),
  });
  let seedResult: TSeedResult = {};
  try {
    await database.prepare(async (db) => {
      seedResult = await seed(db, { adminPassword: config.adminPassword });
    });
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  announceAdmin(seedResult.adminCreated, options.announce ?? console.log);

  const app = Fastify({
    logger: options.logger ?? false,
    // Each request's id: a load balancer's `x-request-id` when sane, else a new one; every log line
    // of the request carries it (`reqId`) and so does its answer (server/operations).
    genReqId: requestIdOf,
    // While stopping, server/operations refuses new requests itself (503 with the request id, in
    // the product's shape) and lets /health/ready say so.
    return503OnClosing: false,
    trustProxy: config.trustProxy,
    // Failures answered before any route runs keep the `{ statusCode, message }` shape.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  log = app.log;
  app.addHook('onClose', async () => {
    if (app.hasDecorator('backups')) await app.backups.stop();
    // The openings noted in the last second are written: a normal stop loses none.
    if (app.hasDecorator('accessLog')) await app.accessLog.stop().catch(() => undefined);
    await database.close();
  });
  try {
    await registerEverything(app, database, config, options);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  // Ready before the first unknown-user sign-in, so that one costs no more than the others.
  void getDummyHash();
  return app;
};

const registerEverything = async (
  app: FastifyInstance,
  database: TDatabase,
  config: TConfig,
  options: TBuildOptions,
) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const now = options.now ?? Date.now;
  app.decorate('config', config);
  app.decorate('db', database.db);
  // Uploaded files: in PostgreSQL when DATABASE_URL is set, so any process serves any (issue 36).
  app.decorate('files', createFileStore(config.dataDir, database));
  app.decorate('now', now);
  app.decorate('recordReaders', new Map());
  app.decorate(
    'accessLog',
    createAccessLogQueue({
      db: database.db,
      logError: (error) => app.log.error({ err: error }, 'access log: write failed'),
    }),
  );
  app.decorate(
    'workQueueSources',
    serverModules.flatMap((module) => module.workQueue ?? []),
  );
  app.decorate(
    'dashboardCards',
    serverModules.flatMap((module) => module.dashboard ?? []).sort((a, b) => a.order - b.order),
  );
  // Health, readiness, metrics, request ids and the refusals while stopping (issue 36): first, so
  // their hooks see every request.
  const operations = registerOperations(app, { database, metricsToken: config.metricsToken });
  // The timers' runs, once per cluster and recorded (issue 36, GET /admin/jobs).
  const jobs = createJobRunner({ database, now });
  app.decorate('jobs', jobs);
  // Backups (issue 27): made on request and, in the server, on the settings' schedule.
  const backups = createBackupService({
    dataDir: config.dataDir,
    backupDir: backupDirOf(config),
    database,
    db: database.db,
    now,
    log: () => app.log,
    onScheduledRun: app.jobMetrics.observer('backup_schedule'),
    jobs,
  });
  app.decorate('backups', backups);
  // Archives made before the list was in the database are listed from their state files once.
  const imported = await backups.importStateFiles();
  if (imported > 0) app.log.info({ imported }, 'Backups made before listed from their state files');
  if (config.backupSchedule) app.addHook('onReady', async () => backups.startSchedule());
  app.decorate(
    'auth',
    createAuthService({ db: database.db, authVersion: database.authVersion, config, now }),
  );

  const indexHtml = path.join(config.clientDir, 'index.html');
  let hasClient = existsSync(indexHtml);
  const signedInPreloads = createSignedInPreloads(config.clientDir);
  const serveSpa = (request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!hasClient && options.clientBuilding) hasClient = existsSync(indexHtml);
    if (!hasClient || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
    if (!(request.headers.accept ?? '').includes('text/html')) return false;
    const preloads = signedInPreloads(request.headers.cookie, request.url.split('?')[0]);
    if (preloads) reply.header('link', preloads);
    reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
  // First, so every answer carries them: the HTML, assets, the API, errors and 404s.
  await registerSecurityHeaders(app);
  registerErrorHandling(app, { serveSpa });
  // Before the permissions' hook: the session's own statements take the route's priority.
  registerDbPriority(app);
  registerPermissions(app);
  registerDeclaredResponses(app);
  options.instrument?.(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Adoption back office API',
        version: '1',
        description:
          'All routes under /api/v1. Send `Authorization: Bearer <access token>` and `locale: kh|en` ' +
          '(messages come back in that language; English without it). For operators, at the root: ' +
          '`/health/live`, `/health/ready` and `/metrics` (README, Running several servers).',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    // A multipart body is documented under `multipartBody` (the route validates it in its handler).
    transform: (document) => {
      const { multipartBody, ...schema } = (document.schema ?? {}) as FastifySchema;
      return jsonSchemaTransform({
        ...document,
        schema: multipartBody ? { ...schema, body: multipartBody } : schema,
      } as typeof document);
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  // At the root, where load balancers and Prometheus look (docs/decisions.md, issue 36).
  operations.registerRoutes();

  // API answers over 1 KB go out compressed (brotli at quality 4, else gzip) when the client accepts
  // it; request bodies are not inflated (an upload is taken as sent, within its size limit). Before
  // the static files, which then send the build's precompressed .br/.gz instead of compressing.
  await app.register(fastifyCompress, { global: true, threshold: 1024, globalDecompression: false });
  if (hasClient || options.clientBuilding) {
    await app.register(fastifyStatic, {
      suppressWarning: options.clientBuilding,
      root: config.clientDir,
      wildcard: true, // files added by a rebuild are served without a restart
      cacheControl: false,
      preCompressed: true,
      setHeaders: setStaticHeaders,
    });
  }

  await app.register(
    async (api) => {
      // Each feature's hooks, resources, workflows and own routes (server/modules).
      for (const module of serverModules) {
        module.register?.(api);
        for (const binding of module.resources ?? []) {
          await api.register(resourceRoutes(binding));
          // Every list the engine serves can be taken away as a file (issue 26).
          await api.register(exportRoute(binding));
          // The actions its area does to many selected records at once (issue 26).
          const bulkActions = areaByName(binding.definition.name)?.bulkActions ?? [];
          if (bulkActions.length > 0 && !binding.definition.readOnly)
            await api.register(bulkRoutes(binding, bulkActions));
        }
        for (const binding of module.workflows ?? []) await api.register(workflowRoutes(binding));
        for (const binding of module.attachments ?? []) await api.register(attachmentRoutes(binding));
        for (const routes of module.routes ?? []) await api.register(routes);
        // The duplicate check, the pairs and the merge of its records (issue 35).
        for (const binding of module.duplicates ?? []) {
          registerDuplicateBinding(binding);
          await api.register(duplicateRoutes(binding));
        }
      }
      // The work queue, from the sources the modules register (server/workQueue).
      await api.register(workQueueRoutes(app.workQueueSources));
      // Saved views and list preferences of every resource list with a screen (issue 26).
      await api.register(savedViewRoutes(serverModules.flatMap((module) => module.resources ?? [])));
      // Bulk import, for the resources the modules make importable (server/upload).
      await api.register(uploadRoutes(serverModules.flatMap((module) => module.imports ?? [])));
      for (const routes of options.extraApiRoutes ?? []) await api.register(routes);
    },
    { prefix: apiPrefix },
  );

  await app.ready();
};

export type TApp = Awaited<ReturnType<typeof buildApp>>;
