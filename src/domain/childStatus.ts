import type { TChildEvent } from '../machines/child.machine';
import {
  childStatuses,
  childWorkflow,
  childWorkflowActions,
  type TChildActionName,
  type TChildReasonBody,
  type TChildStatus,
  type TConfirmAdoptionBody,
  type TUnconfirmAdoptionBody,
} from './workflows/child.workflow';
import { allowedWorkflowActions, decideWorkflowEvent } from './workflows/workflow';

export type { TChildEvent, TChildEventType } from '../machines/child.machine';
export {
  childActionEvent,
  childActionPermission,
  childReasonMaxLength,
  childStatuses,
  childSystemEventTypes,
  type TChildActionName,
  type TChildReasonBody,
  type TChildStatus,
  type TConfirmAdoptionBody,
  type TUnconfirmAdoptionBody,
  ZChildReasonBody,
  ZConfirmAdoptionBody,
  ZUnconfirmAdoptionBody,
} from './workflows/child.workflow';

/**
 * The child record's status and its actions in the child's own words, over its workflow
 * (src/domain/workflows/child.workflow.ts) and the workflow engine: the client shows
 * `allowedChildActions(status)`, the server's generic workflow routes ask the same machine.
 */

export const isChildStatus = (value: unknown): value is TChildStatus =>
  childStatuses.includes(value as TChildStatus);

/**
 * The status history's first row of every child: written with the record, from no status to
 * 'registered' (`fromStatus` is empty), so the history tells when the file was opened and by whom.
 */
export const childRegisteredAction = 'register';

/** The user actions by their API name (`PATCH /child-infos/<action>/{id}`, spec section 7), in menu order. */
export const childActionNames = Object.keys(childWorkflowActions) as TChildActionName[];

export const childActions = childWorkflowActions;

export type TChildUserEventType = (typeof childActions)[TChildActionName]['event'];

/** The body schema of each action, for the route and the action's dialog. */
export const childActionBodies = Object.fromEntries(
  childActionNames.map((action) => [action, childWorkflowActions[action].body]),
) as { [A in TChildActionName]: (typeof childWorkflowActions)[A]['body'] };

export type TChildActionBody = TConfirmAdoptionBody | TUnconfirmAdoptionBody | TChildReasonBody;

export { isoDateIn, programmeTimeZone } from './programmeTime';

/** The user actions the machine accepts from `status` (none from a status it does not know). */
export const allowedChildActions = (status: string): TChildActionName[] =>
  allowedWorkflowActions(childWorkflow, status) as TChildActionName[];

export type TChildEventResult =
  | { ok: true; status: TChildStatus }
  /** notAllowed: no such transition from this status (409); invalidPayload: the event's date or reason is refused (400). */
  | { ok: false; reason: 'notAllowed' | 'invalidPayload' };

/**
 * The status `event` moves a child in `status` to, or why it does not. Pure: the caller writes the
 * new status and its history row. An event not allowed from the status is `notAllowed` whatever its
 * payload (the record's state, not the form, is what is wrong).
 */
export const applyChildEvent = (status: string, event: TChildEvent): TChildEventResult =>
  decideWorkflowEvent(childWorkflow, status, event) as TChildEventResult;
