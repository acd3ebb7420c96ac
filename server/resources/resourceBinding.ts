import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TRouteLocale } from '../../src/domain/locale';
import type { TResourceDefinition } from '../../src/domain/resource';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import type { TDbOrTx } from '../audit';
import type { TAuthUser } from '../auth/service';
import type { TStoredFileKey } from '../files/fileStore';
import type { TExportBinding } from './exportBinding';
import type { TKeptRule } from './keptRecord';
import type { TTimelineBinding } from './timeline';
import type { TBulkChanges, TCreateExtras, TWriteContext } from './writeContext';
import type { TWriteSession } from './writeSession';

export type TResourceName = keyof TranslationFunctions['resources'];
export type TSortExpression = SQL | PgColumn | ((locale: TRouteLocale) => SQL);
/** A filter's condition from its value, and from who asks when it depends on them ('mine'). */
export type TFilterExpression =
  | SQL
  | PgColumn
  | ((value: string | number, user?: Pick<TAuthUser, 'id'>) => SQL);

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

/** Who is answered, and whether it is one record (a get) or a list's page. */
export type TAnswerContext = { db: TDbOrTx; user: TAuthUser; now: number; one: boolean };
