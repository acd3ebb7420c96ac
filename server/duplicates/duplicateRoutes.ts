import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maxPageSize } from '../../src/domain/constants';
import {
  type TMergeRecords,
  ZChildDuplicateCheck,
  ZChildMerge,
  ZDismissPair,
  ZDuplicateMatch,
  ZDuplicatePair,
  ZParentDuplicateCheck,
  ZParentMerge,
} from '../../src/domain/duplicates';
import { writeAudit } from '../audit';
import { rowsOf } from '../db/rowsOf';
import { duplicatePairs } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { dataOf, ZErrorBody } from '../http/schemas';
import { currentUser } from '../plugins/permissions';
import { pagedOf, paginateMeta } from '../resources/pagedList';
import type { TDuplicateBinding } from './binding';
import { findDuplicates } from './findDuplicates';
import { mergeRecords } from './mergeRecords';
import { dismissPair } from './pairs';

const ZPairsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  // `take` as every list pages; `perPage` is the same (the contract's first name for it).
  take: z.coerce.number().int().min(1).max(maxPageSize).optional(),
  perPage: z.coerce.number().int().min(1).max(maxPageSize).optional(),
});

/** Audit action of a dismissed pair, on both records' timelines. */
export const dismissAction = 'notDuplicate';

/**
 * The duplicate check's routes of one area (issue 35), under its API base:
 * - `POST {apiBase}/duplicate-check` (read): the form's fields → the likely duplicates;
 * - `GET {apiBase}/duplicates` (merge): the pairs among existing records, best first, paged;
 * - `POST {apiBase}/duplicates/dismiss` (merge): 'not the same', kept with the reason;
 * - `POST {apiBase}/merge` (merge): one record folded into the other (mergeRecords.ts).
 * Records out of the user's office do not exist here either: a pair is listed only when both are in it.
 */
