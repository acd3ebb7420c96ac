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
});
export type TPaginateMeta = z.infer<typeof ZPaginateMeta>;

export const pagedOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), paginateMeta: ZPaginateMeta });

export const paginateMeta = (itemCount: number, page: number, take: number): TPaginateMeta => {
  const pageCount = Math.max(1, Math.ceil(itemCount / take));
  return { itemCount, page, take, pageCount, hasPreviousPage: page > 1, hasNextPage: page < pageCount };
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

/** Runs the count and the page of one list query; both use the same joins and conditions. */
export const runPagedList = async <TRow>(options: {
  count: () => Promise<{ count: number }[]>;
  rows: (limit: number, offset: number) => Promise<TRow[]>;
  page: number;
  take: number;
}) => {
  const { page, take } = options;
  const [[{ count }], rows] = await Promise.all([options.count(), options.rows(take, (page - 1) * take)]);
  return { data: rows, paginateMeta: paginateMeta(Number(count), page, take) };
};
