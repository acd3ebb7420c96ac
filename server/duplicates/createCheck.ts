import { getTableName, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  duplicateOverrideShape,
  type TDuplicateKind,
  type TDuplicateOverride,
  ZDuplicateMatch,
} from '../../src/domain/duplicates';
import { writeAudit } from '../audit';
import { rowsOf } from '../db/rowsOf';
import { ApiError } from '../errors';
import { ZErrorBody } from '../http/schemas';
import type { TResourceBinding } from '../resources/resourceBinding';
import type { TCreateExtras } from '../resources/writeContext';
import type { TDuplicateBinding } from './binding';
import { duplicateBindingOf, duplicateThreshold, findDuplicates } from './findDuplicates';
import { dismissPair, refreshDuplicatePairs } from './pairs';

/** The 409 of a create refused as a likely duplicate: the error body with the matches. */
export const ZDuplicateConflict = ZErrorBody.extend({ duplicates: z.array(ZDuplicateMatch).optional() });

/** Audit action on a new record created although it resembled others: its timeline tells the reason. */
export const notDuplicateAction = 'notDuplicate';

/**
 * The create route's duplicate check (issue 35) for a resource binding: `POST {apiBase}` takes
 * `notDuplicateOf` and `duplicateReason` beside the record; a body whose best matches score at or
 * over the settings' threshold is refused (409 `{ duplicates }`) unless it names every one of them
 * with a reason: then it is created, the reason written on its timeline and the pairs kept as
 * dismissed. Creates are serialised per area (an advisory lock) so two identical bodies sent
 * together cannot both pass. The new record's pairs for the review list are found after.
 */
export const duplicateCreateExtras = (kind: TDuplicateKind): TCreateExtras => ({
  shape: duplicateOverrideShape,
  conflict: ZDuplicateConflict,
  before: async ({ db, actor, body, extras }) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`duplicates:${kind}`}))`);
    const threshold = await duplicateThreshold(db);
    const matches = (await findDuplicates(db, kind, body, { actor })).filter(
      (match) => match.score >= threshold,
    );
    if (matches.length === 0) return;
    const { notDuplicateOf, duplicateReason } = extras as TDuplicateOverride;
    const named = new Set(notDuplicateOf ?? []);
    if (duplicateReason?.trim() && matches.every((match) => named.has(match.id))) return;
    throw new ApiError(
      409,
      'duplicateFound',
      { codes: matches.map((match) => match.code).join(', ') },
      {},
      undefined,
      { duplicates: matches },
    );
  },
  after: async ({ db, actor, extras, id }) => {
    const { notDuplicateOf, duplicateReason } = extras as TDuplicateOverride;
    const reason = duplicateReason?.trim();
    const binding = duplicateBindingOf(kind);
    if (reason && notDuplicateOf && notDuplicateOf.length > 0) {
      const codes = await db
        .select({ id: binding.columns.id, code: binding.columns.code })
        .from(binding.table)
        .where(sql`${binding.columns.id} in ${notDuplicateOf}`);
      for (const other of codes)
        await dismissPair(db, kind, id, Number(other.id), { userId: actor.id, reason });
      await writeAudit(db, {
        userId: actor.id,
        entity: binding.entity,
        entityId: id,
        action: notDuplicateAction,
        after: {
          payload: { reason, notDuplicateOf: codes.map((other) => String(other.code)) },
        },
      });
    }
    await refreshDuplicatePairs(db, kind, id);
  },
});

/**
 * A merged record on the resource engine (issue 35): hidden from lists, exports and the reads of
 * a change; `GET {apiBase}/{id}` answers 410 with the record it was merged into (a merge re-points
 * the records merged into the one it folds, so this is the last of a chain).
 */
export const mergedRule = (binding: TDuplicateBinding): NonNullable<TResourceBinding['merged']> => {
  const { columns } = binding;
  const table = sql.identifier(getTableName(binding.table));
  const column = (name: keyof TDuplicateBinding['columns']) => sql.identifier(columns[name].name);
  return {
    where: isNull(columns.mergedInto),
    into: async (db, id, user) => {
      const [row] = await rowsOf<{ id: number; code: string }>(
        db,
        sql`select k.${column('id')} as id, k.${column('code')} as code
            from ${table} m join ${table} k on k.${column('id')} = m.${column('mergedInto')}
            where m.${column('id')} = ${id}
            ${user.officeScope === null ? sql`` : sql`and m.${column('headOffice')} = ${user.officeScope}`}
            limit 1`,
      );
      return row ? { id: Number(row.id), code: String(row.code) } : undefined;
    },
  };
};
