import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TDuplicateKind } from '../../src/domain/duplicates';
import type { TDbOrTx } from '../audit';
import { duplicatePairs } from '../db/schema';
import type { TDuplicateBinding } from './binding';
import { duplicateBindingOf, findDuplicates, findDuplicatesMany } from './findDuplicates';

/**
 * The review list's pairs (issue 35, table `duplicate_pairs`, docs/decisions.md): a million records
 * cannot be paired per request, so a record's pairs are found when it is created or edited through
 * the API (the same engine as the form's check, over every office) or committed by the import
 * (`recordNewPairs`, batched) and, for records written otherwise (the demo, before migration 0029),
 * by `rebuildDuplicatePairs` (`npm run duplicates:rebuild`). A dismissed pair is kept with who and why and never reopened.
 */

/** Pairs scoring at least this are listed (the form's refusal threshold is a setting; this is lower on purpose). */
export const pairFloor = 0.7;
/** At most this many pairs are kept per record. */
const pairsPerRecord = 20;

/** The record's stored fields under their create-body names (the table's Drizzle keys are the same). */
const storedBody = async (db: TDbOrTx, binding: TDuplicateBinding, id: number) => {
  const [row] = await db.select().from(binding.table).where(eq(binding.columns.id, id)).limit(1);
  return row as Record<string, unknown> | undefined;
};

/** The ordered key of a pair: the lower id first. */
export const pairKey = (one: number, other: number) => ({
  aId: Math.min(one, other),
  bId: Math.max(one, other),
});

/**
 * Finds the pairs of record `id` again: its open pairs are replaced by what the engine finds now
 * (all offices), dismissed ones are left as they are. A merged or missing record has none.
 */
export const refreshDuplicatePairs = async (db: TDbOrTx, kind: TDuplicateKind, id: number) => {
  const binding = duplicateBindingOf(kind);
  const involves = and(
    eq(duplicatePairs.kind, kind),
    or(eq(duplicatePairs.aId, id), eq(duplicatePairs.bId, id)),
  );
  await db.delete(duplicatePairs).where(and(involves, isNull(duplicatePairs.dismissedAt)));
  const record = await storedBody(db, binding, id);
  if (!record || record.mergedIntoId !== null) return;
  const matches = await findDuplicates(db, kind, record, {
    actor: { officeScope: null },
    excludeIds: [id],
    floor: pairFloor,
    limit: pairsPerRecord,
  });
  if (matches.length === 0) return;
  await db
    .insert(duplicatePairs)
    .values(
      matches.map((match) => ({
        kind,
        ...pairKey(id, match.id),
        score: match.score,
        reasons: match.reasons,
      })),
    )
    // A pair someone dismissed stays dismissed.
    .onConflictDoNothing();
};

/**
 * The pairs of records just created together (the import's commit, issue 35), in the caller's
 * transaction: the batched engine over every office, as `refreshDuplicatePairs` finds each one's
 * (a new record has no pairs to replace). A pair already kept, dismissed or not, is left as it is.
 */
export const recordNewPairs = async (db: TDbOrTx, kind: TDuplicateKind, ids: readonly number[]) => {
  if (ids.length === 0) return;
  const binding = duplicateBindingOf(kind);
  const records: Record<string, unknown>[] = [];
  for (let start = 0; start < ids.length; start += 5000)
    records.push(
      ...(await db
        .select()
        .from(binding.table)
        .where(
          and(
            inArray(binding.columns.id, ids.slice(start, start + 5000)),
            isNull(binding.columns.mergedInto),
          ),
        )),
    );
  const answers = await findDuplicatesMany(db, kind, records, {
    actor: { officeScope: null },
    excludeOwnId: true,
    floor: pairFloor,
    limit: pairsPerRecord,
  });
  const pairs = new Map<string, typeof duplicatePairs.$inferInsert>();
  records.forEach((record, index) => {
    for (const match of answers[index]) {
      const key = pairKey(Number(record.id), match.id);
      const seen = pairs.get(`${key.aId}:${key.bId}`);
      // Two new records find each other: the pair once, at the better score.
      if (!seen || seen.score < match.score)
        pairs.set(`${key.aId}:${key.bId}`, { kind, ...key, score: match.score, reasons: match.reasons });
    }
  });
  const values = [...pairs.values()];
  for (let start = 0; start < values.length; start += 1000)
    await db
      .insert(duplicatePairs)
      .values(values.slice(start, start + 1000))
      // A pair someone dismissed stays dismissed.
      .onConflictDoNothing();
};

