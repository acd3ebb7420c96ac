import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZJobName, ZJobRun } from '../../../src/domain/jobs';
import { superUserOnlyPermission } from '../../../src/domain/permissions';
import { dataOf, errorResponses } from '../../http/schemas';

/**
 * The background jobs' runs (issue 36): which process ran the scheduled backup and the report
 * summaries' refresh, when, how long and how it ended. Super users only, like the backups: they
 * say where and when the server works, for every office.
 */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/jobs',
    {
      config: { permission: superUserOnlyPermission, answers: superUserOnlyPermission },
      schema: {
        tags: ['backups'],
        summary:
          'The last runs of the background jobs across every server process, newest first (each timer runs once per cluster for its slot)',
        querystring: z.object({
          job: ZJobName.optional(),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: dataOf(z.array(ZJobRun)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await app.jobs.list(request.query.limit, request.query.job ? [request.query.job] : undefined),
    }),
  );
};
