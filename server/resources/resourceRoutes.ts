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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkMaxRows } from '../../src/domain/bulkActions';
import { maxPageSize } from '../../src/domain/constants';
import { parseDateRange } from '../../src/domain/dateRange';
import { ZMergedInto } from '../../src/domain/duplicates';
import { ZListQueryBase } from '../../src/domain/listQuery';
import type { TRouteLocale } from '../../src/domain/locale';
import { hasPermission } from '../../src/domain/permissions';
import { permissionFor, type TResourceDefinition } from '../../src/domain/resource';
import { idParam, recordVersion } from '../../src/domain/rules';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { auditValues, type TDbOrTx, writeAudit } from '../audit';
import type { TAuthUser } from '../auth/service';
import { auditLog } from '../db/schema';
import { ApiError, fieldErrors, notFound, staleVersion } from '../errors';
import type { TStoredFileKey } from '../files/fileStore';
import { dataOf, errorResponses, ZErrorBody, ZIdParams } from '../http/schemas';
import { requestLocale, translator } from '../plugins/locale';
import { currentUser } from '../plugins/permissions';
import { databaseErrorCode, isStillReferenced } from './databaseError';
import type { TExportBinding } from './exportBinding';
import { refuseKeptRecord, type TKeptRule } from './keptRecord';
import { prepareNamed } from './namedStatement';
import { assertOwnOffice, officeCondition } from './officeScope';
import {
  defaultExactCountLimit,
  pagedOf,
  plannedRows,
  runPagedList,
  searchCondition,
  searchExactCountLimit,
  searchTrustedFactor,
} from './pagedList';
import type { TRecordReader } from './recordReaders';
import { createAccessRecorder, readTimeline, type TTimelineBinding, ZTimelineEntry } from './timeline';
import { batchSession, chunksOf, directSession, insertInChunks, type TWriteSession } from './writeSession';

type TResourceName = keyof TranslationFunctions['resources'];
type TSortExpression = SQL | PgColumn | ((locale: TRouteLocale) => SQL);
/** A filter's condition from its value, and from who asks when it depends on them ('mine'). */
type TFilterExpression = SQL | PgColumn | ((value: string | number, user?: Pick<TAuthUser, 'id'>) => SQL);

/** The condition of one filter for its (validated, present) value. */
export const filterCondition = (
  expression: TFilterExpression,
  value: string | number,
  user?: Pick<TAuthUser, 'id'>,
): SQL => (typeof expression === 'function' ? expression(value, user) : sql`${expression} = ${value}`);

/** What a write hook knows: the transaction, who acts, the row before (update, delete) and the body. */
export type TWriteContext = {
  db: TDbOrTx;
  mode: 'create' | 'update' | 'delete';
  actor: TAuthUser;
  /** The record as the API answers it, before the change (update and delete). */
  before?: Record<string, unknown>;
  /** The validated body (create, update; without `version`). */
  body: Record<string, unknown>;
  /** The app's clock (`app.now()`, ms) when the write began: rules about 'today' read it. */
  now: number;
  /** The request's language: the words a refusal's values are put in (a status, an action). */
  t: TranslationFunctions;
  /**
   * Reads of other tables the rules make and rows the hooks add beside the record: at once for one
   * record, batched when many are written together (server/resources/writeSession.ts).
   */
  session: TWriteSession;
};

/**
 * What a bulk action changes on one record (issue 26, server/resources/bulkRoutes.ts): the columns
 * for the form's update path, or null when the record is already so; throw an ApiError to refuse it.
 * Without one, an action sets its field to the value sent.
 */
export type TBulkChanges = (
  context: TWriteContext & { before: Record<string, unknown> },
) => Promise<Record<string, unknown> | null>;

/**
 * Records refused by their rules in a write of many (`createMany`): the index of each body refused
 * and why. Nothing of the batch is to be kept (the caller's transaction is rolled back).
 */
export class RecordsRefused extends Error {
  constructor(readonly refusals: { index: number; error: ApiError }[]) {
    super('records refused');
  }
}

