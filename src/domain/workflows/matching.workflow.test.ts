import { describe, expect, it } from 'vitest';
import {
  fourEyesStep,
  matchingDecisionPermission,
  matchingFourEyes,
  matchingStepPermission,
  matchingWorkflowActions,
  type TMatchingActionName,
} from './matching.workflow';

/**
 * Four-eyes (DESIGN.md section 4): a decision that follows a pending or request step cannot be
 * taken by the user who took that step; another user, a super user, or anyone with the setting
 * off may. The server's 409 and the working page's refusal both come from `fourEyesStep`.
 */
const actions = Object.keys(matchingWorkflowActions) as TMatchingActionName[];
const decisions = actions.filter(
  (action) => matchingWorkflowActions[action].permission === matchingDecisionPermission,
);
const steps = actions.filter(
  (action) => matchingWorkflowActions[action].permission === matchingStepPermission,
);
const asker = { id: 7, isSuper: false };

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
  // Each decision that follows a pending or request step, with that step.
  const held = [
    ['confirm-adoption', 'pending-adoption'],
    ['reject-adoption', 'pending-adoption'],
    ['confirm-test', 'pending-test'],
    ['reject-test', 'pending-test'],
    ['skip-test', 'pending-test'],
    ['confirm-warrant', 'request-warrant'],
    ['reject-warrant', 'request-warrant'],
    ['child-keep-approve', 'child-keep'],
  ] as const;

  it('holds each decision that follows a step only for these pairs', () => {
    expect(
      Object.entries(matchingFourEyes).flatMap(([decision, follows]) =>
        (follows ?? []).map((step) => [decision, step]),
      ),
    ).toEqual(held);
  });

  it.each(held)('holds %s against the user who took %s, naming that step', (decision, step) => {
    expect(fourEyesStep(decision, { action: step, userId: 7 }, asker, true)).toBe(step);
  });

  it.each(held)('lets another user take %s after %s', (decision, step) => {
    expect(fourEyesStep(decision, { action: step, userId: 8 }, asker, true)).toBeNull();
  });

  it.each(held)('lets a super user take %s after their own %s', (decision, step) => {
    expect(fourEyesStep(decision, { action: step, userId: 7 }, { id: 7, isSuper: true }, true)).toBeNull();
  });

  it.each(held)('lets the same user take %s after %s when the setting is off', (decision, step) => {
    expect(fourEyesStep(decision, { action: step, userId: 7 }, asker, false)).toBeNull();
  });

  it.each(steps)('never holds %s, which is not a decision', (action) => {
    for (const previous of actions)
      expect(fourEyesStep(action, { action: previous, userId: 7 }, asker, true), previous).toBeNull();
  });

  it('does not hold a decision that follows a decision or the proposal', () => {
    expect(fourEyesStep('confirm-adoption', { action: 'propose', userId: 7 }, asker, true)).toBeNull();
    expect(fourEyesStep('test-adoption', { action: 'confirm-adoption', userId: 7 }, asker, true)).toBeNull();
    expect(fourEyesStep('skip-adoption', { action: 'confirm-adoption', userId: 7 }, asker, true)).toBeNull();
    expect(fourEyesStep('un-confirm-test', { action: 'confirm-test', userId: 7 }, asker, true)).toBeNull();
    expect(fourEyesStep('confirm-test', { action: 'test-adoption', userId: 7 }, asker, true)).toBeNull();
    // A warrant asked again by someone else after this user's first request: the last request counts.
    expect(fourEyesStep('confirm-warrant', { action: 'request-warrant', userId: 8 }, asker, true)).toBeNull();
  });

  it('holds nothing without a last step, or for a step taken by no user (the system)', () => {
    expect(fourEyesStep('confirm-adoption', null, asker, true)).toBeNull();
    expect(fourEyesStep('confirm-adoption', undefined, asker, true)).toBeNull();
    expect(
      fourEyesStep('confirm-adoption', { action: 'pending-adoption', userId: null }, asker, true),
    ).toBeNull();
  });
});
