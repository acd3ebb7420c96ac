import type { ZodType } from 'zod';
import type { TAuthService, TAuthUser } from './auth/service';
import type { TBackupService } from './backups/backupService';
import type { TConfig } from './config';
import type { TDashboardCard } from './dashboard/dashboardCard';
import type { TDb } from './db/client';
import type { TDbPriority } from './db/dbPriority';
import type { TFileStore } from './files/fileStore';
import type { TJobRunner } from './jobs/jobRuns';
import type { TAccessLogQueue } from './resources/accessLogQueue';
import type { TRecordReader } from './resources/recordReaders';
import type { TWorkQueueSource } from './workQueue/workQueueSource';

/**
 * What a route needs to be called: `public` (anyone), `authenticated` (any signed-in user) or a
 * `resource:action` string checked with `hasPermission`.
 */
export type TRoutePermission = 'public' | 'authenticated' | (string & {});
export type TRoutePermissionEntry = {
  method: string;
  url: string;
  permission: TRoutePermission;
  /** A write's: who may receive the record it answers (`config.answers`). */
  answers?: TRoutePermission;
};

declare module 'fastify' {
  interface FastifySchema {
    /** A multipart body, for the OpenAPI document only (server/plugins/responses.ts `multipartBody`). */
    multipartBody?: ZodType;
  }
  interface FastifyContextConfig {
    permission?: TRoutePermission;
    /**
     * A write's (POST, PUT, PATCH, DELETE guarded by a `resource:action`): the permission needed to
     * receive the record it answers, normally the resource's `:read`. A caller without it gets only
     * `{ data: { id, version } }` (what a next write needs), never the record. Required on such routes.
     */
    answers?: TRoutePermission;
    /**
     * The child record a route's address names, for the office scope (DESIGN.md section 7): the
     * child's id, or a document whose child it is. A user kept to an office gets 404 for a child
     * of another office (server/modules/children/childScope.ts).
     */
    childOf?: (request: FastifyRequest) => { childId: number } | { documentId: number };
    /**
     * The route reads or writes the child's origins (its birth family): a sealed child whose
     * origins this user has not opened answers 403 (server/modules/children/childScope.ts).
     */
    origins?: boolean;
    /**
     * Whose statements the route's are on the embedded database's one connection (issue 37):
     * 'background' ones wait for interactive ones (server/plugins/dbPriority.ts lists the defaults).
     */
    dbPriority?: TDbPriority;
  }
  interface FastifyInstance {
    config: TConfig;
    db: TDb;
    /** Epoch milliseconds; tests replace it to move time without sleeping. */
    now: () => number;
    auth: TAuthService;
    /** Every /api/v1 route with the permission it declares, in registration order. */
    routePermissions: TRoutePermissionEntry[];
    /** Each resource's read of one record, by API base (server/resources/recordReaders.ts). */
    recordReaders: Map<string, TRecordReader>;
    /** Every module's work-queue sources (the work queue's route and the dashboard's count ask them). */
    workQueueSources: readonly TWorkQueueSource[];
    /** Every module's dashboard cards, in their order (server/dashboard/dashboardCard.ts). */
    dashboardCards: readonly TDashboardCard[];
    /** The backups of this server's database and files (server/backups). */
    backups: TBackupService;
    /** The background jobs' runs, once per cluster and recorded (server/jobs, issue 36). */
    jobs: TJobRunner;
    /** Where uploaded files are kept: DATA_DIR/files, or PostgreSQL when DATABASE_URL is set (issue 36). */
    files: TFileStore;
    /** Who opened which record, written in batches (server/resources/accessLogQueue.ts, issue 37). */
    accessLog: TAccessLogQueue;
  }
  interface FastifyRequest {
    /** The signed-in user, loaded from the database on each request; null on public routes. */
    user: TAuthUser | null;
  }
}
