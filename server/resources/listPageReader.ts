import { inArray, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { TRouteLocale } from '../../src/domain/locale';
import type { TAuthUser } from '../auth/service';
import { columnsOf, joinedTo, readsOtherTables } from './bindingColumns';
import { listQueryParts, type TListQuery } from './listQueryParts';
import { prepareNamed } from './namedStatement';
import { officeCondition } from './officeScope';
import {
  defaultExactCountLimit,
  plannedRows,
  runPagedList,
  searchExactCountLimit,
  searchTrustedFactor,
} from './pagedList';
import type { TRecordWrites } from './recordWrites';
import type { TResourceBinding } from './resourceBinding';
import type { ZRow } from './resourceSchemas';
import type { TRouteApp } from './routeApp';

type TListQueries = { count: () => Promise<{ count: number }[]>; rows: () => Promise<unknown[]> };

/**
 * The paged list of a resource for a parsed query (`GET {base}`, and the spec's own search call if
 * any): the counts capped or estimated, the page's ids first, and the opening page's statements kept.
 */
export const listPageReader = (app: TRouteApp, binding: TResourceBinding, writes: TRecordWrites) => {
  const { table } = binding;
  const idColumn = columnsOf(table).id;
  const { officeColumn, selectRows } = writes;
  const withJoins = <T extends PgSelect>(query: T): T => joinedTo(binding, query);
  /**
   * The list as it opens (first page, no search, no filter) is the call made most often: its two
   * statements are built once per sort, order, page size and language, and kept prepared
   * (server/db/namedStatements.ts). Building the child list's SQL cost as much as running it.
   */
  const openingLists = new Map<string, TListQueries>();
  /** Rows counted exactly; above, the planner's estimate (docs/decisions.md, issue 26). */
  const exactCountLimit = app.config.exactCountLimit ?? defaultExactCountLimit;
  /** Written into the SQL text (a whole number from the config), so the statement keeps one plan. */
  const countCap = sql.raw(String(Math.trunc(exactCountLimit) + 1)) as unknown as number;
  /** A search's: lower, its estimate trusted sooner (pagedList.ts `searchExactCountLimit`). */
  const searchLimit = Math.min(exactCountLimit, searchExactCountLimit);
  const searchCountCap = sql.raw(String(Math.trunc(searchLimit) + 1)) as unknown as number;

  /** The paged list for a parsed query (`GET {base}`, and the spec's own search call if any). */
  const listPage = async (request: { query: unknown }, locale: TRouteLocale, user: TAuthUser) => {
    const query = request.query as TListQuery;
    const scope = officeCondition(officeColumn, user);
    const { conditions, where, sortBy, order } = listQueryParts(binding, query, locale, scope, user);
    // (binding.listWhere is fixed text, the office condition one per office; an empty search is undefined.)
    const opening =
      query.page === 1 &&
      conditions.every(
        (condition) => condition === undefined || condition === binding.listWhere || condition === scope,
      );
    // Only known sorts make keys: the map stays as small as the binding's sort options.
    const asked = typeof query.sort === 'string' ? query.sort : binding.definition.defaultSort;
    const sortKey = binding.sort[asked] ? asked : '#id'; // listQueryParts' choice, by name
    const office = scope ? user.officeScope : '*';
    const openingKey = `${sortKey}|${query.order === 'desc' ? 'desc' : 'asc'}|${query.take}|${locale}|${office}`;
    // Joins only where a condition reads a joined table: counting 100,000 villages through three
    // joins costs several times the plain count (docs/performance.md).
    const conditionsNeedJoins = conditions.some((condition) => readsOtherTables(condition, table));
    const searching =
      binding.search.length > 0 && typeof query.search === 'string' && query.search.trim() !== '';
    /** The matching rows (one column, no order), for the counts and the estimate. */
    const matching = () => {
      const rows = app.db.select({ one: sql`1` }).from(table).$dynamic();
      return (conditionsNeedJoins ? withJoins(rows) : rows).where(where);
    };
    const countQuery = () => {
      const count = app.db.select({ count: sql<number>`count(*)::int` }).from(table).$dynamic();
      return (conditionsNeedJoins ? withJoins(count) : count).where(where);
    };
    // Counting stops one row past the limit: a million children are not counted to show page 1.
    const cappedCountQuery = () =>
      app.db.select({ count: sql<number>`count(*)::int` }).from(
        matching()
          .limit(searching ? searchCountCap : countCap)
          .as('matching'),
      );
    const estimate = async () => plannedRows(await app.db.execute(sql`explain (format json) ${matching()}`));
    // The page's ids come first, then only their rows are joined: a deep page skips index
    // entries, not joined rows. One row more than the page tells whether a next page exists.
    const rowsQuery = (limit: number, offset: number) => {
      const ids = app.db.select({ id: idColumn }).from(table).$dynamic();
      const idsNeedJoins = conditionsNeedJoins || readsOtherTables(sortBy, table);
      // The opening page's size is written into the text (a validated integer): a statement
      // without parameters keeps one plan, while `limit $1` made PostgreSQL plan it every time.
      const pageIds = (idsNeedJoins ? withJoins(ids) : ids)
        .where(where)
        .orderBy(...order)
        .limit(opening ? (sql.raw(String(Math.trunc(limit))) as unknown as number) : limit)
        .offset(offset);
      return selectRows(app.db)
        .where(inArray(idColumn, pageIds))
        .orderBy(...order);
    };
    let kept = opening ? openingLists.get(openingKey) : undefined;
    if (opening && !kept) {
      const count = prepareNamed(cappedCountQuery());
      const rows = prepareNamed(rowsQuery(query.take + 1, 0));
      kept = {
        count: () => count.execute() as Promise<{ count: number }[]>,
        rows: () => rows.execute() as Promise<unknown[]>,
      };
      openingLists.set(openingKey, kept);
    }
    return runPagedList({
      page: query.page,
      take: query.take,
      limit: searching ? searchLimit : exactCountLimit,
      trustedFactor: searching ? searchTrustedFactor : undefined,
      cappedCount: kept ? kept.count : () => cappedCountQuery() as unknown as Promise<{ count: number }[]>,
      estimate,
      count: () => countQuery() as unknown as Promise<{ count: number }[]>,
      rows: kept
        ? () => kept.rows() as Promise<z.infer<typeof ZRow>[]>
        : (limit, offset) => rowsQuery(limit, offset) as unknown as Promise<z.infer<typeof ZRow>[]>,
    });
  };
  return listPage;
};