/** Records one pair as 'not the same' (kept, with who and why): it is no longer listed nor found again. */
export const dismissPair = async (
  db: TDbOrTx,
  kind: TDuplicateKind,
  one: number,
  other: number,
  by: { userId: number; reason: string; score?: number; reasons?: string[] },
) => {
  await db
    .insert(duplicatePairs)
    .values({
      kind,
      ...pairKey(one, other),
      score: by.score ?? 0,
      reasons: by.reasons ?? [],
      dismissedAt: new Date(),
      dismissedBy: by.userId,
      dismissReason: by.reason,
    })
    .onConflictDoUpdate({
      target: [duplicatePairs.kind, duplicatePairs.aId, duplicatePairs.bId],
      set: { dismissedAt: new Date(), dismissedBy: by.userId, dismissReason: by.reason },
    });
};

/**
 * `dismissPair` for many pairs with one reason (the import's rows created anyway), a statement per
 * thousand pairs. A pair named twice is dismissed once.
 */
export const dismissPairs = async (
  db: TDbOrTx,
  kind: TDuplicateKind,
  pairs: readonly { one: number; other: number; score?: number; reasons?: string[] }[],
  by: { userId: number; reason: string },
) => {
  const now = new Date();
  const values = new Map<string, typeof duplicatePairs.$inferInsert>();
  for (const pair of pairs) {
    const key = pairKey(pair.one, pair.other);
    values.set(`${key.aId}:${key.bId}`, {
      kind,
      ...key,
      score: pair.score ?? 0,
      reasons: pair.reasons ?? [],
      dismissedAt: now,
      dismissedBy: by.userId,
      dismissReason: by.reason,
    });
  }
  const all = [...values.values()];
  for (let start = 0; start < all.length; start += 1000)
    await db
      .insert(duplicatePairs)
      .values(all.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: [duplicatePairs.kind, duplicatePairs.aId, duplicatePairs.bId],
        set: { dismissedAt: now, dismissedBy: by.userId, dismissReason: by.reason },
      });
};

/** Forgets the open pairs of a record (merged: it is no longer a record of its own). */
export const dropOpenPairs = async (db: TDbOrTx, kind: TDuplicateKind, id: number) => {
  await db
    .delete(duplicatePairs)
    .where(
      and(
        eq(duplicatePairs.kind, kind),
        or(eq(duplicatePairs.aId, id), eq(duplicatePairs.bId, id)),
        isNull(duplicatePairs.dismissedAt),
      ),
    );
};

/**
 * Finds every record's pairs again, in id order, `batch` records per transaction (a rebuild after
 * an import or on a database older than migration 0029). Answers how many records were read.
 */
export const rebuildDuplicatePairs = async (
  db: TDbOrTx,
  kind: TDuplicateKind,
  options: { batch?: number; onProgress?: (done: number) => void } = {},
): Promise<number> => {
  const binding = duplicateBindingOf(kind);
  const batch = options.batch ?? 500;
  let after = 0;
  let done = 0;
  for (;;) {
    const ids = (
      await db
        .select({ id: binding.columns.id })
        .from(binding.table)
        .where(and(gt(binding.columns.id, after), isNull(binding.columns.mergedInto)))
        .orderBy(asc(binding.columns.id))
        .limit(batch)
    ).map((row) => Number(row.id));
    if (ids.length === 0) return done;
    await db.transaction(async (tx) => {
      for (const id of ids) await refreshDuplicatePairs(tx, kind, id);
    });
    done += ids.length;
    after = ids[ids.length - 1];
    options.onProgress?.(done);
  }
};

/** The number of open pairs of `kind` (the rebuild's and the tests' check). */
export const openPairCount = async (db: TDbOrTx, kind: TDuplicateKind) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(duplicatePairs)
    .where(and(eq(duplicatePairs.kind, kind), isNull(duplicatePairs.dismissedAt)));
  return row.count;
};
