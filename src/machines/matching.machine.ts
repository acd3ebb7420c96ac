import { and, setup } from 'xstate';
import { isEffectiveDate, isGivenText, isIsoDate } from './eventChecks';

/**
 * A matching of a child and a parent application, through its stages (DESIGN.md section 4
 * 'Matching'): adoption decision, trial period, warrant, keeping. The record stores its status as
 * a column; the server resolves this machine at that status with the record's facts and asks it
 * whether an event is allowed. Free of clocks and I/O: `today` comes in the facts and in every
 * dated event. Who may take a decision (permission, four-eyes) is the server's, not the machine's.
 *
 * A guard judges what an event carries and passes an event that carries nothing to judge: "which
 * actions are allowed from here?" is asked with the event type alone (src/domain/workflows/workflow.ts).
 */

/** What the record says that the guards read. */
export type TMatchingContext = {
  /** yyyy-mm-dd: the day of the matching's last step (its proposal at first). No step goes before it. */
  lastStepDate?: string | null;
  today?: string | null;
};

type TDated = { date: string; today: string };

export type TMatchingEvent =
  | { type: 'PENDING_ADOPTION' }
  | ({ type: 'CONFIRM_ADOPTION' } & TDated)
  | ({ type: 'REJECT_ADOPTION'; reason: string } & TDated)
  | ({ type: 'TEST_ADOPTION' } & TDated)
  | { type: 'SKIP_ADOPTION'; reason: string }
  | { type: 'PENDING_TEST' }
  | ({ type: 'CONFIRM_TEST' } & TDated)
  | ({ type: 'REJECT_TEST'; reason: string } & TDated)
  | { type: 'SKIP_TEST'; reason: string }
  | { type: 'UNCONFIRM_TEST'; reason: string }
  | { type: 'PENDING_WARRANT' }
  | ({ type: 'REQUEST_WARRANT'; reference: string } & TDated)
  | ({ type: 'CONFIRM_WARRANT'; number: string } & TDated)
  | ({ type: 'REJECT_WARRANT'; reason: string } & TDated)
  | ({ type: 'CHILD_KEEP' } & TDated)
  | ({ type: 'CHILD_KEEP_APPROVE' } & TDated);

export type TMatchingEventType = TMatchingEvent['type'];

/** Every event the machine knows (a test checks this against the machine definition). */
export const matchingEventTypes = [
  'PENDING_ADOPTION',
  'CONFIRM_ADOPTION',
  'REJECT_ADOPTION',
  'TEST_ADOPTION',
  'SKIP_ADOPTION',
  'PENDING_TEST',
  'CONFIRM_TEST',
  'REJECT_TEST',
  'SKIP_TEST',
  'UNCONFIRM_TEST',
  'PENDING_WARRANT',
  'REQUEST_WARRANT',
  'CONFIRM_WARRANT',
  'REJECT_WARRANT',
  'CHILD_KEEP',
  'CHILD_KEEP_APPROVE',
] as const satisfies readonly TMatchingEventType[];

export const matchingMachine = setup({
  types: {
    context: {} as TMatchingContext,
    events: {} as TMatchingEvent,
  },
  guards: {
    /** A carried date is a real day, not after the event's today. */
    hasEffectiveDate: ({ event }) => !('date' in event) || isEffectiveDate(event.date, event.today),
    /** A carried date is not before the matching's last step. */
    followsLastStep: ({ event, context }) =>
      !('date' in event) || !isIsoDate(context.lastStepDate) || String(event.date) >= context.lastStepDate,
    hasReason: ({ event }) => !('reason' in event) || isGivenText(event.reason),
    /** The warrant's request names its reference, the warrant its number. */
    hasReference: ({ event }) => !('reference' in event) || isGivenText(event.reference),
    hasNumber: ({ event }) => !('number' in event) || isGivenText(event.number),
    isStep: and(['hasEffectiveDate', 'followsLastStep']),
    isRejection: and(['isStep', 'hasReason']),
    isWarrantRequest: and(['isStep', 'hasReference']),
    isWarrant: and(['isStep', 'hasNumber']),
  },
}).createMachine({
  id: 'matching',
  context: {},
  // Created for an adoptable child and an accepted application (the server's create rules).
  initial: 'proposed',
  states: {
    proposed: {
      on: {
        PENDING_ADOPTION: { target: 'adoptionPending' },
        CONFIRM_ADOPTION: { target: 'adoptionConfirmed', guard: 'isStep' },
        REJECT_ADOPTION: { target: 'rejected', guard: 'isRejection' },
      },
    },
    adoptionPending: {
      on: {
        CONFIRM_ADOPTION: { target: 'adoptionConfirmed', guard: 'isStep' },
        REJECT_ADOPTION: { target: 'rejected', guard: 'isRejection' },
      },
    },
    // The supervisor chooses: a trial of living together, or no trial.
    adoptionConfirmed: {
      on: {
        TEST_ADOPTION: { target: 'testing', guard: 'isStep' },
        SKIP_ADOPTION: { target: 'warrantPending', guard: 'hasReason' },
      },
    },
    testing: {
      on: {
        PENDING_TEST: { target: 'testPending' },
        CONFIRM_TEST: { target: 'testConfirmed', guard: 'isStep' },
        REJECT_TEST: { target: 'rejected', guard: 'isRejection' },
        SKIP_TEST: { target: 'warrantPending', guard: 'hasReason' },
      },
    },
    testPending: {
      on: {
        CONFIRM_TEST: { target: 'testConfirmed', guard: 'isStep' },
        REJECT_TEST: { target: 'rejected', guard: 'isRejection' },
        SKIP_TEST: { target: 'warrantPending', guard: 'hasReason' },
      },
    },
    testConfirmed: {
      on: {
        UNCONFIRM_TEST: { target: 'testing', guard: 'hasReason' },
        PENDING_WARRANT: { target: 'warrantPending' },
      },
    },
    warrantPending: {
      on: {
        REQUEST_WARRANT: { target: 'warrantRequested', guard: 'isWarrantRequest' },
      },
    },
    warrantRequested: {
      on: {
        CONFIRM_WARRANT: { target: 'warranted', guard: 'isWarrant' },
        REJECT_WARRANT: { target: 'rejected', guard: 'isRejection' },
        PENDING_WARRANT: { target: 'warrantPending' },
      },
    },
    warranted: {
      on: {
        CHILD_KEEP: { target: 'keepRequested', guard: 'isStep' },
      },
    },
    keepRequested: {
      on: {
        CHILD_KEEP_APPROVE: { target: 'completed', guard: 'isStep' },
      },
    },
    // Final: the child and the application are adopted; the follow-up services are planned.
    completed: { type: 'final' },
    // Final for this matching: the child and the application are free for another.
    rejected: { type: 'final' },
  },
});
