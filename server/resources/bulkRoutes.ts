import { getTableName } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkBodySchema,
  bulkIdOf,
  bulkMaxRows,
  type TBulkAction,
  type TBulkId,
  type TBulkRowResult,
  ZBulkRowResult,
} from '../../src/domain/bulkActions';
import { permissionFor } from '../../src/domain/resource';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { ApiError, notFound, staleVersion } from '../errors';
import { dataOf, errorResponses } from '../http/schemas';
import { translator } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { assertOwnOffice } from './officeScope';
import { recordWrites } from './recordWrites';
import type { TResourceBinding } from './resourceBinding';
import type { TBulkChanges } from './writeContext';
import { directSession } from './writeSession';

/** A refusal in the request's words: its message, and the field messages of a 400 after it. */
const refusalText = (error: ApiError, t: TranslationFunctions): string => {
  const fields = error.errors?.map((render) => render(t)) ?? [];
  if (fields.length > 0) return fields.join(' ');
  return (t.server[error.messageKey] as (params: Record<string, unknown>) => string)(error.params);
};

/** The entries of a request, each id once (the first entry of an id wins). */
const uniqueEntries = (ids: readonly TBulkId[]) => {
  const seen = new Set<number>();
  return ids.map(bulkIdOf).filter(({ id }) => !seen.has(id) && seen.add(id));
};

/** Whether the changes would leave the record as it is (an officer already assigned). */
const changesNothing = (before: Record<string, unknown>, changes: Record<string, unknown>) =>
  Object.entries(changes).every(([key, value]) => before[key] === value);

/**
 * The bulk actions of a resource's area (issue 26): `POST {apiBase}/bulk/{action}` with `{ ids,
 * ...body }`, at most `bulkMaxRows` ids, guarded by the permission of the form's update path. Each
 * row is written in a transaction of its own through the same update as the form (`recordWrites`:
 * row lock, office scope, version, guards, audit row, so the record's timeline tells it): a row
 * refused (out of the user's office: 'not found'; a stale version; a rule) keeps nothing back. The
 * answer says, per id, `changed`, `unchanged` (already so) or `refused` with why, in the request's
 * language.
 */
export const bulkRoutes =
  (binding: TResourceBinding, actions: readonly TBulkAction[]): FastifyPluginAsyncZod =>
  async (app) => {
    const { definition } = binding;
    const writes = recordWrites(binding);
    const entity = getTableName(binding.table);
    for (const action of actions) {
      const ZBody = bulkBodySchema(action);
      const { key } = action.field;
      /** By default the action sets its field to the value sent. */
      const changesOf: TBulkChanges =
        binding.bulkChanges?.[action.name] ?? (async ({ body }) => ({ [key]: body[key] }));
      app.post(
        `${definition.apiBase}/bulk/${action.name}`,
        {
          config: {
            permission: permissionFor(definition, action.permission),
            answers: permissionFor(definition, 'read'),
          },
          schema: {
            tags: [definition.name],
            summary: `Bulk action ${action.name} on rows of ${entity}, each row on its own`,
            description:
              `\`ids\`: 1 to ${bulkMaxRows} ids, each a number or \`{ id, version }\` (a stale version is ` +
              'refused). Every row is written in a transaction of its own through the same update as the ' +
              "form (version, audit row, timeline); the answer gives each id's `status`: `changed`, " +
              "`unchanged` (already so) or `refused` with a `message` in the `locale` header's language. " +
              "A row out of the user's office scope is refused as not found. A body value that fits none " +
              'of the rows (an officer who may not keep them) is a 400 before any row is written.',
            body: ZBody,
            response: { 200: dataOf(z.array(ZBulkRowResult)), ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => {
          const { ids, ...values } = request.body as { ids: TBulkId[] } & Record<string, unknown>;
          const actor = currentUser(request);
          const t = translator(request);
          const results: TBulkRowResult[] = [];
          const entries = uniqueEntries(ids);
          // What the body means for every row (an officer who could keep none of them) is a 400 first.
          await binding.bulkCheck?.[action.name]?.({
            db: app.db,
            actor,
            body: values,
            ids: entries.map((entry) => entry.id),
          });
          for (const { id, version } of entries) {
            try {
              const status = await app.db.transaction(async (tx) => {
                await writes.lockRow(tx, id);
                // A record of another office does not exist for this user.
                const before = await writes.findRow(tx, id, actor);
                if (!before) throw notFound();
                if (version !== undefined && before.version !== version) throw staleVersion();
                const now = app.now();
                const changes = await changesOf({
                  db: tx,
                  session: directSession(tx),
                  mode: 'update',
                  actor,
                  before,
                  body: values,
                  now,
                  t,
                });
                if (changes === null || changesNothing(before, changes)) return 'unchanged' as const;
                // The same office rule as the form: a user kept to one office assigns only that one.
                assertOwnOffice(definition.officeScope, changes[definition.officeScope ?? ''], actor);
                await writes.update(tx, id, before.version as number, changes, { actor, now, t });
                return 'changed' as const;
              });
              results.push({ id, status });
            } catch (caught) {
              let error = caught;
              if (!(error instanceof ApiError)) {
                try {
                  writes.rethrowDuplicate(error);
                } catch (rethrown) {
                  error = rethrown;
                }
              }
              if (!(error instanceof ApiError)) throw error;
              results.push({ id, status: 'refused', message: refusalText(error, t) });
            }
          }
          return { data: results };
        },
      );
    }
  };