export const duplicateRoutes = (binding: TDuplicateBinding): FastifyPluginAsyncZod => {
  const { apiBase, kind, columns, table } = binding;
  const read = `${binding.permissionResource}:read`;
  const merge = `${binding.permissionResource}:merge`;
  const tags = [binding.tag];
  const ZCheck = kind === 'child' ? ZChildDuplicateCheck : ZParentDuplicateCheck;
  const ZMerge = kind === 'child' ? ZChildMerge : ZParentMerge;

  return async (app) => {
    app.post(
      `${apiBase}/duplicate-check`,
      {
        config: { permission: read, answers: read },
        schema: {
          tags,
          summary:
            'Likely duplicates of the record a form describes (partial allowed), best first, at most 10',
          description:
            'Names compared in both scripts (trigram similarity), the date of birth exactly or within a year ' +
            "when estimated, the sex must agree; the user's office scope applied; `excludeId`: the record edited.",
          body: ZCheck,
          response: { 200: dataOf(z.array(ZDuplicateMatch)) },
        },
      },
      async (request) => {
        const body = request.body as Record<string, unknown>;
        const excludeId = typeof body.excludeId === 'number' ? [body.excludeId] : [];
        return {
          data: await findDuplicates(app.db, kind, body, {
            actor: currentUser(request),
            excludeIds: excludeId,
          }),
        };
      },
    );

    app.get(
      `${apiBase}/duplicates`,
      {
        config: { permission: merge, answers: read },
        schema: {
          tags,
          summary: 'Possible duplicate pairs among existing records, best first (paged)',
          description:
            'Pairs found when a record is created (by the form or the import) or edited, and by `npm run duplicates:rebuild`; dismissed ' +
            "and merged ones are not listed; both records in the user's office.",
          querystring: ZPairsQuery,
          response: { 200: pagedOf(ZDuplicatePair) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { page } = request.query;
        const take = request.query.take ?? request.query.perPage ?? 10;
        const column = (name: keyof TDuplicateBinding['columns']) => sql.identifier(columns[name].name);
        const office = (side: string) =>
          user.officeScope === null
            ? sql``
            : sql`and ${sql.identifier(side)}.${column('headOffice')} = ${user.officeScope}`;
        // The display expressions name the table's own columns: read on the record's row by id.
        const shown = (side: string, expression: SQL) =>
          sql`(select ${expression} from ${table} where ${columns.id} = ${sql.identifier(side)}.${column('id')})`;
        const from = sql`from ${duplicatePairs} p
          join ${table} a on a.${column('id')} = p.a_id and a.${column('mergedInto')} is null ${office('a')}
          join ${table} b on b.${column('id')} = p.b_id and b.${column('mergedInto')} is null ${office('b')}
          where p.kind = ${kind} and p.dismissed_at is null`;
        type TPairRow = {
          aId: number;
          aCode: string;
          aNameKh: string | null;
          aNameEn: string | null;
          bId: number;
          bCode: string;
          bNameKh: string | null;
          bNameEn: string | null;
          score: number;
          reasons: z.infer<typeof ZDuplicatePair>['reasons'];
        };
        const rows = await rowsOf<TPairRow>(
          app.db,
          sql`select p.a_id as "aId", a.${column('code')} as "aCode",
                ${shown('a', binding.display.nameKh)} as "aNameKh", ${shown('a', binding.display.nameEn)} as "aNameEn",
                p.b_id as "bId", b.${column('code')} as "bCode",
                ${shown('b', binding.display.nameKh)} as "bNameKh", ${shown('b', binding.display.nameEn)} as "bNameEn",
                p.score, p.reasons
              ${from}
              order by p.score desc, p.a_id, p.b_id
              limit ${take} offset ${(page - 1) * take}`,
        );
        const [{ count }] = await rowsOf<{ count: number }>(
          app.db,
          sql`select count(*)::int as count ${from}`,
        );
        return {
          data: rows.map((row) => ({
            a: { id: Number(row.aId), code: String(row.aCode), nameKh: row.aNameKh, nameEn: row.aNameEn },
            b: { id: Number(row.bId), code: String(row.bCode), nameKh: row.bNameKh, nameEn: row.bNameEn },
            score: Math.round(Number(row.score) * 1000) / 1000,
            reasons: row.reasons,
          })),
          paginateMeta: paginateMeta(Number(count), page, take),
        };
      },
    );
    /** Both records, in the user's office (else 404). */
    const bothInScope = async (ids: readonly number[], user: ReturnType<typeof currentUser>) => {
      const rows = await app.db
        .select({ id: columns.id, code: columns.code })
        .from(table)
        .where(
          and(
            sql`${columns.id} in ${ids}`,
            isNull(columns.mergedInto),
            user.officeScope === null ? undefined : eq(columns.headOffice, user.officeScope),
          ),
        );
      if (rows.length !== new Set(ids).size) throw notFound();
      return new Map(rows.map((row) => [Number(row.id), String(row.code)]));
    };

    app.post(
      `${apiBase}/duplicates/dismiss`,
      {
        config: { permission: merge, answers: read },
        schema: {
          tags,
          summary: 'Two records are not the same: the pair is kept with the reason and no longer listed',
          body: ZDismissPair,
          response: {
            200: dataOf(z.object({ aId: z.number().int(), bId: z.number().int() })),
            404: ZErrorBody,
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { aId, bId, reason } = request.body;
        const codes = await bothInScope([aId, bId], user);
        await app.db.transaction(async (tx) => {
          await dismissPair(tx, kind, aId, bId, { userId: user.id, reason });
          for (const [id, other] of [
            [aId, bId],
            [bId, aId],
          ])
            await writeAudit(tx, {
              userId: user.id,
              entity: binding.entity,
              entityId: id,
              action: dismissAction,
              after: { payload: { reason, notDuplicateOf: [codes.get(other)] } },
            });
        });
        return { data: { aId: Math.min(aId, bId), bId: Math.max(aId, bId) } };
      },
    );

    app.post(
      `${apiBase}/merge`,
      {
        config: { permission: merge, answers: read },
        schema: {
          tags,
          summary: 'Fold one record into another in one transaction; the merged one is hidden, never deleted',
          description:
            "Moves documents, status history, matchings and the area's own rows to `keepId`; `fields` takes " +
            'parts from `mergeId`. 409 when either is in a matching under way, is a record the law keeps, or ' +
            'was merged already. The answer is the kept record as `GET {apiBase}/{id}` answers it.',
          body: ZMerge,
          response: {
            200: dataOf(z.looseObject({ id: z.number().int() })),
            404: ZErrorBody,
            409: ZErrorBody,
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const body = request.body as TMergeRecords;
        await app.db.transaction((tx) => mergeRecords(tx, binding, body, user));
        const record = await app.recordReaders.get(apiBase)?.(body.keepId, user);
        if (!record) throw new ApiError(404, 'notFound');
        return { data: record as { id: number } };
      },
    );
  };
};
