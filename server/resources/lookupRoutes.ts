import { and, asc, Column, eq, getTableName, is, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { TRouteLocale } from '../../src/domain/locale';
import { dataOf, errorResponses } from '../http/schemas';
import { requestLocale } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { columnsOf } from './bindingColumns';
import { searchCondition } from './pagedList';
import type { TResourceBinding } from './resourceBinding';
import { emptyAsAbsent, ZDatabaseInt } from './resourceSchemas';
import type { TRouteApp } from './routeApp';

const ZLookupItem = z.object({ id: z.number().int(), code: z.string().nullable(), name: z.unknown() });

/** What a searching picker sends (LookupCombobox): a place picker pages villages, never takes them all. */
const ZLookupSearch = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  selected: z.preprocess(emptyAsAbsent, ZDatabaseInt.optional()),
});

/** The options lists of a resource (`{base}/{lookup.path}`), for pickers and filters. */
export const lookupRoutes = (app: TRouteApp, binding: TResourceBinding) => {
  const { definition } = binding;
  const entity = getTableName(binding.table);
  const base = definition.apiBase;
  const tags = [definition.name];
  for (const lookup of binding.lookups ?? []) {
    const lookupColumns = columnsOf(lookup.table);
    const parent = lookup.parent;
    const parentValue = parent?.values
      ? z.enum(parent.values as [string, ...string[]])
      : z.preprocess(emptyAsAbsent, ZDatabaseInt.optional());
    const inPath = parent?.in === 'path';
    const codeColumn = lookup.columns ? (lookup.columns.code ?? sql<null>`null`) : lookupColumns.code;
    const nameColumn = lookup.columns?.name ?? lookupColumns.name;
    app.get(
      `${base}/${lookup.path}`,
      {
        config: { permission: lookup.permission ?? 'authenticated' },
        schema: {
          tags,
          summary: `Options for the ${lookup.path} picker of ${entity}`,
          description:
            'All options by default. `q` keeps those whose code or name (either script) holds every ' +
            'word typed; `limit` and `offset` page them; `selected` answers the one option with that id.',
          querystring: ZLookupSearch.extend(parent && !inPath ? { [parent.key]: parentValue } : {}),
          ...(inPath ? { params: z.object({ [parent.key]: parentValue }) } : {}),
          response: { 200: dataOf(z.array(ZLookupItem)), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        const source = (inPath ? request.params : request.query) as Record<string, unknown>;
        const value = parent ? source[parent.key] : undefined;
        const office = lookup.ownOfficeOnly ? currentUser(request).officeScope : null;
        const { q, limit, offset, selected } = request.query as z.infer<typeof ZLookupSearch>;
        const nameText = (language: TRouteLocale) =>
          is(nameColumn, Column) && (nameColumn as PgColumn).dataType === 'json'
            ? sql`${nameColumn}->>${language}`
            : sql`${nameColumn}`;
        const query = app.db
          .select({ id: lookupColumns.id, code: codeColumn, name: nameColumn } as Record<string, PgColumn>)
          .from(lookup.table)
          .where(
            and(
              lookup.where,
              parent && value !== undefined ? sql`${parent.column} = ${value}` : undefined,
              office !== null ? eq(lookupColumns.id, office) : undefined,
              q ? searchCondition(q, [codeColumn, nameText('kh'), nameText('en')]) : undefined,
              selected !== undefined ? eq(lookupColumns.id, selected) : undefined,
            ),
          )
          .orderBy(lookup.orderBy === 'name' ? nameText(locale) : asc(codeColumn), asc(lookupColumns.id))
          .$dynamic();
        const rows = await (limit === undefined ? query : query.limit(limit).offset(offset ?? 0));
        return { data: rows as z.infer<typeof ZLookupItem>[] };
      },
    );
  }
};
