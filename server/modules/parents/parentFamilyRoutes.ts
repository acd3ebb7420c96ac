import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type TParentFamily,
  type TParentFamilyMember,
  ZParentFamily,
  ZParentFamilyInput,
  ZParentFamilyUpdate,
} from '../../../src/domain/parentFamily';
import { isoDateIn } from '../../../src/domain/programmeTime';
import type { TranslationFunctions } from '../../../src/i18n/i18n-types';
import { type TDbOrTx, writeAudit } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import { parentFamilies, parentInfos } from '../../db/schema';
import { ApiError, fieldErrors, notFound, staleVersion } from '../../errors';
import { currentUser } from '../../plugins/permissions';
import { officeCondition } from '../../resources/officeScope';
import { dataOf, errorResponses, ZErrorBody, ZIdParams } from '../../routes/schemas';

const tags = ['parent infos'];
const selection = {
  id: parentFamilies.id,
  parentId: parentFamilies.parentId,
  members: parentFamilies.members,
  version: parentFamilies.version,
  updatedAt: parentFamilies.updatedAt,
};
const answerOf = (row: { updatedAt: Date } & Record<string, unknown>) =>
  ({ ...row, updatedAt: row.updatedAt.toISOString() }) as TParentFamily;

/** The application as the user may see it (404 out of their office), locked for a write. */
const applicationOf = async (db: TDbOrTx, id: number, user: TAuthUser, lock = false) => {
  const query = db
    .select({ id: parentInfos.id })
    .from(parentInfos)
    .where(and(eq(parentInfos.id, id), officeCondition(parentInfos.headOfficeId, user)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound();
};

const familyOf = async (db: TDbOrTx, parentId: number) => {
  const [row] = await db.select(selection).from(parentFamilies).where(eq(parentFamilies.parentId, parentId));
  return row;
};

/** 400 naming each member born after today. */
const refuseFutureBirths = (members: TParentFamilyMember[], now: number) => {
  const today = isoDateIn(new Date(now));
  const late = members.flatMap((member, index) =>
    member.dateOfBirth && member.dateOfBirth > today ? [`members.${index}.dateOfBirth`] : [],
  );
  if (late.length > 0)
    throw fieldErrors(
      ...late.map((field) => (t: TranslationFunctions) => t.server.workflow.dateFuture({ field, today })),
    );
};

/**
 * An application's household (spec section 7: GET, POST, PATCH `/parent-infos/family/{id}`, the
 * application's id). Writes need `adoptive_parents:update`, like the application's own edit.
 */
export const parentFamilyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/parent-infos/family/:id',
    {
      config: { permission: 'adoptive_parents:read' },
      schema: {
        tags,
        summary: "The application's household, or null while none is recorded",
        params: ZIdParams,
        response: { 200: dataOf(ZParentFamily.nullable()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await applicationOf(app.db, id, currentUser(request));
      const row = await familyOf(app.db, id);
      return { data: row ? answerOf(row) : null };
    },
  );

  app.post(
    '/parent-infos/family/:id',
    {
      config: { permission: 'adoptive_parents:update', answers: 'adoptive_parents:read' },
      schema: {
        tags,
        summary: "Record the application's household (409 when it is already recorded: PATCH it)",
        params: ZIdParams,
        body: ZParentFamilyInput,
        response: { 201: dataOf(ZParentFamily), ...errorResponses(400, 401, 403, 404), 409: ZErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const actor = currentUser(request);
      refuseFutureBirths(request.body.members, app.now());
      const created = await app.db.transaction(async (tx) => {
        await applicationOf(tx, id, actor, true);
        if (await familyOf(tx, id)) throw new ApiError(409, 'parentFamilyExists');
        const [row] = await tx
          .insert(parentFamilies)
          .values({ parentId: id, members: request.body.members, createdBy: actor.id, updatedBy: actor.id })
          .returning(selection);
        await writeAudit(tx, {
          userId: actor.id,
          entity: 'parent_family',
          entityId: row.id,
          action: 'create',
          after: row,
        });
        return row;
      });
      return reply.status(201).send({ data: answerOf(created) });
    },
  );

  app.patch(
    '/parent-infos/family/:id',
    {
      config: { permission: 'adoptive_parents:update', answers: 'adoptive_parents:read' },
      schema: {
        tags,
        summary:
          "Change the application's household: the members sent replace the stored ones; a stale version gets 409",
        params: ZIdParams,
        body: ZParentFamilyUpdate,
        response: { 200: dataOf(ZParentFamily), ...errorResponses(400, 401, 403, 404), 409: ZErrorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = currentUser(request);
      const { version, members } = request.body;
      refuseFutureBirths(members, app.now());
      const updated = await app.db.transaction(async (tx) => {
        await applicationOf(tx, id, actor, true);
        const before = await familyOf(tx, id);
        if (!before) throw notFound();
        if (before.version !== version) throw staleVersion();
        const [row] = await tx
          .update(parentFamilies)
          .set({
            members,
            version: sql`${parentFamilies.version} + 1`,
            updatedBy: actor.id,
            updatedAt: new Date(),
          })
          .where(eq(parentFamilies.id, before.id))
          .returning(selection);
        await writeAudit(tx, {
          userId: actor.id,
          entity: 'parent_family',
          entityId: row.id,
          action: 'update',
          before,
          after: row,
        });
        return row;
      });
      return { data: answerOf(updated) };
    },
  );
};
