import { and, setup } from 'xstate';
import { isEffectiveDate, isGivenText, isIsoDate } from './eventChecks';

/**
 * The status of a service after adoption (DESIGN.md section 4): a home visit, a report... planned
 * from the follow-up schedule or by hand, then given (confirmed, with its findings) or not
 * (rejected, with the reason); either can be taken back to pending with a reason. The record stores
 * its status as a column; the server resolves this machine at that status with the facts below.
 * Free of clocks and I/O: `today` comes in the facts and in every dated event.
 */

/** What the record says that the guards read. */
export type TServiceContext = {
  /** yyyy-mm-dd: the day the adoption it follows completed. No service is given before it. */
  adoptedOn?: string | null;
  /** yyyy-mm-dd, where the programme works. */
  today?: string | null;
};

type TDated = { date: string; today: string };

/** Each of the child's findings at a visit. */
export type TServiceFinding = 'good' | 'concern' | 'notAssessed';

export type TServiceEvent =
  /** The service was given on `date` (the visit made, the report received), with what it found. */
  | ({
      type: 'CONFIRM';
      findings?: { health: TServiceFinding; schooling: TServiceFinding; integration: TServiceFinding };
    } & TDated)
  /** It was not given, and why (the family moved away...). */
  | ({ type: 'REJECT'; reason: string } & TDated)
  /** A confirmation or a rejection taken back, with the reason. */
  | { type: 'BACK_TO_PENDING'; reason: string };

export type TServiceEventType = TServiceEvent['type'];

/** Every event the machine knows (a test checks this against the machine definition). */
export const serviceEventTypes = [
  'CONFIRM',
  'REJECT',
  'BACK_TO_PENDING',
] as const satisfies readonly TServiceEventType[];

export const serviceMachine = setup({
  types: {
    context: {} as TServiceContext,
    events: {} as TServiceEvent,
  },
  guards: {
    /** A carried date is a real day, not after the event's today. */
    hasEffectiveDate: ({ event }) => !('date' in event) || isEffectiveDate(event.date, event.today),
    /** A carried date is not before the adoption the service follows. */
    followsAdoption: ({ event, context }) =>
      !('date' in event) || !isIsoDate(context.adoptedOn) || String(event.date) >= context.adoptedOn,
    hasReason: ({ event }) => !('reason' in event) || isGivenText(event.reason),
    isGiven: and(['hasEffectiveDate', 'followsAdoption']),
    isRefusal: and(['hasEffectiveDate', 'followsAdoption', 'hasReason']),
  },
}).createMachine({
  id: 'service',
  context: {},
  // A planned service waits to be given.
  initial: 'pending',
  states: {
    pending: {
      on: {
        CONFIRM: { target: 'confirmed', guard: 'isGiven' },
        REJECT: { target: 'rejected', guard: 'isRefusal' },
      },
    },
    confirmed: {
      on: { BACK_TO_PENDING: { target: 'pending', guard: 'hasReason' } },
    },
    rejected: {
      on: { BACK_TO_PENDING: { target: 'pending', guard: 'hasReason' } },
    },
  },
});
