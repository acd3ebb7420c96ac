import { describe, expect, it } from 'vitest';
import {
  matchingActionEvent,
  matchingAskingSteps,
  matchingStatuses,
  matchingWorkflow,
  matchingWorkflowActions,
  type TMatchingStatus,
} from '@/domain/workflows/matching.workflow';
import { allowedWorkflowActions, decideWorkflowEvent } from '@/domain/workflows/workflow';
import { allLeafStateIds, allTransitionKeys, machineCoverage } from './machineCoverage';
import {
  matchingEventTypes,
  matchingMachine,
  type TMatchingContext,
  type TMatchingEvent,
  type TMatchingEventType,
} from './matching.machine';

/** DESIGN.md section 4 'Matching', written out by hand: the machine must agree with it, not with itself. */
const expectedTransitions: Record<TMatchingStatus, Partial<Record<TMatchingEventType, TMatchingStatus>>> = {
  proposed: {
    PENDING_ADOPTION: 'adoptionPending',
    CONFIRM_ADOPTION: 'adoptionConfirmed',
    REJECT_ADOPTION: 'rejected',
  },
  adoptionPending: { CONFIRM_ADOPTION: 'adoptionConfirmed', REJECT_ADOPTION: 'rejected' },
  adoptionConfirmed: { TEST_ADOPTION: 'testing', SKIP_ADOPTION: 'warrantPending' },
  testing: {
    PENDING_TEST: 'testPending',
    CONFIRM_TEST: 'testConfirmed',
    REJECT_TEST: 'rejected',
    SKIP_TEST: 'warrantPending',
  },
  testPending: { CONFIRM_TEST: 'testConfirmed', REJECT_TEST: 'rejected', SKIP_TEST: 'warrantPending' },
  testConfirmed: { UNCONFIRM_TEST: 'testing', PENDING_WARRANT: 'warrantPending' },
  warrantPending: { REQUEST_WARRANT: 'warrantRequested' },
  warrantRequested: {
    CONFIRM_WARRANT: 'warranted',
    REJECT_WARRANT: 'rejected',
    PENDING_WARRANT: 'warrantPending',
  },
  warranted: { CHILD_KEEP: 'keepRequested' },
  keepRequested: { CHILD_KEEP_APPROVE: 'completed' },
  completed: {},
  rejected: {},
};

const today = '2026-03-15';
/** Facts of a matching whose last step was on 1 March. */
const facts: TMatchingContext = { lastStepDate: '2026-03-01', today };

const validEvent = (type: TMatchingEventType): TMatchingEvent => {
  const action = Object.entries(matchingWorkflowActions).find(([, entry]) => entry.event === type)?.[0];
  if (!action) throw new Error(`no action sends ${type}`);
  return matchingActionEvent(
    action as keyof typeof matchingWorkflowActions,
    {
      date: '2026-03-10',
      reason: 'ផ្ទះមិនទាន់រួចរាល់ / the home is not ready',
      reference: 'REF-12',
      number: 'W-0042',
    },
    today,
  );
};

const coverage = machineCoverage();
/** A live actor restored at `status` with the facts, sent one event: where it lands. */
const send = (status: TMatchingStatus, event: TMatchingEvent, context: TMatchingContext = facts) =>
  String(coverage.sendFrom(matchingMachine, status, context, event).value);

describe('matchingMachine', () => {
  it('has exactly the statuses of a matching, starting proposed, and knows exactly its 16 events', () => {
    expect(Object.keys(matchingMachine.root.states).sort()).toEqual([...matchingStatuses].sort());
    expect(matchingMachine.config.initial).toBe('proposed');
    const machineEvents = new Set(
      Object.values(matchingMachine.root.states).flatMap((node) => [...node.transitions.keys()]),
    );
    expect([...machineEvents].sort()).toEqual([...matchingEventTypes].sort());
    expect(Object.keys(matchingWorkflowActions)).toHaveLength(16);
  });

  it.each(matchingStatuses)('from %s: goes where the design says, and refuses the rest', (status) => {
    for (const type of matchingEventTypes) {
      const target = expectedTransitions[status][type];
      expect(send(status, validEvent(type)), `${status} --${type}`).toBe(target ?? status);
    }
  });

  it('walked every status and every transition', () => {
    for (const status of matchingStatuses) coverage.noteState(`matching.${status}`);
    expect(coverage.states()).toEqual(allLeafStateIds(matchingMachine).sort());
    expect(coverage.transitions()).toEqual(allTransitionKeys(matchingMachine).sort());
  });

  it('refuses a step dated in the future or before the last one, a rejection without a reason, a warrant without its number', () => {
    const decide = (status: TMatchingStatus, event: TMatchingEvent) =>
      decideWorkflowEvent(matchingWorkflow, status, event, facts);
    expect(decide('proposed', { type: 'CONFIRM_ADOPTION', date: '2026-03-16', today })).toEqual({
      ok: false,
      reason: 'invalidPayload',
    });
    expect(decide('proposed', { type: 'CONFIRM_ADOPTION', date: '2026-02-28', today })).toEqual({
      ok: false,
      reason: 'invalidPayload',
    });
    expect(decide('proposed', { type: 'CONFIRM_ADOPTION', date: '2026-03-01', today }).ok).toBe(true);
    expect(decide('testing', { type: 'REJECT_TEST', date: today, today, reason: '  ' })).toEqual({
      ok: false,
      reason: 'invalidPayload',
    });
    expect(decide('warrantRequested', { type: 'CONFIRM_WARRANT', date: today, today, number: '' })).toEqual({
      ok: false,
      reason: 'invalidPayload',
    });
    expect(decide('warrantPending', { type: 'REQUEST_WARRANT', date: today, today, reference: ' ' })).toEqual(
      {
        ok: false,
        reason: 'invalidPayload',
      },
    );
  });

  it('offers the actions of each status, asked with the event type alone', () => {
    expect(allowedWorkflowActions(matchingWorkflow, 'proposed', facts)).toEqual([
      'pending-adoption',
      'confirm-adoption',
      'reject-adoption',
    ]);
    expect(allowedWorkflowActions(matchingWorkflow, 'warrantRequested', facts)).toEqual([
      'pending-warrant',
      'confirm-warrant',
      'reject-warrant',
    ]);
    for (const status of ['completed', 'rejected', 'unknown'])
      expect(allowedWorkflowActions(matchingWorkflow, status, facts)).toEqual([]);
  });

  it('splits decisions (matchings:approve) from the steps that ask for them (matchings:update), four-eyes between them', () => {
    const decisions = Object.entries(matchingWorkflowActions)
      .filter(([, entry]) => entry.permission === 'matchings:approve')
      .map(([name]) => name)
      .sort();
    expect(decisions).toEqual(
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
    // Four-eyes holds decisions against the proposal and the steps a caseworker takes.
    for (const stepName of matchingAskingSteps.filter((name) => name !== 'propose'))
      expect(matchingWorkflowActions[stepName as keyof typeof matchingWorkflowActions].permission).toBe(
        'matchings:update',
      );
  });
});
