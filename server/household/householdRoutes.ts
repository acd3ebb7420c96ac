import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDateIn } from '../../src/domain/programmeTime';
import { idParam } from '../../src/domain/rules';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { type TDbOrTx, writeAudit } from '../audit';
import type { TAuthUser } from '../auth/service';
import { ApiError, fieldErrors, notFound, staleVersion } from '../errors';
import { dataOf, errorResponses, ZIdParams } from '../http/schemas';
import { currentUser } from '../plugins/permissions';
import { officeCondition } from '../resources/officeScope';
import type { THouseholdBinding } from './binding';

const ZDeleteQuery = z.object({ version: idParam().optional() });
type TRow = { id: number; version: number; updatedAt: Date } & Record<string, unknown>;

/**
 * The household engine: the one row of people that belongs to a record (a child's family, an
 * application's household), from its binding. Writes lock the owner record, so two writes of one
 * household run one after the other; each is audited under the binding's entity.
 */
export const householdRoutes =
  <TCreate, TUpdate extends Partial<TCreate> & { version: number }>(
    binding: THouseholdBinding<TCreate, TUpdate>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const { owner, table, columns, selection, schemas, auditEntity } = binding;
    const tags = [binding.tag];
    const url = `${binding.path}/:id`;
    const readConfig = { ...binding.config, permission: binding.readPermission };
    const writeConfig = {
      ...binding.config,
      permission: binding.writePermission,
      answers: binding.readPermission,
    };
    const answerOf = (row: TRow) => ({ ...row, updatedAt: row.updatedAt.toISOString() });

    /** The owner as the user may see it (404 when missing or out of their office), locked for a write. */
    const ownerOf = async (db: TDbOrTx, id: number, user: TAuthUser, lock = false) => {
      const query = db
        .select({ id: owner.id })
        .from(owner.table)
        .where(and(eq(owner.id, id), officeCondition(owner.officeColumn, user)));
      const [row] = await (lock ? query.for('update') : query);
      if (!row) throw notFound();
    };

    const householdOf = async (db: TDbOrTx, ownerId: number) => {
      const [row] = await db.select(selection).from(table).where(eq(columns.owner, ownerId));
      return row as TRow | undefined;
    };

    /** 400 naming every date after today (in Phnom Penh, by the app's clock). */
    const refuseFutureDates = (body: Partial<TCreate>) => {
      const today = isoDateIn(new Date(app.now()));
      const fields = binding.datesAfter(body, today);
      if (fields.length > 0) {
        throw fieldErrors(
          ...fields.map(
            (field) => (t: TranslationFunctions) => t.server.workflow.dateFuture({ field, today }),
          ),
        );
      }
    };

    app.get(
      url,
      {
        config: readConfig,
        schema: {
          tags,
          summary: binding.summaries.get,
          params: ZIdParams,
          response: { 200: dataOf(schemas.answer.nullable()), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { id } = request.params;
        await ownerOf(app.db, id, currentUser(request));
        const row = await householdOf(app.db, id);
        return { data: row ? answerOf(row) : null };
      },
    );

    app.post(
      url,
      {
        config: writeConfig,
        schema: {
          tags,
          summary: binding.summaries.post,
          params: ZIdParams,
          body: schemas.create,
          // 409: the owner has a household already.
          response: { 201: dataOf(schemas.answer), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const body = request.body as TCreate;
        refuseFutureDates(body);
        const actor = currentUser(request);
        const created = await app.db.transaction(async (tx) => {
          await ownerOf(tx, id, actor, true);
          if (await householdOf(tx, id)) throw new ApiError(409, binding.existsMessage);
          const [row] = (await tx
            .insert(table)
            .values({ ...binding.createValues(id, body), createdBy: actor.id, updatedBy: actor.id })
            .returning(selection)) as TRow[];
          await writeAudit(tx, {
            userId: actor.id,
            entity: auditEntity,
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
      url,
      {
        config: writeConfig,
        schema: {
          tags,
          summary: binding.summaries.patch,
          params: ZIdParams,
          body: schemas.update,
          response: { 200: dataOf(schemas.answer), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const body = request.body as TUpdate;
        refuseFutureDates(body);
        const { version, ...changes } = body;
        const actor = currentUser(request);
        const updated = await app.db.transaction(async (tx) => {
          await ownerOf(tx, id, actor, true);
          const before = await householdOf(tx, id);
          if (!before) throw notFound();
          if (before.version !== version) throw staleVersion();
          const [row] = (await tx
            .update(table)
            .set({
              // Parts not sent stay as they are (drizzle leaves undefined out); null clears one.
              ...binding.updateValues(changes),
              version: sql`${columns.version} + 1`,
              updatedBy: actor.id,
              updatedAt: new Date(app.now()),
            })
            .where(and(eq(columns.id, before.id), eq(columns.version, version)))
            .returning(selection)) as TRow[];
          if (!row) throw staleVersion();
          await writeAudit(tx, {
            userId: actor.id,
            entity: auditEntity,
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

    if (!binding.removable) return;
    app.delete(
      url,
      {
        config: writeConfig,
        schema: {
          tags,
          summary:
            binding.summaries.delete ?? 'Remove the household (optional ?version= refuses a stale removal)',
          params: ZIdParams,
          querystring: ZDeleteQuery,
          response: {
            200: dataOf(z.object({ id: z.number().int() })),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        const { version } = request.query;
        const actor = currentUser(request);
        const removed = await app.db.transaction(async (tx) => {
          await ownerOf(tx, id, actor, true);
          const before = await householdOf(tx, id);
          if (!before) throw notFound();
          if (version !== undefined && before.version !== version) throw staleVersion();
          await tx.delete(table).where(eq(columns.id, before.id));
          await writeAudit(tx, {
            userId: actor.id,
            entity: auditEntity,
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
