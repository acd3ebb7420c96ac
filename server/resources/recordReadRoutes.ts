import { and, eq, getTableName, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZMergedInto } from '../../src/domain/duplicates';
import { hasPermission } from '../../src/domain/permissions';
import { permissionFor } from '../../src/domain/resource';
import { ApiError, notFound } from '../errors';
import { dataOf, errorResponses, ZErrorBody, ZIdParams } from '../http/schemas';
import { currentUser } from '../plugins/permissions';
import { columnsOf } from './bindingColumns';
import { prepareNamed } from './namedStatement';
import type { TRecordReader } from './recordReaders';
import type { TRecordWrites } from './recordWrites';
import type { TResourceBinding } from './resourceBinding';
import { ZRow } from './resourceSchemas';
import type { TRouteApp } from './routeApp';
import { createAccessRecorder, readTimeline, ZTimelineEntry } from './timeline';

/** `GET {base}/:id` (one record, its opening logged) and `GET {base}/timeline/:id` when the binding has one. */
export const recordReadRoutes = (app: TRouteApp, binding: TResourceBinding, writes: TRecordWrites) => {
  const { definition } = binding;
  const idColumn = columnsOf(binding.table).id;
  const entity = getTableName(binding.table);
  const base = definition.apiBase;
  const tags = [definition.name];
  const permission = permissionFor(definition, 'read');
  const { selectRows, findRow, officeColumn } = writes;
  /**
   * The read of `GET {base}/{id}`, the most frequent call: a prepared statement, so its SQL is
   * built once and PostgreSQL parses and plans it once per connection.
   */
  // A merged record (issue 35) is read by no one: the GET answers 410 before reading.
  const readById = prepareNamed(
    selectRows(app.db)
      .where(and(eq(idColumn, sql.placeholder('id')), binding.merged?.where))
      .limit(1),
  );
  /** The same read for a user kept to one office. */
  const readByIdInOffice = officeColumn
    ? prepareNamed(
        selectRows(app.db)
          .where(
            and(
              eq(idColumn, sql.placeholder('id')),
              eq(officeColumn, sql.placeholder('office')),
              binding.merged?.where,
            ),
          )
          .limit(1),
      )
    : undefined;

  const recordAccess = createAccessRecorder(app.now, app.accessLog);
  const timeline = binding.timeline;
  if (timeline) {
    app.get(
      `${base}/timeline/:id`,
      {
        config: { permission },
        schema: {
          tags,
          summary: `The timeline of one row of ${entity}: its changes, newest first, and who opened it`,
          description:
            'Changes from the audit log (the row and the rows that belong to it), at most 200; who opened ' +
            'the record only for a reader holding `audit_logs:read`.',
          params: ZIdParams,
          response: { 200: dataOf(z.array(ZTimelineEntry)), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        if (!(await findRow(app.db, request.params.id, user))) throw notFound();
        // The openings not yet written are written first: a read shows at once.
        await app.accessLog.flush().catch(() => undefined);
        const withAccess = hasPermission(user, 'audit_logs:read');
        const fields = definition.fields.map((field) => field.key);
        const entries = await readTimeline(
          app.db,
          entity,
          request.params.id,
          { ...timeline, fields },
          withAccess,
        );
        return {
          data: timeline.present
            ? await timeline.present(entries, { db: app.db, id: request.params.id, user, now: app.now() })
            : entries,
        };
      },
    );
  }

  /** One record as this user may see it: a user kept to one office reads only that office's. */
  const readRecord: TRecordReader = async (id, user) => {
    const office = user.officeScope;
    const [row] =
      readByIdInOffice && office !== null
        ? await readByIdInOffice.execute({ id, office })
        : await readById.execute({ id });
    if (!row || !binding.answerFor) return row as Record<string, unknown> | undefined;
    const [answer] = await binding.answerFor([row as Record<string, unknown>], {
      db: app.db,
      user,
      now: app.now(),
      one: true,
    });
    return answer;
  };
  // A workflow action answers the record it moved with this same read (workflowRoutes).
  app.recordReaders.set(base, readRecord);

  app.get(
    `${base}/:id`,
    {
      config: { permission },
      schema: {
        tags,
        summary: `One row of ${entity}`,
        params: ZIdParams,
        response: {
          200: dataOf(ZRow),
          ...errorResponses(400, 401, 403, 404),
          ...(binding.merged ? { 410: ZErrorBody.extend({ mergedInto: ZMergedInto.optional() }) } : {}),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await readRecord(request.params.id, user);
      if (!row) {
        // The read leaves merged records out (`merged.where`): only a miss asks whether it was
        // merged, so a found record costs one statement (PGlite's one connection, issue 37).
        const mergedInto = await binding.merged?.into(app.db, request.params.id, user);
        if (mergedInto)
          throw new ApiError(410, 'recordMerged', { code: mergedInto.code }, {}, undefined, { mergedInto });
        throw notFound();
      }
      // Noted, not awaited: the queue writes it within a second (no round trip in the read).
      if (binding.accessLog) recordAccess(user.id, entity, request.params.id);
      return { data: row as z.infer<typeof ZRow> };
    },
  );
};
