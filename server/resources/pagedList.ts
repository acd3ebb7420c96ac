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

/**
 * A search counts its rows exactly up to this many, and takes the planner's estimate as it is above
 * twice that (issue 37): each match of a word is rechecked in the table (a trigram index is lossy), so
 * counting 4,000 'chan dara' of a million cost more than the rest of the call; a thousand is cheap.
 */
export const searchExactCountLimit = 1_000;
/** A search's estimate above twice its limit is its total; nearer, its rows are counted to the limit. */
export const searchTrustedFactor = 2;

/** The rows an `explain (format json)` answer's top plan node expects, whichever driver ran it. */
export const plannedRows = (result: unknown): number => {
  const rows = (Array.isArray(result) ? result : (result as { rows?: unknown[] }).rows) ?? [];
  const first = rows[0] as Record<string, unknown> | undefined;
  const raw = first ? Object.values(first)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(Number(plan?.[0]?.Plan?.['Plan Rows'] ?? 0));
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
 * An estimate this many times the exact-count limit is taken as it is, without counting even to
 * the limit: a common word's trigram bitmap (130,000 children called Sok) costs more to build than
 * the rest of the call, and the planner's estimate of such a word is close (docs/performance.md).
 */
export const estimateTrustedFactor = 5;

/**
 * Runs the page and the count of one list query; both use the same joins and conditions. A million
 * rows are not counted to show a page of ten (issue 26):
 * - the page is fetched with one row more than `take`: a short page is the last, and the rows
 *   before it and on it are the total (no count at all);
 * - else the planner's `estimate`; far above the limit (`estimateTrustedFactor`), it is the total
 *   (`totalExact: false`); near or below it, the rows are counted up to `limit + 1`: exact below,
 *   the estimate above (never less than the rows known to exist);
 * - a page past the end (an estimate too high, an old address) is counted exactly, so that the
 *   client can go to the real last page.
 */
export const runPagedList = async <TRow>(options: {
  rows: (limit: number, offset: number) => Promise<TRow[]>;
  /** The planner's estimate of the matching rows. */
  estimate: () => Promise<number>;
  /** The matching rows, counted up to `limit + 1`. */
  cappedCount: () => Promise<{ count: number }[]>;
  /** The exact number of matching rows. */
  count: () => Promise<{ count: number }[]>;
  limit: number;
  /** An estimate this many times the limit is the total without counting (`estimateTrustedFactor`). */
  trustedFactor?: number;
  page: number;
  take: number;
}) => {
  const { page, take, limit, trustedFactor = estimateTrustedFactor } = options;
  const offset = (page - 1) * take;
  const rows = await options.rows(take + 1, offset);
  const data = rows.slice(0, take);
  if (rows.length === 0 && page > 1) {
    const [{ count }] = await options.count();
    return { data, paginateMeta: paginateMeta(Number(count), page, take) };
  }
  // The last page: the rows before it and its own are all there is.
  if (rows.length <= take) return { data, paginateMeta: paginateMeta(offset + rows.length, page, take) };
  const estimate = await options.estimate();
  if (estimate <= limit * trustedFactor) {
    const [{ count }] = await options.cappedCount();
    if (Number(count) <= limit) return { data, paginateMeta: paginateMeta(Number(count), page, take) };
  }
  // More than the limit: the estimate, at least one row past this page (a next page exists).
  const itemCount = Math.max(estimate, limit + 1, offset + take + 1);
  return { data, paginateMeta: { ...paginateMeta(itemCount, page, take, false), hasNextPage: true } };
};
