import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';

/** `{ data, paginateMeta }` of DESIGN.md section 3. */
export const ZPaginateMeta = z.object({
  itemCount: z.number().int(),
  page: z.number().int(),
  take: z.number().int(),
  pageCount: z.number().int(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
  /**
   * Whether `itemCount` is the exact number of matching rows. Above the exact-count limit (10,000 by
   * default) it is the database planner's estimate, shown as 'about …', and `pageCount` follows it;
   * `hasNextPage` is always exact, and the last page (fewer rows than `take`) makes it exact again.
   */
  totalExact: z.boolean(),
});
export type TPaginateMeta = z.infer<typeof ZPaginateMeta>;

export const pagedOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), paginateMeta: ZPaginateMeta });

export const paginateMeta = (
  itemCount: number,
  page: number,
  take: number,
  totalExact = true,
): TPaginateMeta => {
  const pageCount = Math.max(1, Math.ceil(itemCount / take));
  return {
    itemCount,
    page,
    take,
    pageCount,
    hasPreviousPage: page > 1,
    hasNextPage: page < pageCount,
    totalExact,
  };
};

/** Lists count their rows exactly up to this many; above, the planner's estimate (docs/decisions.md). */
export const defaultExactCountLimit = 10_000;

/** The rows an `explain (format json)` answer's top plan node expects, whichever driver ran it. */
export const plannedRows = (result: unknown): number => {
  const rows = (Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows) ?? [];
  const first = rows[0] as Record<string, unknown> | undefined;
  const raw = first ? Object.values(first)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
};

/**
 * A page's meta from a count capped at `limit + 1` rows (`capped`), the page's rows fetched with one
 * more than `take` (`fetched`, so whether a next page exists is known), and the planner's estimate
 * when the cap was reached (`estimate`, asked only then). Below the cap, or on the last page, the
 * total is exact; otherwise it is the estimate, never less than the rows known to exist.
 */
export const cappedMeta = (options: {
  capped: number;
  limit: number;
  fetched: number;
  page: number;
  take: number;
  estimate?: number;
}): TPaginateMeta => {
  const { capped, limit, fetched, page, take } = options;
  if (capped <= limit) return paginateMeta(capped, page, take);
  const offset = (page - 1) * take;
  // The last page: the rows before it and its own are all there is.
  if (fetched > 0 && fetched <= take) return paginateMeta(offset + fetched, page, take);
  const hasNextPage = fetched > take;
  const known = offset + Math.min(fetched, take) + (hasNextPage ? 1 : 0);
  const itemCount = Math.max(options.estimate ?? 0, limit + 1, known);
  const meta = paginateMeta(itemCount, page, take, false);
  // The estimate may say fewer pages than there are, or more: the next page's existence is exact.
  const pageCount = hasNextPage ? Math.max(meta.pageCount, page + 1) : meta.pageCount;
  return { ...meta, pageCount, hasNextPage };
};

/** `%term%` for ILIKE, with the user's `%`, `_` and `\` taken literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * A search over several text expressions: every word the user typed must appear in one of them
 * (Khmer or Latin; ILIKE leaves Khmer as it is and folds Latin case).
 */
export const searchCondition = (search: string, expressions: (SQL | PgColumn)[]): SQL | undefined => {
  const words = search.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0 || expressions.length === 0) return undefined;
  const haystack = sql.join(
    expressions.map((expression) => sql`coalesce(${expression}, '')`),
    sql` || ' ' || `,
  );
  return sql.join(
    words.map((word) => sql`(${haystack}) ilike ${likePattern(word)}`),
    sql` and `,
  );
};

/**
 * Runs the count and the page of one list query; both use the same joins and conditions. The count
 * stops at `limit + 1` rows (a million rows are not counted to show page 1): above that, the
 * planner's `estimate`, and the exact `count` only for a page past the end (an estimate too high),
 * so that the client can go to the real last page.
 */
export const runPagedList = async <TRow>(options: {
  /** The matching rows, counted up to `limit + 1`. */
  cappedCount: () => Promise<{ count: number }[]>;
  /** The planner's estimate of the matching rows. */
  estimate: () => Promise<number>;
  /** The exact number of matching rows. */
  count: () => Promise<{ count: number }[]>;
  rows: (limit: number, offset: number) => Promise<TRow[]>;
  limit: number;
  page: number;
  take: number;
}) => {
  const { page, take, limit } = options;
  const [[{ count }], rows] = await Promise.all([
    options.cappedCount(),
    options.rows(take + 1, (page - 1) * take),
  ]);
  const capped = Number(count);
  const data = rows.slice(0, take);
  if (capped <= limit) return { data, paginateMeta: paginateMeta(capped, page, take) };
  if (rows.length === 0 && page > 1) {
    const [{ count: exact }] = await options.count();
    return { data, paginateMeta: paginateMeta(Number(exact), page, take) };
  }
  const lastPage = rows.length <= take;
  const estimate = lastPage ? undefined : await options.estimate();
  return {
    data,
    paginateMeta: cappedMeta({ capped, limit, fetched: rows.length, page, take, estimate }),
  };
};
