import { describe, expect, it } from 'vitest';
import {
  fourEyesStep,
  matchingAskingSteps,
  matchingDecisionPermission,
  matchingStepPermission,
  matchingWorkflowActions,
  type TMatchingActionName,
} from './matching.workflow';

/**
 * Four-eyes (DESIGN.md section 4): a decision may not be taken by the user who took the matching's
 * last step that was not a decision (the proposal, a pending step, the warrant request, the keep
 * request), super users included; with the setting off anyone may. The server's 409, the work
 * queue and the working page's refusal all come from `fourEyesStep`.
 */
const actions = Object.keys(matchingWorkflowActions) as TMatchingActionName[];
const decisions = actions.filter(
  (action) => matchingWorkflowActions[action].permission === matchingDecisionPermission,
);
const steps = actions.filter(
  (action) => matchingWorkflowActions[action].permission === matchingStepPermission,
);

describe('the update/approve split', () => {
  it('names the decisions of DESIGN.md section 4, and the other actions are steps', () => {
    expect([...decisions].sort()).toEqual(
      [
        'confirm-adoption',
        'reject-adoption',
        'skip-adoption',
        'test-adoption',
        'confirm-test',
        'un-confirm-test',
        'reject-test',
        'skip-test',
        'confirm-warrant',
        'reject-warrant',
        'child-keep-approve',
      ].sort(),
    );
    expect([...steps].sort()).toEqual(
      ['pending-adoption', 'pending-test', 'pending-warrant', 'request-warrant', 'child-keep'].sort(),
    );
  });
});

describe('four-eyes', () => {
  const nonDecisions = ['propose', ...steps];

  it('holds against the proposal and every step that is not a decision, and nothing else', () => {
    expect([...matchingAskingSteps].sort()).toEqual([...nonDecisions].sort());
  });

  it.each(decisions.flatMap((decision) => nonDecisions.map((step) => [decision, step] as const)))(
    'holds %s against the user who took %s last, naming that step, super users too',
    (decision, step) => {
      expect(fourEyesStep(decision, { action: step, userId: 7 }, 7, true)).toBe(step);
      expect(fourEyesStep(decision, { action: step, userId: 8 }, 7, true)).toBeNull();
    },
  );

  it.each(decisions)('lets the same user take %s when the setting is off', (decision) => {
    expect(fourEyesStep(decision, { action: 'pending-adoption', userId: 7 }, 7, false)).toBeNull();
  });

  it.each(steps)('never holds %s, which is not a decision', (action) => {
    for (const previous of nonDecisions)
      expect(fourEyesStep(action, { action: previous, userId: 7 }, 7, true), previous).toBeNull();
  });

  it('holds nothing without a step asked, or for a step taken by no user (the system)', () => {
    expect(fourEyesStep('confirm-adoption', null, 7, true)).toBeNull();
    expect(fourEyesStep('confirm-adoption', undefined, 7, true)).toBeNull();
    expect(
      fourEyesStep('confirm-adoption', { action: 'pending-adoption', userId: null }, 7, true),
    ).toBeNull();
  });
});
