import { type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../audit';
import { rowsOf } from '../db/rowsOf';
import { plannedRows } from '../resources/pagedList';

/** A source's total: exact when it is at most the engine's limit, else the planner's estimate. */
export type TQueueTotal = { total: number; exact: boolean };

/** The work queue counts exactly up to this many items (config `workQueueExactLimit`; tests set a small one). */
export const defaultWorkQueueExactLimit = 1_000;

/**
 * The rows of `branches` (each `select 1 from … where …`, no limit; a row in one branch only),
 * counted up to `limit` and no further: each branch reads at most `limit + 1` index entries. Above
 * the limit, the planner's estimate of the branches (as the lists do, issue 26), never below it.
 */
export const queueTotal = async (
  db: TDbOrTx,
  branches: readonly SQL[],
  limit: number,
): Promise<TQueueTotal> => {
  if (branches.length === 0) return { total: 0, exact: true };
  const cap = sql.raw(String(Math.trunc(limit) + 1));
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${sql.join(
      branches.map((branch) => sql`(${branch} limit ${cap})`),
      sql` union all `,
    )}) counted`,
  );
  const counted = Number(row?.n ?? 0);
  if (counted <= limit) return { total: counted, exact: true };
  // One plan of all the branches: its top node (an Append) expects the sum of their rows.
  const estimate = plannedRows(
    await db.execute(
      sql`explain (format json) select 1 from (${sql.join(
        branches.map((branch) => sql`(${branch})`),
        sql` union all `,
      )}) branches`,
    ),
  );
  return { total: Math.max(estimate, limit + 1), exact: false };
};

/** Totals of several sources: summed, exact only when each is. */
export const sumTotals = (totals: readonly TQueueTotal[]): TQueueTotal => ({
  total: totals.reduce((sum, one) => sum + one.total, 0),
  exact: totals.every((one) => one.exact),
});

/**
 * The first `limit` ids of `branches` in one order (keyset: each branch `select id, k… from … where
 * … order by k…, id` read from an index in that order and cut at `limit`, then merged and cut again):
 * no branch reads more than its page. `order` names the merged columns' order (`k1, k2, id`).
 */
export const firstIds = async <TRow extends { id: number }>(
  db: TDbOrTx,
  branches: readonly SQL[],
  order: SQL,
  limit: number,
): Promise<TRow[]> => {
  if (branches.length === 0) return [];
  const page = sql.raw(String(Math.trunc(limit)));
  return rowsOf<TRow>(
    db,
    sql`select * from (${sql.join(
      branches.map((branch) => sql`(${branch} limit ${page})`),
      sql` union all `,
    )}) page order by ${order} limit ${page}`,
  );
};

/** `rows` (a page's details, in any order) in the order of `page`'s ids; a row gone since is left out. */
export const inPageOrder = <TRow extends { id: number }>(
  page: readonly { id: number }[],
  rows: readonly TRow[],
) => {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return page.flatMap((one) => {
    const row = byId.get(Number(one.id));
    return row ? [row] : [];
  });
};
