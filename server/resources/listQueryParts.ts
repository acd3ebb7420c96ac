import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bulkMaxRows } from '../../src/domain/bulkActions';
import { maxPageSize } from '../../src/domain/constants';
import { parseDateRange } from '../../src/domain/dateRange';
import { ZListQueryBase } from '../../src/domain/listQuery';
import type { TRouteLocale } from '../../src/domain/locale';
import type { TResourceDefinition } from '../../src/domain/resource';
import type { TAuthUser } from '../auth/service';
import { columnsOf } from './bindingColumns';
import { searchCondition } from './pagedList';
import type { TFilterExpression, TResourceBinding } from './resourceBinding';
import { emptyAsAbsent, ZDatabaseInt } from './resourceSchemas';

/** The condition of one filter for its (validated, present) value. */
export const filterCondition = (
  expression: TFilterExpression,
  value: string | number,
  user?: Pick<TAuthUser, 'id'>,
): SQL => (typeof expression === 'function' ? expression(value, user) : sql`${expression} = ${value}`);

/** `ids=1,2,3`: the list narrowed to these records (a selection's export, issue 26). */
const ZListIds = z.preprocess(
  (value) => (typeof value === 'string' && value !== '' ? value.split(',') : emptyAsAbsent(value)),
  z.array(ZDatabaseInt).max(bulkMaxRows).optional(),
);

export const filterSchema = (definition: TResourceDefinition) => ({
  ids: ZListIds,
  ...Object.fromEntries(
    definition.filters.map((filter) => [
      filter.key,
      filter.kind === 'select' && filter.options
        ? z.preprocess(emptyAsAbsent, z.enum(filter.options as [string, ...string[]]).optional())
        : filter.kind === 'dateRange'
          ? z.preprocess(
              emptyAsAbsent,
              z
                .string()
                .refine((value) => parseDateRange(value) !== null)
                .optional(),
            )
          : z.preprocess(emptyAsAbsent, ZDatabaseInt.optional()),
    ]),
  ),
});

/** The list's query string (`GET {base}`): page, size, sort, search and the definition's filters. */
export const listQuerySchema = (binding: TResourceBinding) => {
  const sortKeys = Object.keys(binding.sort) as [string, ...string[]];
  return ZListQueryBase.extend({
    page: z.coerce.number().int().min(1).default(1),
    // 'All' sends the total: one page is capped rather than refused (DESIGN.md section 3).
    take: z.coerce
      .number()
      .int()
      .min(1)
      .default(10)
      .transform((take) => Math.min(take, maxPageSize)),
    sort: z.preprocess(emptyAsAbsent, z.enum(sortKeys).optional()),
    ...filterSchema(binding.definition),
  });
};

export type TListQuery = z.infer<ReturnType<typeof listQuerySchema>> & Record<string, unknown>;

/**
 * What a list query asks of a binding's rows: its conditions (the binding's own, the search, the
 * filters sent) and its order (the sort, the id breaking ties). The list route and anything that
 * answers 'the rows of this list' (an export) read the same rows through it.
 */
export const listQueryParts = (
  binding: TResourceBinding,
  query: Record<string, unknown>,
  locale: TRouteLocale,
  /** The user's office condition (officeCondition), when the records are kept by office. */
  scope?: SQL,
  /** Who asks: a filter may read it (a service's 'mine'). */
  user?: Pick<TAuthUser, 'id'>,
) => {
  const idColumn = columnsOf(binding.table).id;
  const conditions: (SQL | undefined)[] = [
    binding.listWhere,
    binding.merged?.where,
    scope,
    searchCondition(typeof query.search === 'string' ? query.search : '', binding.search),
  ];
  if (Array.isArray(query.ids)) conditions.push(inArray(idColumn, query.ids as number[]));
  for (const [key, column] of Object.entries(binding.filters ?? {})) {
    const value = query[key];
    if (value !== undefined) conditions.push(filterCondition(column, value as string | number, user));
  }
  const sorted = typeof query.sort === 'string';
  const sortKey = sorted ? (query.sort as string) : binding.definition.defaultSort;
  const sortExpression = binding.sort[sortKey] ?? idColumn;
  const sortBy = typeof sortExpression === 'function' ? sortExpression(locale) : sortExpression;
  // Without a sort asked for, the description's own order (the audit log: newest first).
  const order = sorted ? query.order : (binding.definition.defaultOrder ?? query.order);
  const direction = order === 'desc' ? desc : asc;
  return {
    conditions,
    where: and(...conditions),
    sortBy,
    descending: order === 'desc',
    // The id breaks ties, so a row never appears on two pages.
    order: [direction(sortBy), direction(idColumn)],
  };
};
