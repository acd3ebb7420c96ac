import {
  and,
  asc,
  Column,
  desc,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  is,
  SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { maxPageSize } from '../../src/domain/constants';
import { ZListQueryBase } from '../../src/domain/listQuery';
import type { TRouteLocale } from '../../src/domain/locale';
import type { TResourceDefinition } from '../../src/domain/resource';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { type TDbOrTx, writeAudit } from '../audit';
import { ApiError, fieldErrors, notFound, staleVersion } from '../errors';
import { requestLocale, translator } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { dataOf, errorResponses } from '../routes/schemas';
import { databaseErrorCode } from './databaseError';
import { pagedOf, runPagedList, searchCondition } from './pagedList';

type TResourceName = keyof TranslationFunctions['resources'];
type TSortExpression = SQL | PgColumn | ((locale: TRouteLocale) => SQL);

/** How a resource described in src/domain/resources maps onto its tables (issue 3's machinery). */
export type TResourceBinding = {
  definition: TResourceDefinition;
  table: PgTable;
  /** The row the API answers (list, get, create, patch): a Drizzle selection, nested objects allowed. */
  selection: Record<string, unknown>;
  /**
   * Inner joins that `selection`, `search`, `sort` and `filters` need, in order. Each one follows a
   * not-null foreign key (exactly one row), so the count leaves out those no condition reads.
   */
  joins?: { table: PgTable; on: SQL }[];
  /**
   * Text expressions the `search` parameter looks in. Here, in `sort` and in `filters`, columns are
   * Drizzle columns (never names in raw SQL): the list tells from them which queries need the joins.
   */
  search: (SQL | PgColumn)[];
  /** Sort keys (the definition's sortable columns) to expressions; translatable ones take the locale. */
  sort: Record<string, TSortExpression>;
  /** Filter keys (the definition's filters) to the column compared with `=`. */
  filters?: Record<string, SQL | PgColumn>;
  /** Foreign keys in the body: checked to exist, else a 400 on that field. */
  parents?: { field: string; table: PgTable }[];
  /**
   * Rules across fields, checked in the write's transaction on the record as it would be saved (the
   * body on create, the stored row with the changes on patch); throw `fieldErrors(...)` to refuse.
   */
  consistency?: (db: TDbOrTx, record: Record<string, unknown>) => Promise<void>;
  /** Tables that point at a record: while any row does, the record cannot be deleted (409). */
  children?: { table: PgTable; column: PgColumn; resource: TResourceName }[];
  /** Options lists served at `{apiBase}/{path}` for pickers and filters (any signed-in user). */
  lookups?: {
    path: string;
    table: PgTable;
    orderBy?: 'code' | 'name';
    parent?: { key: string; column: PgColumn };
  }[];
  /** Unique constraint name -> body field, so a duplicate lands on its field. */
  unique?: Record<string, string>;
};

/** Postgres `integer`: an id or version beyond it is not valid (a 400, not a database error). */
const maxInt4 = 2_147_483_647;
/** An id as the path or query string sends it. */
const ZDatabaseInt = z.coerce.number().int().positive().max(maxInt4);
const ZId = z.object({ id: ZDatabaseInt });
const ZRow = z.looseObject({ id: z.number().int() });
const ZLookupItem = z.object({ id: z.number().int(), code: z.string().nullable(), name: z.unknown() });

const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;

/** Whether an expression reads a column of another table than `table` (then it needs the joins). */
const readsOtherTables = (expression: unknown, table: PgTable): boolean => {
  if (is(expression, Column)) return expression.table !== table;
  if (is(expression, SQL)) return expression.queryChunks.some((chunk) => readsOtherTables(chunk, table));
  return false;
};

/** `''` (a filter sent empty, spec section 7) counts as absent. */
const emptyAsAbsent = (value: unknown) => (value === '' ? undefined : value);

const filterSchema = (definition: TResourceDefinition) =>
  Object.fromEntries(
    definition.filters.map((filter) => [
      filter.key,
      filter.kind === 'select' && filter.options
        ? z.preprocess(emptyAsAbsent, z.enum(filter.options as [string, ...string[]]).optional())
        : z.preprocess(emptyAsAbsent, ZDatabaseInt.optional()),
    ]),
  );

const userId = (request: FastifyRequest) => currentUser(request).id;

/** Every route of one resource: paged list, get, create, patch (versioned), delete, lookups. */
export const resourceRoutes = (binding: TResourceBinding): FastifyPluginAsyncZod => {
  const { definition, table } = binding;
  const columns = columnsOf(table);
  const idColumn = columns.id;
  const versionColumn = columns.version;
  const entity = getTableName(table);
  const base = definition.apiBase;
  const tags = [definition.name];
  const permission = (action: 'read' | 'write' | 'update' | 'delete') => `${definition.permission}:${action}`;
  const sortKeys = Object.keys(binding.sort) as [string, ...string[]];
  const ZQuery = ZListQueryBase.extend({
    page: z.coerce.number().int().min(1).default(1),
    // 'All' sends the total: one page is capped rather than refused (DESIGN.md section 3).
    take: z.coerce
      .number()
      .int()
      .min(1)
      .default(10)
      .transform((take) => Math.min(take, maxPageSize)),
    sort: z.preprocess(emptyAsAbsent, z.enum(sortKeys).optional()),
    ...filterSchema(definition),
  });
  const ZPatch = definition.schema.partial().extend({ version: z.number().int().positive().max(maxInt4) });

  const withJoins = <T extends PgSelect>(query: T): T => {
    for (const join of binding.joins ?? []) query.innerJoin(join.table, join.on);
    return query;
  };

  return async (app) => {
    const selectRows = (db: TDbOrTx) => {
      return withJoins(
        db
          .select(binding.selection as Record<string, PgColumn>)
          .from(table)
          .$dynamic(),
      );
    };
    const findRow = async (db: TDbOrTx, id: number) => {
      const [row] = await selectRows(db).where(eq(idColumn, id)).limit(1);
      return row as Record<string, unknown> | undefined;
    };

    /** Parents named in the body exist; a missing one is a 400 on its field. */
    const checkParents = async (db: TDbOrTx, body: Record<string, unknown>) => {
      for (const parent of binding.parents ?? []) {
        const value = body[parent.field];
        if (typeof value !== 'number') continue;
        const [found] = await db
          .select({ id: columnsOf(parent.table).id })
          .from(parent.table)
          .where(eq(columnsOf(parent.table).id, value))
          .limit(1);
        if (!found) throw fieldErrors((t) => t.server.invalidParent({ field: parent.field }));
      }
    };

    /** A unique violation becomes a 400 on the field it concerns, anything else is rethrown. */
    const rethrowDuplicate = (error: unknown): never => {
      const { code, constraint } = databaseErrorCode(error);
      const field = constraint ? binding.unique?.[constraint] : undefined;
      if (code === '23505') {
        const label = field ?? 'code';
        throw fieldErrors((t) => t.validation.duplicate({ label }));
      }
      throw error;
    };

    app.get(
      base,
      {
        config: { permission: permission('read') },
        schema: {
          tags,
          summary: `Paged list of ${entity}`,
          querystring: ZQuery,
          response: { 200: pagedOf(ZRow), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const query = request.query as z.infer<typeof ZQuery> & Record<string, unknown>;
        const locale = requestLocale(request);
        const conditions: (SQL | undefined)[] = [searchCondition(query.search ?? '', binding.search)];
        for (const [key, column] of Object.entries(binding.filters ?? {})) {
          const value = query[key];
          if (value !== undefined) conditions.push(sql`${column} = ${value}`);
        }
        const where = and(...conditions);
        const sortKey = query.sort ?? definition.defaultSort;
        const sortExpression = binding.sort[sortKey] ?? idColumn;
        const sortBy = typeof sortExpression === 'function' ? sortExpression(locale) : sortExpression;
        const direction = query.order === 'desc' ? desc : asc;
        // Joins only where a condition reads a joined table: counting 100,000 villages through three
        // joins costs several times the plain count (docs/performance.md).
        const conditionsNeedJoins = conditions.some((condition) => readsOtherTables(condition, table));
        return runPagedList({
          page: query.page,
          take: query.take,
          count: () => {
            const count = app.db.select({ count: sql<number>`count(*)::int` }).from(table).$dynamic();
            return (conditionsNeedJoins ? withJoins(count) : count).where(where);
          },
          // The id breaks ties, so a row never appears on two pages. The page's ids come first, then
          // only their rows are joined: a deep page skips index entries, not joined rows.
          rows: (limit, offset) => {
            const order = [direction(sortBy), direction(idColumn)];
            const ids = app.db.select({ id: idColumn }).from(table).$dynamic();
            const idsNeedJoins = conditionsNeedJoins || readsOtherTables(sortBy, table);
            const pageIds = (idsNeedJoins ? withJoins(ids) : ids)
              .where(where)
              .orderBy(...order)
              .limit(limit)
              .offset(offset);
            return selectRows(app.db)
              .where(inArray(idColumn, pageIds))
              .orderBy(...order) as unknown as Promise<z.infer<typeof ZRow>[]>;
          },
        });
      },
    );

    for (const lookup of binding.lookups ?? []) {
      const lookupColumns = columnsOf(lookup.table);
      const ZLookupQuery = lookup.parent
        ? z.object({
            [lookup.parent.key]: z.preprocess(emptyAsAbsent, ZDatabaseInt.optional()),
          })
        : z.object({});
      app.get(
        `${base}/${lookup.path}`,
        {
          // Names of places and offices for pickers: reference data every form needs, no personal data.
          config: { permission: 'authenticated' },
          schema: {
            tags,
            summary: `Options for the ${lookup.path} picker of ${entity}`,
            querystring: ZLookupQuery,
            response: { 200: dataOf(z.array(ZLookupItem)), ...errorResponses(400, 401) },
          },
        },
        async (request) => {
          const locale = requestLocale(request);
          const parentValue = lookup.parent
            ? (request.query as Record<string, unknown>)[lookup.parent.key]
            : undefined;
          const rows = await app.db
            .select({ id: lookupColumns.id, code: lookupColumns.code, name: lookupColumns.name })
            .from(lookup.table)
            .where(
              lookup.parent && parentValue !== undefined ? eq(lookup.parent.column, parentValue) : undefined,
            )
            .orderBy(
              lookup.orderBy === 'name' ? sql`${lookupColumns.name}->>${locale}` : asc(lookupColumns.code),
              asc(lookupColumns.id),
            );
          return { data: rows as z.infer<typeof ZLookupItem>[] };
        },
      );
    }

    app.get(
      `${base}/:id`,
      {
        config: { permission: permission('read') },
        schema: {
          tags,
          summary: `One row of ${entity}`,
          params: ZId,
          response: { 200: dataOf(ZRow), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const row = await findRow(app.db, request.params.id);
        if (!row) throw notFound();
        return { data: row as z.infer<typeof ZRow> };
      },
    );

    app.post(
      base,
      {
        config: { permission: permission('write') },
        schema: {
          tags,
          summary: `Create a row of ${entity}`,
          body: definition.schema,
          response: { 201: dataOf(ZRow), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const body = request.body as Record<string, unknown>;
        const actor = userId(request);
        const created = await app.db
          .transaction(async (tx) => {
            await checkParents(tx, body);
            await binding.consistency?.(tx, body);
            const [inserted] = await tx
              .insert(table)
              .values({ ...body, createdBy: actor, updatedBy: actor })
              .returning({ id: idColumn });
            const row = await findRow(tx, inserted.id as number);
            await writeAudit(tx, {
              userId: actor,
              entity,
              entityId: inserted.id as number,
              action: 'create',
              after: row,
            });
            return row;
          })
          .catch(rethrowDuplicate);
        return reply.status(201).send({ data: created as z.infer<typeof ZRow> });
      },
    );

    app.patch(
      `${base}/:id`,
      {
        config: { permission: permission('update') },
        schema: {
          tags,
          summary: `Change a row of ${entity}; a stale version gets 409 and changes nothing`,
          params: ZId,
          body: ZPatch,
          response: { 200: dataOf(ZRow), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { version, ...changes } = request.body as Record<string, unknown> & { version: number };
        const { id } = request.params;
        const actor = userId(request);
        const updated = await app.db
          .transaction(async (tx) => {
            const before = await findRow(tx, id);
            if (!before) throw notFound();
            await checkParents(tx, changes);
            await binding.consistency?.(tx, { ...before, ...changes });
            const result = await tx
              .update(table)
              .set({
                ...changes,
                version: sql`${versionColumn} + 1`,
                updatedBy: actor,
                updatedAt: new Date(),
              })
              .where(and(eq(idColumn, id), eq(versionColumn, version)))
              .returning({ id: idColumn });
            if (result.length === 0) throw staleVersion();
            const after = await findRow(tx, id);
            await writeAudit(tx, { userId: actor, entity, entityId: id, action: 'update', before, after });
            return after;
          })
          .catch(rethrowDuplicate);
        return { data: updated as z.infer<typeof ZRow> };
      },
    );

    app.delete(
      `${base}/:id`,
      {
        config: { permission: permission('delete') },
        schema: {
          tags,
          summary: `Delete a row of ${entity}; refused with 409 while other records point at it`,
          params: ZId,
          response: { 200: dataOf(ZRow), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const actor = userId(request);
        const t = translator(request);
        const deleted = await app.db
          .transaction(async (tx) => {
            const before = await findRow(tx, id);
            if (!before) throw notFound();
            for (const child of binding.children ?? []) {
              const [{ count }] = await tx
                .select({ count: sql<number>`count(*)::int` })
                .from(child.table)
                .where(eq(child.column, id));
              if (count > 0)
                throw new ApiError(409, 'inUse', { count, things: t.resources[child.resource].many() });
            }
            await tx.delete(table).where(eq(idColumn, id));
            await writeAudit(tx, { userId: actor, entity, entityId: id, action: 'delete', before });
            return before;
          })
          .catch((error: unknown) => {
            // A reference the binding does not list (the foreign key still guards it).
            if (databaseErrorCode(error).code === '23503') throw new ApiError(409, 'inUseElsewhere');
            throw error;
          });
        return { data: deleted as z.infer<typeof ZRow> };
      },
    );
  };
};