/** An options list of a resource (`{apiBase}/{path}`), for pickers and filters. */
export type TLookupBinding = {
  /** Below the resource's base; `:name` segments are path parameters (`head-offices/:class`). */
  path: string;
  table: PgTable;
  orderBy?: 'code' | 'name';
  /** The narrowing value, from the query (default) or the path; `values` limits a path value. */
  parent?: { key: string; column: PgColumn | SQL; in?: 'query' | 'path'; values?: readonly string[] };
  /** The label columns when they are not the table's `code` and `name` (roles have only a name). */
  columns?: { code?: PgColumn | SQL; name: PgColumn | SQL };
  /** Rows always left out (e.g. inactive ones). */
  where?: SQL;
  /** Default 'authenticated': place and office names are reference data every form needs. */
  permission?: string;
  /** The options are head offices: a user kept to one office is offered that office only. */
  ownOfficeOnly?: boolean;
};

/** How a resource described in src/domain/resources maps onto its tables (issue 3's machinery). */
export type TResourceBinding = {
  definition: TResourceDefinition;
  table: PgTable;
  /** The row the API answers (list, get, create, patch): a Drizzle selection, nested objects allowed. */
  selection: Record<string, unknown>;
  /**
   * Joins that `selection`, `search`, `sort` and `filters` need, in order. Each one follows a
   * foreign key to at most one row (inner for a not-null key, `left` for a nullable one), so the
   * count leaves out those no condition reads.
   */
  joins?: { table: PgTable; on: SQL; left?: boolean }[];
  /**
   * Text expressions the `search` parameter looks in. Here, in `sort` and in `filters`, columns are
   * Drizzle columns (never names in raw SQL): the list tells from them which queries need the joins.
   */
  search: (SQL | PgColumn)[];
  /** Sort keys (the definition's sortable columns) to expressions; translatable ones take the locale. */
  sort: Record<string, TSortExpression>;
  /**
   * Filter keys (the definition's filters) to the column compared with `=`, or to a function that
   * makes the whole condition from the value (an age band as a date range, an `exists` subquery).
   */
  filters?: Record<string, TFilterExpression>;
  /** Foreign keys in the body: checked to exist, else a 400 on that field. */
  parents?: { field: string; table: PgTable }[];
  /**
   * Rules across fields, checked in the write's transaction on the record as it would be saved (the
   * body on create, the stored row with the changes on patch); throw `fieldErrors(...)` to refuse.
   * Reads through `session` are batched when many records are written together.
   */
  consistency?: (db: TDbOrTx, record: Record<string, unknown>, session: TWriteSession) => Promise<void>;
  /**
   * When the law keeps a record (DESIGN.md section 7): never deleted, whatever the permission (409
   * naming the kind of record), asked before any other rule of the delete.
   */
  kept?: TKeptRule;
  /** Tables that point at a record: while any row does, the record cannot be deleted (409). */
  children?: { table: PgTable; column: PgColumn; resource: TResourceName }[];
  /** Options lists served at `{apiBase}/{path}` for pickers and filters. */
  lookups?: TLookupBinding[];
  /** Unique constraint name -> body field, so a duplicate lands on its field. */
  unique?: Record<string, string>;
  /** A condition every list row meets (system menus list only the top level). */
  listWhere?: SQL;
  /**
   * Business rules on a write, run in its transaction before anything changes: throw an ApiError
   * (409, 400...) to refuse (e.g. the last Super Admin cannot be demoted).
   */
  guard?: (context: TWriteContext) => Promise<void>;
  /** The body as columns, when they differ (a password becomes its hash); run after `guard`. */
  toColumns?: (context: TWriteContext) => Promise<Record<string, unknown>>;
  /**
   * Runs in the write's transaction after the change, with the record's id (e.g. end sessions);
   * after a delete too (`mode: 'delete'`), for rows the record owns without a foreign key.
   */
  afterChange?: (context: TWriteContext & { id: number }) => Promise<void>;
  /**
   * The stored files a record owns (a child's photo and documents): read in the delete's
   * transaction, removed from the file store once it has committed (a refused delete keeps them).
   */
  filesOf?: (db: TDbOrTx, id: number) => Promise<TStoredFileKey[]>;
  /**
   * A timeline of the record from the audit log (`GET {base}/timeline/:id`, DESIGN.md section 7),
   * with the rows of the tables that belong to it.
   */
  timeline?: TTimelineBinding;
  /**
   * What one reader is answered of rows read through `selection`: the list's page and one record
   * (`GET {base}/:id` and a workflow's answer, `one`). A sealed child's origins are left out of it,
   * or added back for a user who opened them (server/modules/children/sealedOrigins.ts).
   */
  answerFor?: (
    rows: Record<string, unknown>[],
    context: TAnswerContext,
  ) => Promise<Record<string, unknown>[]>;
  /** Opening a record (`GET {base}/:id`) is written to the access log: who, which, when. */
  accessLog?: boolean;
  /** The list as a file (`GET {base}/export?format=xlsx|csv`, server/resources/exportRoute.ts). */
  export?: TExportBinding;
  /** What the area's bulk actions change, by action name, when not just their field (a service's replanning). */
  bulkChanges?: Record<string, TBulkChanges>;
  /**
   * A check of a bulk action's body against all its rows, by action name, before any row is written
   * (issue 35: the officer given services must be able to keep every one): throw to refuse it whole.
   */
  bulkCheck?: Record<
    string,
    (context: {
      db: TDbOrTx;
      actor: TAuthUser;
      body: Record<string, unknown>;
      ids: readonly number[];
    }) => Promise<void>
  >;
  /**
   * Its rules judge each new record alone (none reads other records of its table, nor what another
   * new record's hooks wrote) and its hooks read and add through `session`, codes included: the
   * bulk import then creates its records together (`createMany`: one query per table for the
   * rules' reads, one multi-row insert per table). Without it, `createMany` creates one by one.
   */
  batchCreate?: boolean;
  /**
   * Records folded into another (issue 35, server/duplicates): `where` keeps the others in lists,
   * exports and the reads a change, a delete or a timeline makes (a merged record does not exist
   * there), and `GET {base}/:id` of a merged one answers 410 with `mergedInto` (`into`).
   */
  merged?: {
    where: SQL;
    into: (db: TDbOrTx, id: number, user: TAuthUser) => Promise<{ id: number; code: string } | undefined>;
  };
  /**
   * Fields `POST {base}` takes beside the record (issue 35: `notDuplicateOf`, `duplicateReason`),
   * and what the route does with them in the create's transaction: `before` the insert (throw an
   * ApiError to refuse; `conflict` is the body of its 409 in the API document), `after` it with the
   * new id. The bulk import's creates (`createMany`) do not pass through them.
   */
  createExtras?: TCreateExtras;
};

