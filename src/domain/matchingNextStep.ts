import {
  matchingDecisionPermission,
  matchingStatuses,
  matchingWorkflow,
  type TMatchingActionName,
  type TMatchingStatus,
} from './workflows/matching.workflow';
import { allowedWorkflowActions, decideWorkflowEvent } from './workflows/workflow';

/**
 * Whose move a matching awaits in each status (DESIGN.md section 4: every matching that is not final
 * is on the work queue of whoever may take its next step), read from the machine and the action
 * table rather than listed by hand:
 * - `caseworker`: a step that is not a decision (`matchings:update`) moves the matching forward
 *   from here (proposed: ask for the adoption decision; testing: ask for the trial decision;
 *   testConfirmed: the warrant to be requested; warrantPending: request it; warranted: ask to keep
 *   the child). Decisions allowed there too are a supervisor's shortcut or a correction, not awaited.
 * - `decision`: no step moves it forward, so nothing happens until someone who may decide does
 *   (a request answered, the trial chosen or skipped). Sending a warrant request back is a step, but
 *   backwards: the decision is still what is awaited.
 * A final status (no action allowed) awaits nobody.
 */
export type TMatchingTurn = 'decision' | 'caseworker';

/** Where an action leads from `status`, asked with the event type alone (guards pass it). */
const targetOf = (status: TMatchingStatus, action: TMatchingActionName) => {
  const decision = decideWorkflowEvent(matchingWorkflow, status, {
    type: matchingWorkflow.actions[action].event,
  });
  return decision.ok ? decision.status : null;
};

/** Later in workflow order (`matchingStatuses` is stage by stage). */
const isForward = (from: TMatchingStatus, to: string | null) =>
  to !== null && matchingStatuses.indexOf(to as TMatchingStatus) > matchingStatuses.indexOf(from);

const nextStepOf = (
  status: TMatchingStatus,
): { turn: TMatchingTurn; actions: TMatchingActionName[] } | null => {
  const allowed = allowedWorkflowActions(matchingWorkflow, status) as TMatchingActionName[];
  if (allowed.length === 0) return null;
  const isDecision = (action: TMatchingActionName) =>
    matchingWorkflow.actions[action].permission === matchingDecisionPermission;
  const forwardSteps = allowed.filter(
    (action) => !isDecision(action) && isForward(status, targetOf(status, action)),
  );
  return forwardSteps.length > 0
    ? { turn: 'caseworker', actions: forwardSteps }
    : { turn: 'decision', actions: allowed.filter(isDecision) };
};

/** Each status's awaited move and its actions, in menu order; null for a final status. */
export const matchingNextSteps = Object.fromEntries(
  matchingStatuses.map((status) => [status, nextStepOf(status)]),
) as Record<TMatchingStatus, { turn: TMatchingTurn; actions: TMatchingActionName[] } | null>;

/** The statuses in which a matching awaits `turn`. */
export const matchingStatusesAwaiting = (turn: TMatchingTurn): TMatchingStatus[] =>
  matchingStatuses.filter((status) => matchingNextSteps[status]?.turn === turn);
