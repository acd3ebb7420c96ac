import { and, eq, gt, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** The export's rows up to this many (a bigger list is cut, not refused). */
export const exportMaxRows = 10_000;

/**
 * Rows an export reads per statement (issue 37): on the embedded database a statement holds the
 * one connection, and 10,000 rows in one held it ~480 ms at 100,000 children while every request
 * waited; 500 at a time, requests run between the chunks. Changed only by tests.
 */
export const exportChunking = { rows: 500 };

/** The extra fields each chunk's rows carry: the sort value and the id of the last row read. */
export const sortKeyField = '__exportSortKey';
export const idKeyField = '__exportId';

/**
 * After the row (`sort`, `id`) in the list's order, as PostgreSQL orders it: ascending puts nulls
 * last, descending first; the id breaks ties in the sort's direction.
 */
export const keysetAfter = (
  sortBy: SQL | PgColumn,
  idColumn: PgColumn,
  descending: boolean,
  last: { sort: unknown; id: unknown },
): SQL | undefined => {
  const beyond = descending ? lt : gt;
  // Typed as SQL for the operators' overloads; a column stays a column (its value encoded as its own).
  const key = sortBy as SQL;
  if (last.sort === null || last.sort === undefined)
    return descending
      ? or(and(isNull(key), lt(idColumn, last.id)), isNotNull(key))
      : and(isNull(key), gt(idColumn, last.id));
  const after = or(beyond(key, last.sort), and(eq(key, last.sort), beyond(idColumn, last.id)));
  return descending ? after : or(after, isNull(key));
};

/**
 * Reads the list's rows a chunk at a time, each after the last row of the one before (keyset, not
 * offset: a chunk reads only its rows), up to `exportMaxRows`. Chunks are separate statements: a row
 * changed between two of them may be missed or read twice, as a list's pages may be.
 */
export const readInChunks = async (options: {
  sortBy: SQL | PgColumn;
  idColumn: PgColumn;
  descending: boolean;
  read: (after: SQL | undefined, limit: number) => Promise<Record<string, unknown>[]>;
}): Promise<Record<string, unknown>[]> => {
  const rows: Record<string, unknown>[] = [];
  let after: SQL | undefined;
  while (rows.length < exportMaxRows) {
    const limit = Math.min(exportChunking.rows, exportMaxRows - rows.length);
    const chunk = await options.read(after, limit);
    rows.push(...chunk);
    if (chunk.length < limit) break;
    const last = chunk[chunk.length - 1];
    after = keysetAfter(options.sortBy, options.idColumn, options.descending, {
      sort: last[sortKeyField],
      id: last[idKeyField],
    });
  }
  return rows;
};
