import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoDateIn } from '../../src/domain/programmeTime';
import { recordVersion } from '../../src/domain/rules';
import { ZStatusHistoryStep } from '../../src/domain/statusHistoryStep';
import { allowedWorkflowActions, workflowActionNames } from '../../src/domain/workflows/workflow';
import type { TAuthUser } from '../auth/service';
import { notFound } from '../errors';
import { dataOf, errorResponses, ZIdParams } from '../http/schemas';
import { translator, translators } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { officeCondition } from '../resources/officeScope';
import { applyWorkflowEvent } from './applyWorkflowEvent';
import type { TWorkflowBinding, TWorkflowRow } from './binding';
import { statusHistoryOf } from './statusHistory';

/** Optimistic concurrency for the actions: optional, since the spec's confirm body is only `{ id, date }`. */
const ZVersion = recordVersion().optional();

/**
 * Every route of a workflow, generated from its binding (DESIGN.md section 1):
 * `PATCH {apiBase}/{action}/:id` for each action of its table, asked of its machine through
 * `applyWorkflowEvent`; `GET {apiBase}/status-history/:id` (newest first) and
 * `GET {apiBase}/allowed-actions/:id`. A feature adds a workflow by adding a binding, not routes.
 */
export const workflowRoutes =
  (binding: TWorkflowBinding): FastifyPluginAsyncZod =>
  async (app) => {
    const { workflow, apiBase, columns } = binding;
    const tags = [binding.tag];
    const ZStatus = z.enum(workflow.statuses as [string, ...string[]]);
    const ZAllowedActions = z.array(z.enum(workflowActionNames(workflow) as [string, ...string[]]));
    // One answer per action: what the page shows next (the record, what it may do now, the step
    // just taken), so nothing needs reading again but what the step changed elsewhere.
    const ZActionResult = z.object({
      id: z.number().int(),
      status: ZStatus,
      version: z.number().int(),
      allowedActions: ZAllowedActions,
      /** The record as `GET {apiBase}/:id` answers it. */
      record: z.looseObject({ id: z.number().int() }),
      /** The status-history row the action wrote, as `GET {apiBase}/status-history/:id` lists it. */
      history: ZStatusHistoryStep,
    });

    /** The facts of a row read without a lock, for the allowed actions it answers. */
    const allowedFor = (row: TWorkflowRow, today: string) =>
      allowedWorkflowActions(workflow, row.status, binding.facts?.(row, today) ?? {});

    /** A record as the user may see it: one of another office is not found. */
    const readRow = async (id: number, user: TAuthUser) => {
      const [row] = (await app.db
        .select({ status: columns.status, version: columns.version, ...binding.readColumns })
        .from(binding.table)
        .where(
          and(eq(columns.id, id), officeCondition(binding.officeColumn, user), binding.rowsWhere),
        )) as TWorkflowRow[];
      return row;
    };

    for (const [action, entry] of Object.entries(workflow.actions)) {
      app.patch(
        `${apiBase}/${action}/:id`,
        {
          config: { permission: entry.permission, answers: binding.readPermission },
          schema: {
            tags,
            summary: `${binding.notAllowed.actionText(translators.en, action)}: asked of the ${workflow.name} machine; refused (409) when the status does not allow it`,
            params: ZIdParams,
            body: entry.body.extend({ version: ZVersion }),
            // 409: a stale version, a transition the status refuses, four-eyes.
            response: { 200: dataOf(ZActionResult), ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          const { id } = request.params;
          const body = request.body as Record<string, unknown> & { version?: number };
          binding.checkBody?.(id, body);
          const at = new Date(app.now());
          const today = isoDateIn(at);
          const { after, history } = await app.db.transaction(async (tx) => {
            const complete = (await binding.completeBody?.(tx, action, body)) ?? body;
            return applyWorkflowEvent(
              tx,
              binding,
              {
                id,
                action,
                event: workflow.eventOf(action, complete, today),
                body: complete,
                actorId: currentUser(request).id,
                officeScope: currentUser(request).officeScope,
                version: body.version,
                at,
                today,
              },
              translator(request),
            );
          });
          const user = currentUser(request);
          const readRecord = app.recordReaders.get(apiBase);
          if (!readRecord)
            throw new Error(`No resource serves ${apiBase}: a workflow's records are a resource's`);
          // Read after the commit: the record with everything the step (and what followed it) wrote.
          const record = await readRecord(id, user);
          if (!record) throw notFound();
          return {
            data: {
              id,
              status: after.status,
              version: after.version,
              allowedActions: allowedFor(after, today),
              record: record as { id: number },
              history: {
                id: history.id,
                action: history.action,
                fromStatus: history.fromStatus,
                toStatus: history.toStatus,
                payload: history.payload,
                // The row's user is the one acting: their name as the history lists it.
                user: history.userId === null ? null : { id: history.userId, name: user.name },
                at: history.at.toISOString(),
              },
            },
          };
        },
      );
    }

    app.get(
      `${apiBase}/status-history/:id`,
      {
        config: { permission: binding.readPermission },
        schema: {
          tags,
          summary: 'The status history, newest first: who, when, from which status to which, and why',
          params: ZIdParams,
          response: { 200: dataOf(z.array(ZStatusHistoryStep)), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (!(await readRow(id, currentUser(request)))) throw notFound();
        const rows = await statusHistoryOf(app.db, binding.entity, [id], 'newestFirst');
        return { data: rows.map(({ entityId: _entity, ...row }) => row) };
      },
    );

    app.get(
      `${apiBase}/allowed-actions/:id`,
      {
        config: { permission: binding.readPermission },
        schema: {
          tags,
          summary: 'The status and the actions the machine allows from it',
          params: ZIdParams,
          response: {
            200: dataOf(z.object({ status: z.string(), allowedActions: ZAllowedActions })),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => {
        const row = await readRow(request.params.id, currentUser(request));
        if (!row) throw notFound();
        return {
          data: { status: row.status, allowedActions: allowedFor(row, isoDateIn(new Date(app.now()))) },
        };
      },
    );
  };
