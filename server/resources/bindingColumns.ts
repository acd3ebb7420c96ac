import { Column, getTableColumns, is, SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { TResourceBinding } from './resourceBinding';

/** A table's columns by key (`id`, `version` and the office column are read by name). */
export const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;

/** Whether an expression reads a column of another table than `table` (then it needs the joins). */
export const readsOtherTables = (expression: unknown, table: PgTable): boolean => {
  if (is(expression, Column)) return expression.table !== table;
  if (is(expression, SQL)) return expression.queryChunks.some((chunk) => readsOtherTables(chunk, table));
  return false;
};

/** A query joined to the binding's tables (`joins`), for conditions and sorts that read them. */
export const joinedTo = <T extends PgSelect>(binding: Pick<TResourceBinding, 'joins'>, query: T): T => {
  for (const join of binding.joins ?? []) {
    if (join.left) query.leftJoin(join.table, join.on);
    else query.innerJoin(join.table, join.on);
  }
  return query;
};
