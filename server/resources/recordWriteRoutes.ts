import { eq, getTableName, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { permissionFor } from '../../src/domain/resource';
import { recordVersion } from '../../src/domain/rules';
import { writeAudit } from '../audit';
import { ApiError, notFound } from '../errors';
import { dataOf, errorResponses, ZErrorBody, ZIdParams } from '../http/schemas';
import { translator } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { columnsOf } from './bindingColumns';
import { isStillReferenced } from './databaseError';
import { refuseKeptRecord } from './keptRecord';
import { assertOwnOffice } from './officeScope';
import type { TRecordWrites } from './recordWrites';
import type { TResourceBinding } from './resourceBinding';
import { ZRow } from './resourceSchemas';
import type { TRouteApp } from './routeApp';
import { directSession } from './writeSession';

/** `POST {base}`, `PATCH {base}/:id` (versioned) and `DELETE {base}/:id` of a resource that is not read-only. */
export const recordWriteRoutes = (app: TRouteApp, binding: TResourceBinding, writes: TRecordWrites) => {
  const { definition, table } = binding;
  const idColumn = columnsOf(table).id;
  const entity = getTableName(table);
  const base = definition.apiBase;
  const tags = [definition.name];
  const permission = (action: 'read' | 'write' | 'update' | 'delete') => permissionFor(definition, action);
  const ZPatch = (definition.updateSchema ?? definition.schema)
    .partial()
    .extend({ version: recordVersion() });
  const createExtras = binding.createExtras;
  const { findRow, lockRow, rethrowDuplicate } = writes;

  app.post(
    base,
    {
      config: { permission: permission('write'), answers: permission('read') },
      schema: {
        tags,
        summary: `Create a row of ${entity}`,
        body: createExtras ? definition.schema.extend(createExtras.shape) : definition.schema,
        // 409: a guard's refusal (a conflicting record, four-eyes), or the extras' (a likely duplicate).
        response: {
          201: dataOf(ZRow),
          ...errorResponses(400, 401, 403),
          409: createExtras?.conflict ?? ZErrorBody,
        },
      },
    },
    async (request, reply) => {
      const sent = request.body as Record<string, unknown>;
      const extraKeys = new Set(Object.keys(createExtras?.shape ?? {}));
      const body = Object.fromEntries(Object.entries(sent).filter(([key]) => !extraKeys.has(key)));
      const extras = Object.fromEntries(Object.entries(sent).filter(([key]) => extraKeys.has(key)));
      const actor = currentUser(request);
      assertOwnOffice(definition.officeScope, body[definition.officeScope ?? ''], actor);
      const now = app.now();
      const t = translator(request);
      const created = await app.db
        .transaction(async (tx) => {
          const context = { db: tx, actor, body, extras, now, t };
          // The record's own rules first (a 400 says what to correct), then the extras' (a 409).
          const row = await writes.create(tx, body, { actor, now, t }, () =>
            createExtras?.before ? createExtras.before(context) : Promise.resolve(),
          );
          await createExtras?.after?.({ ...context, id: Number(row?.id) });
          return row;
        })
        .catch(rethrowDuplicate);
      return reply.status(201).send({ data: created as z.infer<typeof ZRow> });
    },
  );

  app.route({
    method: definition.updateMethod ?? 'PATCH',
    url: `${base}/:id`,
    config: { permission: permission('update'), answers: permission('read') },
    schema: {
      tags,
      summary: `Change a row of ${entity}; a stale version gets 409 and changes nothing`,
      params: ZIdParams,
      body: ZPatch,
      response: { 200: dataOf(ZRow), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => {
      const { version, ...changes } = request.body as Record<string, unknown> & { version: number };
      const { id } = request.params as z.infer<typeof ZIdParams>;
      const actor = currentUser(request);
      assertOwnOffice(definition.officeScope, changes[definition.officeScope ?? ''], actor);
      const updated = await app.db
        .transaction((tx) =>
          writes.update(tx, id, version, changes, { actor, now: app.now(), t: translator(request) }),
        )
        .catch(rethrowDuplicate);
      return { data: updated as z.infer<typeof ZRow> };
    },
  });

  app.delete(
    `${base}/:id`,
    {
      config: { permission: permission('delete'), answers: permission('read') },
      schema: {
        tags,
        summary: `Delete a row of ${entity}; refused with 409 while other records point at it`,
        ...(binding.kept
          ? {
              description: `Never for a row the law keeps (status ${binding.kept.statuses.join(' or ')}): 409, whatever the permission.`,
            }
          : {}),
        params: ZIdParams,
        response: { 200: dataOf(ZRow), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const actor = currentUser(request);
      const t = translator(request);
      const deleted = await app.db
        .transaction(async (tx) => {
          await lockRow(tx, id);
          const before = await findRow(tx, id, actor);
          if (!before) throw notFound();
          // The law's rule first: its message, not a workflow's or a reference's, says why.
          await refuseKeptRecord(binding.kept, tx, before);
          // What the binding's guard and its hook after the delete are told, as a create or change tells them.
          const context = {
            db: tx,
            mode: 'delete' as const,
            actor,
            before,
            body: {},
            now: app.now(),
            t,
            session: directSession(tx),
          };
          await binding.guard?.(context);
          for (const child of binding.children ?? []) {
            const [{ count }] = await tx
              .select({ count: sql<number>`count(*)::int` })
              .from(child.table)
              .where(eq(child.column, id));
            if (count > 0)
              throw new ApiError(409, 'inUse', { count, things: t.resources[child.resource].many() });
          }
          const files = (await binding.filesOf?.(tx, id)) ?? [];
          await tx.delete(table).where(eq(idColumn, id));
          // Rows the record owns without a foreign key (its attachments) go in the same transaction.
          await binding.afterChange?.({ ...context, id });
          await writeAudit(tx, { userId: actor.id, entity, entityId: id, action: 'delete', before });
          return { before, files };
        })
        .catch((error: unknown) => {
          // A reference the binding does not list (the foreign key still guards it).
          if (isStillReferenced(error)) throw new ApiError(409, 'inUseElsewhere');
          throw error;
        });
      // After the commit: a file left behind by a crash (or a failed removal, logged: the delete
      // is done) is an orphan, never a missing file.
      await Promise.all(
        deleted.files.map((file) =>
          app.files.remove(file.area, file.name).catch((error: unknown) => {
            request.log.warn({ err: error, file: file.name }, 'could not remove a file of a deleted record');
          }),
        ),
      );
      return { data: deleted.before as z.infer<typeof ZRow> };
    },
  );
};
