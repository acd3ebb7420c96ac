import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { areaStatusText } from '../../../src/domain/areas/areaWords';
import { matchingArea } from '../../../src/domain/areas/matching.area';
import { peopleNames } from '../../../src/domain/personName';
import { type TDbOrTx } from '../../audit';
import { adoptiveMatchings, childInfos, parentInfos } from '../../db/schema';
import { notFound } from '../../errors';
import { dataOf, errorResponses, ZIdParams } from '../../http/schemas';
import { requestLocale, translator } from '../../plugins/locale';
import { applicantNamesSql } from '../../resources/recordSql';
import { childInParams } from './childScope';

const tags = ['child'];
const ZChildId = ZIdParams;

const childExists = async (db: TDbOrTx, id: number) => {
  const [row] = await db.select({ id: childInfos.id }).from(childInfos).where(eq(childInfos.id, id));
  return Boolean(row);
};

/**
 * The child's matching history. Its status actions, status history and allowed actions are the
 * workflow engine's (server/workflows, server/modules/children/childWorkflowBinding.ts).
 */
export const childStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${matchingArea.apiBase}/histories/:id`,
    {
      config: { permission: 'adoptive_children:read', childOf: childInParams },
      schema: {
        tags,
        summary:
          "The child's matchings, newest first: code, family, proposed date, status (in the request's language)",
        params: ZChildId,
        response: {
          200: dataOf(z.array(z.record(z.string(), z.unknown()))),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      if (!(await childExists(app.db, request.params.id))) throw notFound();
      const t = translator(request);
      const rows = await app.db
        .select({
          id: adoptiveMatchings.id,
          code: adoptiveMatchings.code,
          status: adoptiveMatchings.status,
          proposedDate: adoptiveMatchings.proposedDate,
          parentCode: parentInfos.code,
          applicants: applicantNamesSql,
        })
        .from(adoptiveMatchings)
        .innerJoin(parentInfos, eq(parentInfos.id, adoptiveMatchings.parentId))
        .where(eq(adoptiveMatchings.childId, request.params.id))
        .orderBy(desc(adoptiveMatchings.proposedDate), desc(adoptiveMatchings.id));
      return {
        data: rows.map((row) => ({
          id: row.id,
          code: row.code,
          date: row.proposedDate,
          // What the child's page shows of it: the matching and the family, its status in words.
          action: [row.code, peopleNames(row.applicants, requestLocale(request)) || row.parentCode].join(
            ' · ',
          ),
          status: areaStatusText(t, matchingArea, row.status),
          statusCode: row.status,
        })),
      };
    },
  );
};
