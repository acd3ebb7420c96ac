import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type TDashboard, ZDashboard } from '../../../src/domain/dashboard';
import { isoDateIn } from '../../../src/domain/programmeTime';
import { withoutJit } from '../../db/withoutJit';
import { errorResponses } from '../../http/schemas';
import { requestLocale } from '../../plugins/locale';
import { currentUser } from '../../plugins/permissions';
import { readSettings } from '../../settings/readSettings';
import { countWorkQueue } from '../../workQueue/collectWorkQueue';
import { defaultWorkQueueExactLimit } from '../../workQueue/queueTotal';
import { dashboardScope, recentChanges } from './dashboardCounts';

/**
 * The dashboard (DESIGN.md section 6, issue 24): `GET /dashboard` answers the signed-in user's
 * cards, each only when their permissions allow it and within their office scope; counts by SQL
 * aggregates, asked one after the other (one connection). The work queue's count is the work-queue
 * engine's own (the sources the modules register), not a second reckoning.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      // Open to any signed-in user: each card asks for its own permission.
      config: { permission: 'authenticated' },
      schema: {
        tags: ['dashboard'],
        summary:
          "The signed-in user's dashboard: work queue, children by status, matchings by stage, services due, applications, recent changes",
        description:
          'A card is present only when the user may read it: the work queue when any of its kinds is ' +
          "theirs; children by status (adoptive_children:read); matchings by stage with those past the stage's " +
          'expected days and those ended, completed and rejected (matchings:read); services due soon and overdue (post_adoption_services:read); ' +
          'applications by status with approvals ending within 30 days and ended (adoptive_parents:read); ' +
          "the last 10 changes of the record types they may read. The work queue's total is exact while `totalExact`, else estimated. A provincial user counts its office only; " +
          '`scope.office` names the office counted alone (null: every office). ' +
          'Each figure carries `listPath`, the client list that shows the records it counts, when one can.',
        response: { 200: ZDashboard, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const settings = await readSettings(app.db);
      // The programme's today, by the app's clock (tests move it), as the work queue counts it.
      const today = isoDateIn(new Date(app.now()));
      const data: TDashboard['data'] = { asOf: new Date(app.now()).toISOString(), scope: { office: null } };
      // Every card counted in one read-only transaction without JIT (server/db/withoutJit.ts).
      await withoutJit(app.db, async (db) => {
        // Whose records every card counts (issue 35): the page says it.
        data.scope = await dashboardScope(db, user);
        // The queue's total alone: each source counts without building its items.
        if (app.workQueueSources.some((source) => source.mayRead(user))) {
          const { total, exact } = await countWorkQueue(app.workQueueSources, {
            db,
            user,
            locale: requestLocale(request),
            today,
            settings,
            dataDir: app.config.dataDir,
            exactLimit: app.config.workQueueExactLimit ?? defaultWorkQueueExactLimit,
          });
          data.workQueue = { total, totalExact: exact };
        }
        // Each module's cards the user may read (server/dashboard/dashboardCard.ts), one after the other.
        for (const card of app.dashboardCards)
          if (card.mayRead(user))
            Object.assign(data, { [card.key]: await card.count({ db, user, today, settings }) });
        const changes = await recentChanges(db, user);
        if (changes) data.changes = changes;
      });
      return { data };
    },
  );
};
