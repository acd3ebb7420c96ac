import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateIn } from '../../src/domain/programmeTime';
import { ZWorkQueue } from '../../src/domain/workQueue';
import { errorResponses } from '../http/schemas';
import { requestLocale } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { readSettings } from '../settings/readSettings';
import { collectWorkQueue } from './collectWorkQueue';
import { defaultWorkQueueExactLimit } from './queueTotal';
import type { TWorkQueueSource } from './workQueueSource';

/**
 * The work queue (DESIGN.md section 6): `GET /work-queue` answers the signed-in user's items from
 * the sources the modules register (`TServerModule.workQueue`), within their office scope (DESIGN.md
 * section 7) and only from what they may read and act on: matchings awaiting a decision they may
 * take, matchings whose next step is theirs as caseworker, matchings past their stage's expected
 * days, accepted applications whose approval ends within 30 days or has ended, services after
 * adoption overdue, given with a concern or (their own) due soon. Each kind's first 200 read in its
 * order from an index (issue 37); merged, oldest first, cut at 200 again, with the total: exact up
 * to the exact limit per kind, else the database's estimate (`totalExact: false`). The engine names
 * no area: a new kind is a source in its module.
 */
export const workQueueRoutes =
  (sources: readonly TWorkQueueSource[]): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/work-queue',
      {
        // Open to any signed-in user: each source asks for its own permissions.
        config: { permission: 'authenticated' },
        schema: {
          tags: ['work queue'],
          summary:
            "The signed-in user's work queue: decisions to take, next steps to take, overdue stages, approvals ending, services to follow up",
          description:
            'Oldest first, at most 200 items; `total` counts them all, exactly while `totalExact` (a ' +
            "kind above the server's exact limit, 1,000 by default, answers the database's estimate). " +
            'A decision needs matchings:read and ' +
            'matchings:approve (four-eyes leaves out a request the user made), a next step that is not a ' +
            'decision matchings:read and matchings:update and having proposed the matching or being of its ' +
            'head office, an overdue stage ' +
            'matchings:read, an approval ending adoptive_parents:read; a service (overdue, or given with a ' +
            'concern) post_adoption_services:read and being its officer or holding matchings:approve, a ' +
            'service due soon being its officer; a provincial user sees its office only.',
          response: { 200: ZWorkQueue, ...errorResponses(401) },
        },
      },
      async (request) =>
        collectWorkQueue(sources, {
          db: app.db,
          user: currentUser(request),
          locale: requestLocale(request),
          // The programme's today, by the app's clock (tests move it).
          today: isoDateIn(new Date(app.now())),
          settings: await readSettings(app.db),
          dataDir: app.config.dataDir,
          exactLimit: app.config.workQueueExactLimit ?? defaultWorkQueueExactLimit,
        }),
    );
  };
