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
 * The first `limit` ids of `branches` in one order, as a subquery for `id in (…)` (keyset: each
 * branch `select id, k… from … where … order by k…, id` read from an index in that order and cut at
 * `limit`, then merged and cut again): no branch reads more than its page, and the page's details
 * are read in the same statement. `order` names the merged columns' order (`k1, k2, id`).
 */
export const pageIds = (branches: readonly SQL[], order: SQL, limit: number): SQL => {
  const page = sql.raw(String(Math.trunc(limit)));
  return sql`(select id from (${sql.join(
    branches.map((branch) => sql`(${branch} limit ${page})`),
    sql` union all `,
  )}) page order by ${order} limit ${page})`;
};
