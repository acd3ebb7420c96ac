import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type TDbOrTx } from '../audit';
import { childInfos } from '../db/schema';
import { notFound } from '../errors';
import { childInParams } from '../modules/children/childScope';
import { dataOf, errorResponses, ZIdParams } from './schemas';

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
    '/adoptive-matching/histories/:id',
    {
      config: { permission: 'adoptive_children:read', childOf: childInParams },
      schema: {
        tags,
        summary: "The child's matching history (empty until the matching workflow exists)",
        params: ZChildId,
        response: {
          200: dataOf(z.array(z.record(z.string(), z.unknown()))),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      if (!(await childExists(app.db, request.params.id))) throw notFound();
      // Matchings are a later issue: no table holds them yet, so every child's history is empty.
      // The call exists now so the child's show page is built against its final address and shape.
      return { data: [] };
    },
  );
};
