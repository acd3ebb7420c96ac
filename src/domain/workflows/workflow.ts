import { type AnyStateMachine, type EventObject, transition } from 'xstate';
import type { z } from 'zod';
import type { TFieldDef } from '../resource';

/**
 * A workflow (DESIGN.md section 1 and 4): a machine plus an action table, described once and shared
 * by the server (which generates `PATCH {apiBase}/{action}/{id}` for every action and asks the
 * machine before it writes) and the client (buttons, one dialog, palette commands, history).
 *
 * The split of checks: an action's body is checked by its zod schema before the machine is asked;
 * the machine's guards check record facts (the facts it is resolved with, e.g. an approval's end)
 * and, when an event carries them, the event's dates against `today` and the record. A guard passes
 * an event that does not carry what it checks, so "which actions are allowed from here" is asked
 * with the event type alone, no sample payload.
 */
/**
 * The kinds of thing a workflow action does: a decision that lets the record go on or turns it
 * down, a request or step towards a decision, going back on one, passing a stage by, or moving the
 * record to another path.
 */
export const workflowDoes = ['approve', 'reject', 'request', 'undo', 'skip', 'move'] as const;
export type TWorkflowDoes = (typeof workflowDoes)[number];

export type TWorkflowAction = {
  /** The machine event the action sends. */
  event: string;
  permission: string;
  /** The request body without `version` (the engine adds it). */
  body: z.ZodObject;
  /** The action dialog's fields, drawn by the same field renderer as forms. */
  fields: readonly TFieldDef[];
  /** Icon name of the action's button and palette command. */
  icon: string;
  /**
   * What it does, whatever its name: the palette finds it by these words too ('Approve' finds
   * 'Confirm adoption'; `workflow.does.<kind>` in both languages, issue 38).
   */
  does: TWorkflowDoes;
  /** Date fields that may be after today (an approval's end); every other date is a day gone by. */
  laterDates?: readonly string[];
};

export type TWorkflowDefinition = {
  /** `child`: the dictionary's key for the workflow's texts (`LL.workflows.child`). */
  name: string;
  machine: AnyStateMachine;
  /** The values of the status column, in workflow order. */
  statuses: readonly string[];
  /** The user actions by API name, in menu order. */
  actions: Readonly<Record<string, TWorkflowAction>>;
  /** Events raised by another workflow (a matching moves its child), never by a person. */
  systemEvents: readonly string[];
  /** The event an action's validated body becomes; `today` is yyyy-mm-dd where the programme works. */
  eventOf: (action: string, body: Readonly<Record<string, unknown>>, today: string) => EventObject;
};

/** Record facts a workflow's guards read (an approval's end, the date of the last step). */
export type TWorkflowFacts = Record<string, unknown>;

export const workflowActionNames = (workflow: TWorkflowDefinition): string[] => Object.keys(workflow.actions);

export const isWorkflowStatus = (workflow: TWorkflowDefinition, status: unknown): status is string =>
  typeof status === 'string' && workflow.statuses.includes(status);

const snapshotAt = (workflow: TWorkflowDefinition, status: string, facts: TWorkflowFacts) =>
  workflow.machine.resolveState({ value: status, context: facts });

/** The user actions the machine allows from `status` with these facts (none from an unknown status). */
export const allowedWorkflowActions = (
  workflow: TWorkflowDefinition,
  status: string,
  facts: TWorkflowFacts = {},
): string[] => {
  if (!isWorkflowStatus(workflow, status)) return [];
  const snapshot = snapshotAt(workflow, status, facts);
  return Object.entries(workflow.actions)
    .filter(([, action]) => snapshot.can({ type: action.event }))
    .map(([name]) => name);
};

export type TWorkflowDecision =
  | { ok: true; status: string }
  /** notAllowed: no such transition from this status with these facts (409); invalidPayload: the event's data is refused (400). */
  | { ok: false; reason: 'notAllowed' | 'invalidPayload' };

/**
 * The status `event` moves a record in `status` to, or why it does not. Pure: the caller writes.
 * An event not allowed from the status is `notAllowed` whatever its payload (the record's state,
 * not the form, is what is wrong).
 */
export const decideWorkflowEvent = (
  workflow: TWorkflowDefinition,
  status: string,
  event: EventObject,
  facts: TWorkflowFacts = {},
): TWorkflowDecision => {
  if (!isWorkflowStatus(workflow, status)) return { ok: false, reason: 'notAllowed' };
  const snapshot = snapshotAt(workflow, status, facts);
  if (!snapshot.can({ type: event.type })) return { ok: false, reason: 'notAllowed' };
  if (!snapshot.can(event)) return { ok: false, reason: 'invalidPayload' };
  const [next] = transition(workflow.machine, snapshot, event);
  return { ok: true, status: String(next.value) };
};
