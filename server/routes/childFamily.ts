import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  familyDatesInFuture,
  type TChildFamilyInput,
  ZChildFamilyInput,
  ZChildFamilyUpdate,
  ZChildParent,
  ZChildSibling,
} from '../../src/domain/childFamily';
import { isoDateIn } from '../../src/domain/childStatus';
import { idParam } from '../../src/domain/rules';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { type TDbOrTx, writeAudit } from '../audit';
import { childFamilies, childInfos } from '../db/schema';
import { ApiError, fieldErrors, notFound, staleVersion } from '../errors';
import { childInParams } from '../modules/children/childScope';
import { currentUser } from '../plugins/permissions';
import { dataOf, errorResponses, ZIdParams } from './schemas';

const tags = ['child'];
/** The CHILD's id (spec section 7: `/child-infos/family/{id}`): a child has at most one family record. */
const ZChildId = ZIdParams;
const ZDeleteQuery = z.object({ version: idParam().optional() });

const ZChildFamily = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  father: ZChildParent.nullable(),
  mother: ZChildParent.nullable(),
  siblings: z.array(ZChildSibling),
  contactNotes: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});

const familySelection = {
  id: childFamilies.id,
  childId: childFamilies.childId,
  father: childFamilies.father,
  mother: childFamilies.mother,
  siblings: childFamilies.siblings,
  contactNotes: childFamilies.contactNotes,
  version: childFamilies.version,
  updatedAt: childFamilies.updatedAt,
};

type TFamilyRow = { updatedAt: Date } & Record<string, unknown>;
const toFamily = (row: TFamilyRow) =>
  ({ ...row, updatedAt: row.updatedAt.toISOString() }) as z.infer<typeof ZChildFamily>;

/** Locks the child row, so two writes of one child's family run one after the other; 404 if missing. */
const lockChild = async (db: TDbOrTx, childId: number) => {
  const [child] = await db
    .select({ id: childInfos.id })
    .from(childInfos)
    .where(eq(childInfos.id, childId))
    .for('update');
  if (!child) throw notFound();
};

const familyOf = async (db: TDbOrTx, childId: number) => {
  const [row] = await db
    .select(familySelection)
    .from(childFamilies)
    .where(eq(childFamilies.childId, childId));
  return row;
};

/** 400 naming every date of birth after today (in Phnom Penh, by the app's clock). */
const refuseFutureDates = (family: Partial<TChildFamilyInput>, now: number) => {
  const today = isoDateIn(new Date(now));
  const fields = familyDatesInFuture(family, today);
  if (fields.length > 0) {
    throw fieldErrors(
      ...fields.map((field) => (t: TranslationFunctions) => t.server.workflow.dateFuture({ field, today })),
    );
  }
};

/**
 * A child's family: parents and siblings (issue 5). Every write needs `adoptive_children:update`,
 * removing the record too: the family is part of the child's file that a caseworker edits, like
 * removing a document, whereas `adoptive_children:delete` deletes the child record itself.
 */
export const childFamilyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/child-infos/family/:id',
    {
      config: { permission: 'adoptive_children:read', childOf: childInParams },
      schema: {
        tags,
        summary: "The child's family, or null while none is recorded",
        params: ZChildId,
        response: { 200: dataOf(ZChildFamily.nullable()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [child] = await app.db
        .select({ id: childInfos.id })
        .from(childInfos)
        .where(eq(childInfos.id, id));
      if (!child) throw notFound();
      const family = await familyOf(app.db, id);
      return { data: family ? toFamily(family) : null };
    },
  );

  app.post(
    '/child-infos/family/:id',
    {
      config: {
        permission: 'adoptive_children:update',
        answers: 'adoptive_children:read',
        childOf: childInParams,
      },
      schema: {
        tags,
        summary: "Record the child's family (409 when it is already recorded: PATCH it)",
        params: ZChildId,
        body: ZChildFamilyInput,
        // 409: the child has a family record already.
        response: { 201: dataOf(ZChildFamily), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const body = request.body;
      refuseFutureDates(body, app.now());
      const actor = currentUser(request);
      const created = await app.db.transaction(async (tx) => {
        await lockChild(tx, id);
        if (await familyOf(tx, id)) throw new ApiError(409, 'childFamilyExists');
        const [row] = await tx
          .insert(childFamilies)
          .values({
            childId: id,
            father: body.father ?? null,
            mother: body.mother ?? null,
            siblings: body.siblings ?? [],
            contactNotes: body.contactNotes ?? null,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .returning(familySelection);
        await writeAudit(tx, {
          userId: actor.id,
          entity: 'child_family',
          entityId: row.id,
          action: 'create',
          after: row,
        });
        return row;
      });
      return reply.status(201).send({ data: toFamily(created) });
    },
  );

  app.patch(
    '/child-infos/family/:id',
    {
      config: {
        permission: 'adoptive_children:update',
        answers: 'adoptive_children:read',
        childOf: childInParams,
      },
      schema: {
        tags,
        summary: "Change the child's family: the parts sent replace the stored ones; stale version gets 409",
        params: ZChildId,
        body: ZChildFamilyUpdate,
        response: { 200: dataOf(ZChildFamily), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, ...changes } = request.body;
      refuseFutureDates(changes, app.now());
      const actor = currentUser(request);
      const updated = await app.db.transaction(async (tx) => {
        await lockChild(tx, id);
        const before = await familyOf(tx, id);
        if (!before) throw notFound();
        if (before.version !== version) throw staleVersion();
        const [row] = await tx
          .update(childFamilies)
          .set({
            // Parts not sent stay as they are (drizzle leaves undefined out); null clears one.
            ...changes,
            version: sql`${childFamilies.version} + 1`,
            updatedBy: actor.id,
            updatedAt: new Date(app.now()),
          })
          .where(and(eq(childFamilies.id, before.id), eq(childFamilies.version, version)))
          .returning(familySelection);
        if (!row) throw staleVersion();
        await writeAudit(tx, {
          userId: actor.id,
          entity: 'child_family',
          entityId: row.id,
          action: 'update',
          before,
          after: row,
        });
        return row;
      });
      return { data: toFamily(updated) };
    },
  );

  app.delete(
    '/child-infos/family/:id',
    {
      config: {
        permission: 'adoptive_children:update',
        answers: 'adoptive_children:read',
        childOf: childInParams,
      },
      schema: {
        tags,
        summary: "Remove the child's family record (optional ?version= refuses a stale removal with 409)",
        params: ZChildId,
        querystring: ZDeleteQuery,
        response: { 200: dataOf(z.object({ id: z.number().int() })), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version } = request.query;
      const actor = currentUser(request);
      const removed = await app.db.transaction(async (tx) => {
        await lockChild(tx, id);
        const before = await familyOf(tx, id);
        if (!before) throw notFound();
        if (version !== undefined && before.version !== version) throw staleVersion();
        await tx.delete(childFamilies).where(eq(childFamilies.id, before.id));
        await writeAudit(tx, {
          userId: actor.id,
          entity: 'child_family',
          entityId: before.id,
          action: 'delete',
          before,
        });
        return before;
      });
      return { data: { id: removed.id } };
    },
  );
};
