import { and, setup } from 'xstate';
import { isEffectiveDate, isGivenText, isIsoDate } from './eventChecks';

/**
 * The status of a parent application (DESIGN.md section 4). Like the child's, the record stores its
 * status as a column; the server resolves this machine at that status with the record's facts
 * (below) and asks it whether an event is allowed. Free of clocks and I/O: `today` comes in the
 * facts and in every dated event.
 *
 * A guard judges what an event carries and passes an event that carries nothing to judge: "which
 * actions are allowed from here?" is asked with the event type alone (src/domain/workflows/workflow.ts).
 */

/** What the record says that the guards read: its last step's day and its approval's end. */
export type TParentContext = {
  /** yyyy-mm-dd: the application's date, or the decision's when there was one. No step goes before it. */
  lastStepDate?: string | null;
  /** yyyy-mm-dd: the last day the approval holds. */
  approvedUntil?: string | null;
  /** yyyy-mm-dd, where the programme works. */
  today?: string | null;
};

type TDated = { date: string; today: string };

export type TParentEvent =
  /** A supervisor accepts the application, approved until a day (default: the settings' months later). */
  | ({ type: 'ACCEPT'; approvedUntil?: string } & TDated)
  /**
   * Acceptance asked of another approver (issue 35, four-eyes): the only way to accept an
   * application that fails the eligibility rules, with the justification.
   */
  | { type: 'REQUEST_ACCEPTANCE'; justification: string }
  /** Another holder of the approve permission grants the request: accepted as by ACCEPT. */
  | ({ type: 'APPROVE_ACCEPTANCE'; approvedUntil?: string } & TDated)
  /** ... or sends it back to pending, with a reason. */
  | { type: 'RETURN_ACCEPTANCE'; reason: string }
  | { type: 'UNACCEPT'; reason: string }
  | ({ type: 'REJECT'; reason: string } & TDated)
  /** Raised by the matching workflow, never by a person on the application. */
  | { type: 'MATCHED' }
  | { type: 'MATCHING_COMPLETED' }
  | { type: 'MATCHING_REJECTED' };

export type TParentEventType = TParentEvent['type'];

/** Every event the machine knows (a test checks this against the machine definition). */
export const parentEventTypes = [
  'ACCEPT',
  'REQUEST_ACCEPTANCE',
  'APPROVE_ACCEPTANCE',
  'RETURN_ACCEPTANCE',
  'UNACCEPT',
  'REJECT',
  'MATCHED',
  'MATCHING_COMPLETED',
  'MATCHING_REJECTED',
] as const satisfies readonly TParentEventType[];

export const parentMachine = setup({
  types: {
    context: {} as TParentContext,
    events: {} as TParentEvent,
  },
  guards: {
    /** A carried date is a real day, not after the event's today. */
    hasEffectiveDate: ({ event }) => !('date' in event) || isEffectiveDate(event.date, event.today),
    /** A carried date is not before the record's last step (the application, or the last decision). */
    followsLastStep: ({ event, context }) =>
      !('date' in event) || !isIsoDate(context.lastStepDate) || String(event.date) >= context.lastStepDate,
    /** A carried approval end is a real day after the decision. */
    endsAfterDecision: ({ event }) =>
      !('approvedUntil' in event) ||
      event.approvedUntil === undefined ||
      (isIsoDate(event.approvedUntil) && 'date' in event && event.approvedUntil > String(event.date)),
    hasReason: ({ event }) => !('reason' in event) || isGivenText(event.reason),
    hasJustification: ({ event }) => !('justification' in event) || isGivenText(event.justification),
    /** An expired approval cannot be matched until it is renewed (un-accept, then accept again). */
    approvalHolds: ({ context }) =>
      isIsoDate(context.approvedUntil) && isIsoDate(context.today) && context.approvedUntil >= context.today,
    isDecision: and(['hasEffectiveDate', 'followsLastStep']),
    isAcceptance: and(['isDecision', 'endsAfterDecision']),
    isRejection: and(['isDecision', 'hasReason']),
  },
}).createMachine({
  id: 'parent',
  context: {},
  // A new application waits for its decision.
  initial: 'pending',
  states: {
    pending: {
      on: {
        ACCEPT: { target: 'accepted', guard: 'isAcceptance' },
        REQUEST_ACCEPTANCE: { target: 'acceptanceRequested', guard: 'hasJustification' },
        REJECT: { target: 'rejected', guard: 'isRejection' },
      },
    },
    // Waits for another approver (four-eyes: never the one who asked), who decides alone.
    acceptanceRequested: {
      on: {
        APPROVE_ACCEPTANCE: { target: 'accepted', guard: 'isAcceptance' },
        RETURN_ACCEPTANCE: { target: 'pending', guard: 'hasReason' },
      },
    },
    accepted: {
      on: {
        UNACCEPT: { target: 'pending', guard: 'hasReason' },
        REJECT: { target: 'rejected', guard: 'isRejection' },
        MATCHED: { target: 'matched', guard: 'approvalHolds' },
      },
    },
    // While a matching is active only the matching decides.
    matched: {
      on: {
        MATCHING_COMPLETED: { target: 'adopted' },
        MATCHING_REJECTED: { target: 'accepted' },
      },
    },
    // Final for this application: a family that adopts again files a new one (copied from this).
    adopted: { type: 'final' },
    rejected: { type: 'final' },
  },
});
