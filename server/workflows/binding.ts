import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EventObject } from 'xstate';
import type { TWorkflowDefinition, TWorkflowFacts } from '../../src/domain/workflows/workflow';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import type { TDbOrTx } from '../audit';
import type { TServerMessageKey } from '../errors';

/** One event applied to one record by `applyWorkflowEvent` (server/workflows/applyWorkflowEvent.ts). */
export type TWorkflowStep = {
  id: number;
  /** The history's action: the API name of a user action, or the system event's name. */
  action: string;
  event: EventObject;
  /** The validated body (a user action) or what a system event records. */
  body: Readonly<Record<string, unknown>>;
  actorId: number | null;
  /** The record version the caller read; a stale one is refused (409). */
  version?: number;
  /** The acting user's office scope (TAuthUser.officeScope); absent or null: every office (a system event). */
  officeScope?: number | null;
  at: Date;
  today: string;
};

/** What a row read under lock gives the engine: status, version and the binding's own columns. */
export type TWorkflowRow = { status: string; version: number } & Record<string, unknown>;

/**
 * How a workflow is served (DESIGN.md section 1): the records' table and columns, where its routes
 * live, what the machine's guards read from a record, what an action writes besides the status,
 * and how a refusal is worded. `workflowRoutes(binding)` makes every route of it;
 * `applyWorkflowEvent(tx, binding, ...)` is the only writer of its status column.
 */
export type TWorkflowBinding = {
  workflow: TWorkflowDefinition;
  /** The table's name: the history's and the audit log's `entity`, e.g. `child_infos`. */
  entity: string;
  /** `/child-infos`: the actions are `PATCH {apiBase}/{action}/:id`. */
  apiBase: string;
  /** Swagger tag of its routes. */
  tag: string;
  table: PgTable;
  columns: {
    id: PgColumn;
    status: PgColumn;
    version: PgColumn;
    updatedBy: PgColumn;
    updatedAt: PgColumn;
  };
  /** Who may read a record: the permission an action's answer and the history need. */
  readPermission: string;
  /**
   * The record's head office, when its records are kept by office (DESIGN.md section 7): a user
   * kept to another office gets 404 from every route of the workflow.
   */
  officeColumn?: PgColumn;
  /** The records the workflow acts on: another (a record merged into another, issue 35) is not found. */
  rowsWhere?: SQL;
  /** More columns read with the locked row, for `facts` and `sets`. */
  readColumns?: Record<string, PgColumn>;
  /** The record facts the machine's guards read (an approval's end...). */
  facts?: (row: TWorkflowRow, today: string) => TWorkflowFacts;
  /** Columns an accepted action sets besides the status (a confirmation date...), from its body. */
  sets?: (
    action: string,
    body: Readonly<Record<string, unknown>>,
    before: TWorkflowRow,
  ) => Record<string, unknown>;
  /** A check of the body against the address (the spec's confirm body repeats the id). */
  checkBody?: (id: number, body: Readonly<Record<string, unknown>>) => void;
  /**
   * The body completed before the machine is asked, in the action's transaction (an approval's end
   * from the settings when the body leaves it out).
   */
  completeBody?: (
    db: TDbOrTx,
    action: string,
    body: Readonly<Record<string, unknown>>,
  ) => Promise<Record<string, unknown>>;
  /**
   * A check of who acts, run under the row lock once the version is checked and before the machine
   * is asked (four-eyes: who took the last step that was not a decision may not decide); throw to refuse.
   */
  checkActor?: (
    tx: TDbOrTx,
    step: TWorkflowStep,
    before: TWorkflowRow,
    t: TranslationFunctions,
  ) => Promise<void>;
  /**
   * A rule of the workflow's own, asked under the row lock once the machine allows the action and
   * before anything is written (issue 22: accepting an application that fails eligibility needs a
   * written justification, confirming a short trial a reason); throw to refuse (a 400 names the field).
   */
  checkStep?: (tx: TDbOrTx, step: TWorkflowStep, before: TWorkflowRow) => Promise<void>;
  /**
   * What follows an accepted action in the same transaction: a matching that completes or ends
   * moves its child and its application (their own workflows, through `applyWorkflowEvent`).
   */
  afterEvent?: (
    tx: TDbOrTx,
    step: TWorkflowStep,
    result: { before: TWorkflowRow; after: TWorkflowRow },
    t: TranslationFunctions,
  ) => Promise<void>;
  /** The 400 when the machine refuses what the event carries (a date in the future...). */
  invalidPayload: (body: Readonly<Record<string, unknown>>, today: string, before: TWorkflowRow) => Error;
  /** The 409 when the status does not allow the action: its message and wording of both. */
  notAllowed: {
    messageKey: TServerMessageKey;
    statusText: (t: TranslationFunctions, status: string) => string;
    actionText: (t: TranslationFunctions, action: string) => string;
  };
};
