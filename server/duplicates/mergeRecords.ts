import { and, asc, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { matchingArea } from '../../src/domain/areas/matching.area';
import type { TMergeRecords } from '../../src/domain/duplicates';
import { type TDbOrTx, writeAudit } from '../audit';
import type { TAuthUser } from '../auth/service';
import { adoptiveMatchings, attachments, statusHistory } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { officeCondition } from '../resources/officeScope';
import type { TDuplicateBinding } from './binding';
import { dropOpenPairs, refreshDuplicatePairs } from './pairs';

/** Audit actions of a merge, on the kept record's timeline and on the merged one's. */
export const mergeActions = { kept: 'merge', merged: 'mergedInto' } as const;

/** The Drizzle key of each column of the binding's table. */
const keysOf = (binding: TDuplicateBinding) => {
  const keys = new Map<PgColumn, string>();
  for (const [key, column] of Object.entries(getTableColumns(binding.table)))
    keys.set(column as PgColumn, key);
  return keys;
};

/**
 * Folds record `mergeId` into `keepId` in the caller's transaction (issue 35): both locked, both in
 * the user's office (else 404); refused (409) when either is merged already, is a record the law
 * keeps, or is in a matching under way. Then: the parts chosen `merge` are copied from the merged
 * record; its documents, status history, matchings and the module's own rows (family, household,
 * disabilities, services) point at the kept record; it is marked merged (hidden, never deleted),
 * its code searchable on the kept one; both timelines tell it; the pairs are found again.
 */
export const mergeRecords = async (
  tx: TDbOrTx,
  binding: TDuplicateBinding,
  { keepId, mergeId, fields, reason }: TMergeRecords,
  actor: TAuthUser,
): Promise<void> => {
  const { columns, table, merge } = binding;
  const keys = keysOf(binding);
  const key = (column: PgColumn) => keys.get(column) ?? column.name;
  // Locked in id order: two merges of the same records wait for each other, never deadlock.
  await tx
    .select({ id: columns.id })
    .from(table)
    .where(inArray(columns.id, [keepId, mergeId]))
    .orderBy(asc(columns.id))
    .for('update');
  const rows = (await tx
    .select()
    .from(table)
    .where(
      and(inArray(columns.id, [keepId, mergeId]), officeCondition(columns.headOffice, actor)),
    )) as Record<string, unknown>[];
  const kept = rows.find((row) => Number(row[key(columns.id)]) === keepId);
  const merged = rows.find((row) => Number(row[key(columns.id)]) === mergeId);
  if (!kept || !merged) throw notFound();
  const codeOf = (row: Record<string, unknown>) => String(row[key(columns.code)]);
  for (const record of [kept, merged]) {
    if (record[key(columns.mergedInto)] !== null)
      throw new ApiError(409, 'mergeAlreadyMerged', { code: codeOf(record) });
    const id = Number(record[key(columns.id)]);
    const isKept =
      merge.kept.statuses.includes(String(record[key(columns.status)])) ||
      (await merge.kept.alsoWhen?.(tx, id));
    if (isKept) throw new ApiError(409, 'mergeKept', { code: codeOf(record) });
  }
  const [active] = await tx
    .select({ recordId: merge.matchingColumn })
    .from(adoptiveMatchings)
    .where(
      and(
        inArray(merge.matchingColumn, [keepId, mergeId]),
        notInArray(adoptiveMatchings.status, [...matchingArea.keptStatuses]),
      ),
    )
    .limit(1);
  if (active) {
    const record = Number(active.recordId) === keepId ? kept : merged;
    throw new ApiError(409, 'mergeInMatching', { code: codeOf(record) });
  }

  const changes: Record<string, unknown> = {};
  const taken: string[] = [];
  for (const [field, choice] of Object.entries(fields)) {
    const part = merge.fields[field];
    if (choice !== 'merge' || !part) continue;
    taken.push(field);
    for (const column of part) changes[key(column)] = merged[key(column)];
  }
  const formerCodes = [kept[key(columns.formerCodes)], codeOf(merged), merged[key(columns.formerCodes)]]
    .filter((code) => typeof code === 'string' && code !== '')
    .join(' ');
  const now = new Date();
  await tx
    .update(table)
    .set({
      ...changes,
      [key(columns.formerCodes)]: formerCodes,
      [key(columns.version)]: sql`${columns.version} + 1`,
      updatedBy: actor.id,
      updatedAt: now,
    } as never)
    .where(eq(columns.id, keepId));
  await tx
    .update(table)
    .set({
      [key(columns.mergedInto)]: keepId,
      [key(columns.mergedAt)]: now,
      [key(columns.version)]: sql`${columns.version} + 1`,
      updatedBy: actor.id,
      updatedAt: now,
    } as never)
    .where(eq(columns.id, mergeId));
  // Records merged into the one folded now point at the kept one (410 names where they are).
  await tx
    .update(table)
    .set({ [key(columns.mergedInto)]: keepId } as never)
    .where(eq(columns.mergedInto, mergeId));

  // Its documents: a one-file slot the kept record fills already takes the merged record's as a document.
  for (const slot of merge.singleSlots ?? []) {
    const [filled] = await tx
      .select({ id: attachments.id })
      .from(attachments)
      .where(
        and(
          eq(attachments.entity, binding.entity),
          eq(attachments.entityId, keepId),
          eq(attachments.slot, slot),
        ),
      )
      .limit(1);
    if (filled)
      await tx
        .update(attachments)
        .set({ slot: null })
        .where(
          and(
            eq(attachments.entity, binding.entity),
            eq(attachments.entityId, mergeId),
            eq(attachments.slot, slot),
          ),
        );
  }
  await tx
    .update(attachments)
    .set({ entityId: keepId })
    .where(and(eq(attachments.entity, binding.entity), eq(attachments.entityId, mergeId)));
  await tx
    .update(statusHistory)
    .set({ entityId: keepId })
    .where(and(eq(statusHistory.entity, binding.entity), eq(statusHistory.entityId, mergeId)));
  const matchingKey = Object.entries(getTableColumns(adoptiveMatchings)).find(
    ([, column]) => column === merge.matchingColumn,
  )?.[0];
  if (!matchingKey) throw new Error(`${binding.kind}: matchingColumn is not a column of the matchings`);
  await tx
    .update(adoptiveMatchings)
    .set({ [matchingKey]: keepId } as never)
    .where(eq(merge.matchingColumn, mergeId));
  await merge.move({ db: tx, keepId, mergeId, actor });

  await writeAudit(tx, {
    userId: actor.id,
    entity: binding.entity,
    entityId: keepId,
    action: mergeActions.kept,
    before: kept,
    after: { ...kept, ...changes, payload: { reason, merged: codeOf(merged), fields: taken } },
  });
  await writeAudit(tx, {
    userId: actor.id,
    entity: binding.entity,
    entityId: mergeId,
    action: mergeActions.merged,
    before: merged,
    after: { ...merged, payload: { reason, kept: codeOf(kept) } },
  });
  await dropOpenPairs(tx, binding.kind, mergeId);
  await refreshDuplicatePairs(tx, binding.kind, keepId);
};