/** What `createExtras`' hooks know. */
export type TCreateExtrasContext = {
  db: TDbOrTx;
  actor: TAuthUser;
  /** The record's fields (the extras taken out). */
  body: Record<string, unknown>;
  extras: Record<string, unknown>;
  now: number;
  t: TranslationFunctions;
};

export type TCreateExtras = {
  shape: z.ZodRawShape;
  conflict?: z.ZodType;
  before?: (context: TCreateExtrasContext) => Promise<void>;
  after?: (context: TCreateExtrasContext & { id: number }) => Promise<void>;
};

/** Who is answered, and whether it is one record (a get) or a list's page. */
export type TAnswerContext = { db: TDbOrTx; user: TAuthUser; now: number; one: boolean };

/** An id as the path or query string sends it (a PostgreSQL `integer`). */
const ZDatabaseInt = idParam();
const ZId = ZIdParams;
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

/** What a searching picker sends (LookupCombobox): a place picker pages villages, never takes them all. */
const ZLookupSearch = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  selected: z.preprocess(emptyAsAbsent, ZDatabaseInt.optional()),
});

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

/** A query joined to the binding's tables (`joins`), for conditions and sorts that read them. */
export const joinedTo = <T extends PgSelect>(binding: Pick<TResourceBinding, 'joins'>, query: T): T => {
  for (const join of binding.joins ?? []) {
    if (join.left) query.leftJoin(join.table, join.on);
    else query.innerJoin(join.table, join.on);
  }
  return query;
};

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

