import { and, setup } from 'xstate';
import { isEffectiveDate, isGivenText } from './eventChecks';

/**
 * The status of a child record (DESIGN.md section 4). The record stores its status as a column; the
 * server resolves this machine at that status and asks it whether an event is allowed
 * (src/domain/childStatus.ts), so client and server share this one definition.
 *
 * Deliberately free of clocks and I/O: the caller passes `today` (yyyy-mm-dd) in every dated event,
 * so the same event gives the same answer on the client, on the server and in tests.
 */

export { isEffectiveDate, isGivenText, isIsoDate } from './eventChecks';

/** `date` is the day the change took effect; `today` is the caller's today, both yyyy-mm-dd. */
type TEffective = { date: string; today: string };

export type TChildEvent =
  /** A caseworker confirms the child can be adopted. */
  | ({ type: 'CONFIRM_ADOPTION' } & TEffective)
  /** Back to registered: why, in words. */
  | { type: 'UNCONFIRM_ADOPTION'; reason: string }
  /** Taken out of the domestic programme (long-term care, international adoption) or back into it. */
  | ({ type: 'LONG_TERM'; reason: string } & TEffective)
  | ({ type: 'INTERNATIONAL'; reason: string } & TEffective)
  | ({ type: 'RE_ADOPTION'; reason: string } & TEffective)
  /** Raised by the matching workflow, never by a person on the child record. */
  | { type: 'MATCHED' }
  | { type: 'MATCHING_COMPLETED' }
  | { type: 'MATCHING_REJECTED' };

export type TChildEventType = TChildEvent['type'];

/** Every event the machine knows (a test checks this against the machine definition). */
export const childEventTypes = [
  'CONFIRM_ADOPTION',
  'UNCONFIRM_ADOPTION',
  'LONG_TERM',
  'INTERNATIONAL',
  'RE_ADOPTION',
  'MATCHED',
  'MATCHING_COMPLETED',
  'MATCHING_REJECTED',
] as const satisfies readonly TChildEventType[];

/** Nothing beyond the status: dates, reasons and history rows are the server's to store. */
export type TChildContext = Record<string, never>;

// Shared by `registered` and `adoptable`: either may leave the domestic programme.
const leaveProgramme = {
  LONG_TERM: { target: 'longTerm', guard: 'isDatedWithReason' },
  INTERNATIONAL: { target: 'international', guard: 'isDatedWithReason' },
} as const;
// Shared by the three statuses a child re-enters the programme from.
const reEnterProgramme = {
  RE_ADOPTION: { target: 'registered', guard: 'isDatedWithReason' },
} as const;

export const childMachine = setup({
  types: {
    context: {} as TChildContext,
    events: {} as TChildEvent,
  },
  guards: {
    // A guard judges what an event carries and passes one that carries nothing to judge: "is this
    // allowed from here?" is asked with the event type alone (src/domain/workflows/workflow.ts).
    // The body's shape (that a date is there) is zod's; a date that is there must be a real day,
    // not after the event's today, and a reason must say something.
    hasEffectiveDate: ({ event }) => !('date' in event) || isEffectiveDate(event.date, event.today),
    hasReason: ({ event }) => !('reason' in event) || isGivenText(event.reason),
    isDatedWithReason: and(['hasEffectiveDate', 'hasReason']),
  },
}).createMachine({
  id: 'child',
  context: {},
  // A new child record starts registered.
  initial: 'registered',
  states: {
    registered: {
      on: {
        CONFIRM_ADOPTION: { target: 'adoptable', guard: 'hasEffectiveDate' },
        ...leaveProgramme,
      },
    },
    adoptable: {
      on: {
        UNCONFIRM_ADOPTION: { target: 'registered', guard: 'hasReason' },
        ...leaveProgramme,
        MATCHED: { target: 'matched' },
      },
    },
    // While a matching is active only the matching decides; it must be rejected to act on the child.
    matched: {
      on: {
        MATCHING_COMPLETED: { target: 'adopted' },
        MATCHING_REJECTED: { target: 'adoptable' },
      },
    },
    adopted: { on: reEnterProgramme },
    longTerm: { on: reEnterProgramme },
    international: { on: reEnterProgramme },
  },
});
