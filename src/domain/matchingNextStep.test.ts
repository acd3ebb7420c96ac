import { describe, expect, it } from 'vitest';
import { matchingNextSteps, matchingStatusesAwaiting } from './matchingNextStep';
import { matchingStatuses } from './workflows/matching.workflow';

/**
 * Whose move each status awaits, written out by hand from DESIGN.md section 4 and checked against
 * what the machine and the action table give (src/domain/matchingNextStep.ts).
 */
const expected = {
  proposed: { turn: 'caseworker', actions: ['pending-adoption'] },
  adoptionPending: { turn: 'decision', actions: ['confirm-adoption', 'reject-adoption'] },
  // The supervisor starts the trial or skips it.
  adoptionConfirmed: { turn: 'decision', actions: ['test-adoption', 'skip-adoption'] },
  testing: { turn: 'caseworker', actions: ['pending-test'] },
  testPending: { turn: 'decision', actions: ['confirm-test', 'reject-test', 'skip-test'] },
  // The warrant must be asked for (un-confirming the trial is a correction, not the next step).
  testConfirmed: { turn: 'caseworker', actions: ['pending-warrant'] },
  warrantPending: { turn: 'caseworker', actions: ['request-warrant'] },
  // Sending the request back (pending-warrant) is a step backwards: the decision is awaited.
  warrantRequested: { turn: 'decision', actions: ['confirm-warrant', 'reject-warrant'] },
  warranted: { turn: 'caseworker', actions: ['child-keep'] },
  keepRequested: { turn: 'decision', actions: ['child-keep-approve'] },
  completed: null,
  rejected: null,
} as const;

describe('the next step of a matching', () => {
  it('is, in every status, the one DESIGN.md names: a decision or the caseworker’s step; none when final', () => {
    expect(Object.keys(expected).sort()).toEqual([...matchingStatuses].sort());
    expect(matchingNextSteps).toEqual(expected);
  });

  it('puts every status that is not final on exactly one side', () => {
    const decision = matchingStatusesAwaiting('decision');
    const caseworker = matchingStatusesAwaiting('caseworker');
    expect(decision.filter((status) => caseworker.includes(status))).toEqual([]);
    expect([...decision, ...caseworker, 'completed', 'rejected'].sort()).toEqual(
      [...matchingStatuses].sort(),
    );
  });
});