/**
 * The reads and writes of one resource's records, as its routes make them and anything else that
 * writes its records the same way (the bulk import, server/upload): the same checks, hooks, version
 * rule and audit rows.
 */
export const recordWrites = (binding: TResourceBinding) => {
  const { definition, table } = binding;
  const columns = columnsOf(table);
  const idColumn = columns.id;
  const versionColumn = columns.version;
  const entity = getTableName(table);
  const columnsFor = async (context: TWriteContext) =>
    binding.toColumns ? binding.toColumns(context) : context.body;
  const withJoins = <T extends PgSelect>(query: T): T => joinedTo(binding, query);
  /** The column of the record's head office, when its records are kept by office (DESIGN.md section 7). */
  const officeColumn = definition.officeScope ? columns[definition.officeScope] : undefined;
  if (definition.officeScope && !officeColumn)
    throw new Error(`${definition.name}: officeScope names ${definition.officeScope}, not a column`);

  const selectRows = (db: TDbOrTx) => {
    return withJoins(
      db
        .select(binding.selection as Record<string, PgColumn>)
        .from(table)
        .$dynamic(),
    );
  };
  /** One row, within the user's office when one is given: a row outside it is not found. */
  const findRow = async (db: TDbOrTx, id: number, user?: TAuthUser) => {
    const scope = user ? officeCondition(officeColumn, user) : undefined;
    const [row] = await selectRows(db)
      .where(and(eq(idColumn, id), scope, binding.merged?.where))
      .limit(1);
    return row as Record<string, unknown> | undefined;
  };
  /** The rows of `ids` (within the user's office when one is given), in the order of `ids`; a row not found is left out. */
  const findRows = async (db: TDbOrTx, ids: readonly number[], user?: TAuthUser) => {
    const scope = user ? officeCondition(officeColumn, user) : undefined;
    const byId = new Map<number, Record<string, unknown>>();
    for (const chunk of chunksOf(ids, 5_000)) {
      const rows = (await selectRows(db).where(
        and(inArray(idColumn, chunk), scope, binding.merged?.where),
      )) as Record<string, unknown>[];
      for (const row of rows) byId.set(Number(row.id), row);
    }
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  };
  /**
   * Locks the record's row for the rest of the transaction before a write judges it: a workflow
   * step (`applyWorkflowEvent` locks the same row) and a delete or an edit sent together then run
   * one after the other, the second judging what the first left (DESIGN.md section 4). Only the
   * table's own row: `findRow`'s joins are read, not locked.
   */
  const lockRow = (db: TDbOrTx, id: number) =>
    db.select({ id: idColumn }).from(table).where(eq(idColumn, id)).for('update');

  /** Parents named in the body exist; a missing one is a 400 on its field. */
  const checkParents = async (
    db: TDbOrTx,
    body: Record<string, unknown>,
    session: TWriteSession = directSession(db),
  ) => {
    for (const parent of binding.parents ?? []) {
      const value = body[parent.field];
      if (typeof value !== 'number') continue;
      const found = await session.valueOf(columnsOf(parent.table).id, value);
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

  /** What a write needs besides the transaction: who acts, the app's clock, the request's words. */
  type TWriteOptions = { actor: TAuthUser; now: number; t: TranslationFunctions };

  /** Creates a record from a validated body in `tx`: parents, consistency, guard, hooks, one audit row. */
  const create = async (
    tx: TDbOrTx,
    body: Record<string, unknown>,
    { actor, now, t }: TWriteOptions,
    /** Runs once the record's own rules passed, before the insert (the create route's extras). */
    beforeInsert?: () => Promise<void>,
  ) => {
    const session = directSession(tx);
    const context: TWriteContext = { db: tx, mode: 'create', actor, body, now, t, session };
    await checkParents(tx, body, session);
    await binding.consistency?.(tx, body, session);
    await binding.guard?.(context);
    await beforeInsert?.();
    const [inserted] = await tx
      .insert(table)
      .values({ ...(await columnsFor(context)), createdBy: actor.id, updatedBy: actor.id })
      .returning({ id: idColumn });
    const id = inserted.id as number;
    await binding.afterChange?.({ ...context, id });
    const row = await findRow(tx, id);
    await writeAudit(tx, { userId: actor.id, entity, entityId: id, action: 'create', after: row });
    return row;
  };

  /**
   * Changes a record in `tx` (locked first) if it is at `version` and within the actor's office:
   * else 404 or 409, nothing changed. The same checks and hooks as a create, one audit row.
   */
  const update = async (
    tx: TDbOrTx,
    id: number,
    version: number,
    changes: Record<string, unknown>,
    { actor, now, t }: TWriteOptions,
  ) => {
    await lockRow(tx, id);
    const before = await findRow(tx, id, actor);
    if (!before) throw notFound();
    // A stale version is refused before any rule looks at the (outdated) change.
    if (before.version !== version) throw staleVersion();
    const session = directSession(tx);
    const context: TWriteContext = { db: tx, mode: 'update', actor, before, body: changes, now, t, session };
    await checkParents(tx, changes, session);
    await binding.consistency?.(tx, { ...before, ...changes }, session);
    await binding.guard?.(context);
    const result = await tx
      .update(table)
      .set({
        ...(await columnsFor(context)),
        version: sql`${versionColumn} + 1`,
        updatedBy: actor.id,
        updatedAt: new Date(),
      })
      .where(and(eq(idColumn, id), eq(versionColumn, version)))
      .returning({ id: idColumn });
    if (result.length === 0) throw staleVersion();
    await binding.afterChange?.({ ...context, id });
    const after = await findRow(tx, id);
    await writeAudit(tx, { userId: actor.id, entity, entityId: id, action: 'update', before, after });
    return after;
  };

  /** An ApiError of the body at `index` as a refusal of the batch; anything else is rethrown. */
  const refusalOf = (index: number, error: unknown): RecordsRefused => {
    if (error instanceof ApiError) return new RecordsRefused([{ index, error }]);
    throw error;
  };

  /**
   * Creates records from validated bodies in `tx`, in their order, as `create` does each (the same
   * parents, consistency, guard, columns, hooks, read-back and audit row; codes in the bodies'
   * order), answering the rows as `create` answers one. With `batchCreate`, the rules of all the
   * bodies run together through one batch session, then one multi-row insert per table; else one
   * by one. Refused bodies throw `RecordsRefused` (every body the rules refuse; else the first
   * refused by its columns or hooks); the caller's transaction is then to be rolled back.
   */
  const createMany = async (
    tx: TDbOrTx,
    bodies: readonly Record<string, unknown>[],
    options: TWriteOptions,
  ) => {
    if (!binding.batchCreate) {
      const rows: Record<string, unknown>[] = [];
      for (const [index, body] of bodies.entries())
        rows.push(
          (await create(tx, body, options).catch((error) => Promise.reject(refusalOf(index, error)))) ?? {},
        );
      return rows;
    }
    const { actor, now, t } = options;
    const session = batchSession(tx);
    const contexts: TWriteContext[] = bodies.map((body) => ({
      db: tx,
      mode: 'create',
      actor,
      body,
      now,
      t,
      session,
    }));
    // The rules of every record at once: their reads are one query per column for all of them.
    const judged = await Promise.allSettled(
      contexts.map(async (context) => {
        await checkParents(tx, context.body, session);
        await binding.consistency?.(tx, context.body, session);
        await binding.guard?.(context);
      }),
    );
    const refusals = judged.flatMap((outcome, index) =>
      outcome.status === 'rejected' ? refusalOf(index, outcome.reason).refusals : [],
    );
    if (refusals.length > 0) throw new RecordsRefused(refusals);
    // Their columns in the bodies' order: codes are counted on in that order.
    const values: Record<string, unknown>[] = [];
    for (const [index, context] of contexts.entries())
      values.push({
        ...(await columnsFor(context).catch((error) => Promise.reject(refusalOf(index, error)))),
        createdBy: actor.id,
        updatedBy: actor.id,
      });
    const ids: number[] = [];
    const size = Math.max(1, Math.floor(65_535 / Object.keys(columns).length));
    for (const chunk of chunksOf(values, size)) {
      const inserted = await tx.insert(table).values(chunk).returning({ id: idColumn });
      // Identities are drawn in the order of the values: ascending ids are the chunk's order.
      ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
    }
    for (const [index, context] of contexts.entries())
      await binding
        .afterChange?.({ ...context, id: ids[index] })
        .catch((error) => Promise.reject(refusalOf(index, error)));
    await session.flush();
    const rows = await findRows(tx, ids);
    await insertInChunks(
      tx,
      auditLog,
      rows.map((row) =>
        auditValues({ userId: actor.id, entity, entityId: Number(row.id), action: 'create', after: row }),
      ),
    );
    return rows;
  };

  return {
    selectRows,
    findRow,
    findRows,
    lockRow,
    checkParents,
    rethrowDuplicate,
    create,
    createMany,
    update,
    officeColumn,
  };
};

/** Every route of one resource: paged list, get, create, patch (versioned), delete, lookups. */
export const resourceRoutes = (binding: TResourceBinding): FastifyPluginAsyncZod => {
  const { definition, table } = binding;
  const columns = columnsOf(table);
  const idColumn = columns.id;
  const entity = getTableName(table);
  const base = definition.apiBase;
  const tags = [definition.name];
  const permission = (action: 'read' | 'write' | 'update' | 'delete') => permissionFor(definition, action);
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
  const ZPatch = (definition.updateSchema ?? definition.schema)
    .partial()
    .extend({ version: recordVersion() });
  const writes = recordWrites(binding);
  const createExtras = binding.createExtras;
  const withJoins = <T extends PgSelect>(query: T): T => joinedTo(binding, query);
  const { officeColumn } = writes;

  return async (app) => {
    const { selectRows, findRow, lockRow, rethrowDuplicate } = writes;
    /**
     * The read of `GET {base}/{id}`, the most frequent call: a prepared statement, so its SQL is
     * built once and PostgreSQL parses and plans it once per connection.
     */
    // A merged record (issue 35) is read by no one: the GET answers 410 before reading.
    const readById = prepareNamed(
      selectRows(app.db)
        .where(and(eq(idColumn, sql.placeholder('id')), binding.merged?.where))
        .limit(1),
    );
    /** The same read for a user kept to one office. */
    const readByIdInOffice = officeColumn
      ? prepareNamed(
          selectRows(app.db)
            .where(
              and(
                eq(idColumn, sql.placeholder('id')),
                eq(officeColumn, sql.placeholder('office')),
                binding.merged?.where,
              ),
            )
            .limit(1),
        )
      : undefined;

    type TListQueries = { count: () => Promise<{ count: number }[]>; rows: () => Promise<unknown[]> };
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
      const query = request.query as z.infer<typeof ZQuery> & Record<string, unknown>;
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
      const estimate = async () =>
        plannedRows(await app.db.execute(sql`explain (format json) ${matching()}`));
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
        const user = currentUser(request);
        const page = await listPage(request, requestLocale(request), user);
        if (!binding.answerFor) return page;
        const data = await binding.answerFor(page.data as Record<string, unknown>[], {
          db: app.db,
          user,
          now: app.now(),
          one: false,
        });
        return { ...page, data: data as typeof page.data };
      },
    );

    const searchRoute = definition.searchRoute;
    if (searchRoute) {
      // The spec's search call (`GET /roles/search?roleName=`): the same paged list, the text under
      // the spec's parameter name.
      app.get(
        `${base}/${searchRoute.path}`,
        {
          config: { permission: permission('read') },
          schema: {
            tags,
            summary: `Paged list of ${entity} whose text matches \`${searchRoute.param}\``,
            querystring: ZQuery.omit({ search: true }).extend({
              [searchRoute.param]: z.string().max(200).optional(),
            }),
            response: { 200: pagedOf(ZRow), ...errorResponses(400, 401, 403) },
          },
        },
        async (request) => {
          const query = request.query as Record<string, unknown>;
          return listPage(
            { query: { ...query, search: query[searchRoute.param] ?? '' } },
            requestLocale(request),
            currentUser(request),
          );
        },
      );
    }

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

    const recordAccess = createAccessRecorder(app.now, app.accessLog);
    const timeline = binding.timeline;
    if (timeline) {
      app.get(
        `${base}/timeline/:id`,
        {
          config: { permission: permission('read') },
          schema: {
            tags,
            summary: `The timeline of one row of ${entity}: its changes, newest first, and who opened it`,
            description:
              'Changes from the audit log (the row and the rows that belong to it), at most 200; who opened ' +
              'the record only for a reader holding `audit_logs:read`.',
            params: ZId,
            response: { 200: dataOf(z.array(ZTimelineEntry)), ...errorResponses(400, 401, 403, 404) },
          },
        },
        async (request) => {
          const user = currentUser(request);
          if (!(await findRow(app.db, request.params.id, user))) throw notFound();
          // The openings not yet written are written first: a read shows at once.
          await app.accessLog.flush().catch(() => undefined);
          const withAccess = hasPermission(user, 'audit_logs:read');
          const fields = definition.fields.map((field) => field.key);
          const entries = await readTimeline(
            app.db,
            entity,
            request.params.id,
            { ...timeline, fields },
            withAccess,
          );
          return {
            data: timeline.present
              ? await timeline.present(entries, { db: app.db, id: request.params.id, user, now: app.now() })
              : entries,
          };
        },
      );
    }

    /** One record as this user may see it: a user kept to one office reads only that office's. */
    const readRecord: TRecordReader = async (id, user) => {
      const office = user.officeScope;
      const [row] =
        readByIdInOffice && office !== null
          ? await readByIdInOffice.execute({ id, office })
          : await readById.execute({ id });
      if (!row || !binding.answerFor) return row as Record<string, unknown> | undefined;
      const [answer] = await binding.answerFor([row as Record<string, unknown>], {
        db: app.db,
        user,
        now: app.now(),
        one: true,
      });
      return answer;
    };
    // A workflow action answers the record it moved with this same read (workflowRoutes).
    app.recordReaders.set(base, readRecord);

    app.get(
      `${base}/:id`,
      {
        config: { permission: permission('read') },
        schema: {
          tags,
          summary: `One row of ${entity}`,
          params: ZId,
          response: {
            200: dataOf(ZRow),
            ...errorResponses(400, 401, 403, 404),
            ...(binding.merged ? { 410: ZErrorBody.extend({ mergedInto: ZMergedInto.optional() }) } : {}),
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const row = await readRecord(request.params.id, user);
        if (!row) {
          // The read leaves merged records out (`merged.where`): only a miss asks whether it was
          // merged, so a found record costs one statement (PGlite's one connection, issue 37).
          const mergedInto = await binding.merged?.into(app.db, request.params.id, user);
          if (mergedInto)
            throw new ApiError(410, 'recordMerged', { code: mergedInto.code }, {}, undefined, { mergedInto });
          throw notFound();
        }
        // Noted, not awaited: the queue writes it within a second (no round trip in the read).
        if (binding.accessLog) recordAccess(user.id, entity, request.params.id);
        return { data: row as z.infer<typeof ZRow> };
      },
    );

    // A read-only resource (the audit log) has no writes at all: they answer 404.
    if (definition.readOnly) return;

    app.post(
      base,
      {
        config: { permission: permission('write'), answers: permission('read') },
        schema: {
          tags,
          summary: `Create a row of ${entity}`,
          body: createExtras ? definition.schema.extend(createExtras.shape) : definition.schema,
          // 409: a guard's refusal (a conflicting record, four-eyes), or the extras' (a likely duplicate).
          response: {
            201: dataOf(ZRow),
            ...errorResponses(400, 401, 403),
            409: createExtras?.conflict ?? ZErrorBody,
          },
        },
      },
      async (request, reply) => {
        const sent = request.body as Record<string, unknown>;
        const extraKeys = new Set(Object.keys(createExtras?.shape ?? {}));
        const body = Object.fromEntries(Object.entries(sent).filter(([key]) => !extraKeys.has(key)));
        const extras = Object.fromEntries(Object.entries(sent).filter(([key]) => extraKeys.has(key)));
        const actor = currentUser(request);
        assertOwnOffice(definition.officeScope, body[definition.officeScope ?? ''], actor);
        const now = app.now();
        const t = translator(request);
        const created = await app.db
          .transaction(async (tx) => {
            const context = { db: tx, actor, body, extras, now, t };
            // The record's own rules first (a 400 says what to correct), then the extras' (a 409).
            const row = await writes.create(tx, body, { actor, now, t }, () =>
              createExtras?.before ? createExtras.before(context) : Promise.resolve(),
            );
            await createExtras?.after?.({ ...context, id: Number(row?.id) });
            return row;
          })
          .catch(rethrowDuplicate);
        return reply.status(201).send({ data: created as z.infer<typeof ZRow> });
      },
    );

    app.route({
      method: definition.updateMethod ?? 'PATCH',
      url: `${base}/:id`,
      config: { permission: permission('update'), answers: permission('read') },
      schema: {
        tags,
        summary: `Change a row of ${entity}; a stale version gets 409 and changes nothing`,
        params: ZId,
        body: ZPatch,
        response: { 200: dataOf(ZRow), ...errorResponses(400, 401, 403, 404, 409) },
      },
      handler: async (request) => {
        const { version, ...changes } = request.body as Record<string, unknown> & { version: number };
        const { id } = request.params as z.infer<typeof ZId>;
        const actor = currentUser(request);
        assertOwnOffice(definition.officeScope, changes[definition.officeScope ?? ''], actor);
        const updated = await app.db
          .transaction((tx) =>
            writes.update(tx, id, version, changes, { actor, now: app.now(), t: translator(request) }),
          )
          .catch(rethrowDuplicate);
        return { data: updated as z.infer<typeof ZRow> };
      },
    });

    app.delete(
      `${base}/:id`,
      {
        config: { permission: permission('delete'), answers: permission('read') },
        schema: {
          tags,
          summary: `Delete a row of ${entity}; refused with 409 while other records point at it`,
          ...(binding.kept
            ? {
                description: `Never for a row the law keeps (status ${binding.kept.statuses.join(' or ')}): 409, whatever the permission.`,
              }
            : {}),
          params: ZId,
          response: { 200: dataOf(ZRow), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const { id } = request.params;
        const actor = currentUser(request);
        const t = translator(request);
        const deleted = await app.db
          .transaction(async (tx) => {
            await lockRow(tx, id);
            const before = await findRow(tx, id, actor);
            if (!before) throw notFound();
            // The law's rule first: its message, not a workflow's or a reference's, says why.
            await refuseKeptRecord(binding.kept, tx, before);
            const session = directSession(tx);
            await binding.guard?.({
              db: tx,
              mode: 'delete',
              actor,
              before,
              body: {},
              now: app.now(),
              t,
              session,
            });
            for (const child of binding.children ?? []) {
              const [{ count }] = await tx
                .select({ count: sql<number>`count(*)::int` })
                .from(child.table)
                .where(eq(child.column, id));
              if (count > 0)
                throw new ApiError(409, 'inUse', { count, things: t.resources[child.resource].many() });
            }
            const files = (await binding.filesOf?.(tx, id)) ?? [];
            await tx.delete(table).where(eq(idColumn, id));
            // Rows the record owns without a foreign key (its attachments) go in the same transaction.
            await binding.afterChange?.({
              db: tx,
              mode: 'delete',
              actor,
              before,
              body: {},
              now: app.now(),
              id,
              t,
              session,
            });
            await writeAudit(tx, { userId: actor.id, entity, entityId: id, action: 'delete', before });
            return { before, files };
          })
          .catch((error: unknown) => {
            // A reference the binding does not list (the foreign key still guards it).
            if (isStillReferenced(error)) throw new ApiError(409, 'inUseElsewhere');
            throw error;
          });
        // After the commit: a file left behind by a crash (or a failed removal, logged: the delete
        // is done) is an orphan, never a missing file.
        await Promise.all(
          deleted.files.map((file) =>
            app.files.remove(file.area, file.name).catch((error: unknown) => {
              request.log.warn(
                { err: error, file: file.name },
                'could not remove a file of a deleted record',
              );
            }),
          ),
        );
        return { data: deleted.before as z.infer<typeof ZRow> };
      },
    );
  };
};
