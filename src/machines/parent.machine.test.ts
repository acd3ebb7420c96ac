import { describe, expect, it } from 'vitest';
import {
  parentActionEvent,
  parentFourEyesStep,
  parentStatuses,
  parentWorkflow,
  type TParentStatus,
} from '@/domain/workflows/parent.workflow';
import { allowedWorkflowActions, decideWorkflowEvent } from '@/domain/workflows/workflow';
import { allLeafStateIds, allTransitionKeys, machineCoverage } from './machineCoverage';
import {
  parentEventTypes,
  parentMachine,
  type TParentContext,
  type TParentEvent,
  type TParentEventType,
} from './parent.machine';

/** DESIGN.md section 4, written out by hand: the machine must agree with it, not with itself. */
const expectedTransitions: Record<TParentStatus, Partial<Record<TParentEventType, TParentStatus>>> = {
  pending: { ACCEPT: 'accepted', REQUEST_ACCEPTANCE: 'acceptanceRequested', REJECT: 'rejected' },
  // Issue 35: an acceptance another approver decides.
  acceptanceRequested: { APPROVE_ACCEPTANCE: 'accepted', RETURN_ACCEPTANCE: 'pending' },
  accepted: { UNACCEPT: 'pending', REJECT: 'rejected', MATCHED: 'matched' },
  matched: { MATCHING_COMPLETED: 'adopted', MATCHING_REJECTED: 'accepted' },
  adopted: {},
  rejected: {},
};

const today = '2026-03-15';
/** Facts of an application filed on 1 March, approved until next year. */
const facts: TParentContext = { lastStepDate: '2026-03-01', approvedUntil: '2027-03-01', today };

const validEvent = (type: TParentEventType): TParentEvent => {
  switch (type) {
    case 'ACCEPT':
    case 'APPROVE_ACCEPTANCE':
      return { type, date: today, today, approvedUntil: '2027-03-15' };
    case 'REQUEST_ACCEPTANCE':
      return { type, justification: 'ការសិក្សាផ្ទះបានកំណត់ពេល / the home study is booked' };
    case 'RETURN_ACCEPTANCE':
      return { type, reason: 'Ask the committee first' };
    case 'UNACCEPT':
      return { type, reason: 'ផ្ទះត្រូវពិនិត្យម្ដងទៀត / the home study is to be redone' };
    case 'REJECT':
      return { type, date: '2026-03-02', today, reason: 'not eligible' };
    default:
      return { type };
  }
};

const coverage = machineCoverage();
/** A live actor restored at `status` with the facts, sent one event: where it lands. */
const send = (status: TParentStatus, event: TParentEvent, context: TParentContext = facts) =>
  String(coverage.sendFrom(parentMachine, status, context, event).value);

describe('parentMachine', () => {
  it('has exactly the statuses of the application, starting pending, and knows exactly its events', () => {
    expect(Object.keys(parentMachine.root.states).sort()).toEqual([...parentStatuses].sort());
    expect(parentMachine.config.initial).toBe('pending');
    const machineEvents = new Set(
      Object.values(parentMachine.root.states).flatMap((node) => [...node.transitions.keys()]),
    );
    expect([...machineEvents].sort()).toEqual([...parentEventTypes].sort());
  });

  it.each(parentStatuses)('from %s: goes where the design says, and refuses the rest', (status) => {
    for (const type of parentEventTypes) {
      const target = expectedTransitions[status][type];
      const landed = send(status, validEvent(type));
      expect(landed, `${status} --${type}`).toBe(target ?? status);
    }
  });

  it('walked every status and every transition', () => {
    for (const status of parentStatuses) coverage.noteState(`parent.${status}`);
    expect(coverage.states()).toEqual(allLeafStateIds(parentMachine).sort());
    expect(coverage.transitions()).toEqual(allTransitionKeys(parentMachine).sort());
  });

  it('does not match an application whose approval has expired, until it is renewed', () => {
    const expired = { ...facts, approvedUntil: '2026-03-14' };
    expect(decideWorkflowEvent(parentWorkflow, 'accepted', { type: 'MATCHED' }, expired)).toEqual({
      ok: false,
      reason: 'notAllowed',
    });
    // The last day of the approval still holds.
    expect(
      decideWorkflowEvent(parentWorkflow, 'accepted', { type: 'MATCHED' }, { ...facts, approvedUntil: today })
        .ok,
    ).toBe(true);
    // Renewed: un-accepted, then accepted again with a new end.
    expect(decideWorkflowEvent(parentWorkflow, 'accepted', validEvent('UNACCEPT'), expired)).toEqual({
      ok: true,
      status: 'pending',
    });
  });

  it('refuses a decision dated in the future, before the last step, or an approval ending before it', () => {
    const accept = (over: Partial<Extract<TParentEvent, { type: 'ACCEPT' }>>) =>
      decideWorkflowEvent(parentWorkflow, 'pending', { ...validEvent('ACCEPT'), ...over }, facts);
    expect(accept({ date: '2026-03-16' })).toEqual({ ok: false, reason: 'invalidPayload' });
    expect(accept({ date: '2026-02-28' })).toEqual({ ok: false, reason: 'invalidPayload' });
    expect(accept({ approvedUntil: today })).toEqual({ ok: false, reason: 'invalidPayload' });
    expect(accept({ approvedUntil: '2027-02-30' })).toEqual({ ok: false, reason: 'invalidPayload' });
    expect(accept({ date: '2026-03-01' }).ok).toBe(true);
    // Without an end, the server's default applies: the machine accepts.
    const { approvedUntil: _end, ...withoutEnd } = validEvent('ACCEPT') as Extract<
      TParentEvent,
      { type: 'ACCEPT' }
    >;
    expect(decideWorkflowEvent(parentWorkflow, 'pending', withoutEnd, facts).ok).toBe(true);
    for (const reason of ['', '  ']) {
      expect(
        decideWorkflowEvent(
          parentWorkflow,
          'pending',
          { ...validEvent('REJECT'), reason } as TParentEvent,
          facts,
        ),
      ).toEqual({
        ok: false,
        reason: 'invalidPayload',
      });
    }
  });

  it('refuses a request without a justification, and a return without a reason', () => {
    for (const blank of ['', '  \n ']) {
      expect(
        decideWorkflowEvent(
          parentWorkflow,
          'pending',
          { type: 'REQUEST_ACCEPTANCE', justification: blank } as TParentEvent,
          facts,
        ),
      ).toEqual({ ok: false, reason: 'invalidPayload' });
      expect(
        decideWorkflowEvent(
          parentWorkflow,
          'acceptanceRequested',
          { type: 'RETURN_ACCEPTANCE', reason: blank } as TParentEvent,
          facts,
        ),
      ).toEqual({ ok: false, reason: 'invalidPayload' });
    }
    // An approval is dated as an acceptance: not in the future, not before the last step.
    expect(
      decideWorkflowEvent(
        parentWorkflow,
        'acceptanceRequested',
        { ...validEvent('APPROVE_ACCEPTANCE'), date: '2026-03-16' } as TParentEvent,
        facts,
      ),
    ).toEqual({ ok: false, reason: 'invalidPayload' });
  });

  it('holds a request’s decisions against the one who asked, never a step that is not a decision', () => {
    expect(parentFourEyesStep('approve-acceptance', 7, 7)).toBe('request-acceptance');
    expect(parentFourEyesStep('return-acceptance', 7, 7)).toBe('request-acceptance');
    expect(parentFourEyesStep('approve-acceptance', 7, 8)).toBeNull();
    expect(parentFourEyesStep('approve-acceptance', null, 7)).toBeNull();
    expect(parentFourEyesStep('accept-parents-adoption', 7, 7)).toBeNull();
    expect(parentFourEyesStep('request-acceptance', 7, 7)).toBeNull();
  });

  it('offers the actions the status and the facts allow, asked with the event type alone', () => {
    expect(allowedWorkflowActions(parentWorkflow, 'pending', facts)).toEqual([
      'accept-parents-adoption',
      'request-acceptance',
      'reject-adoption',
    ]);
    expect(allowedWorkflowActions(parentWorkflow, 'acceptanceRequested', facts)).toEqual([
      'approve-acceptance',
      'return-acceptance',
    ]);
    expect(allowedWorkflowActions(parentWorkflow, 'accepted', facts)).toEqual([
      'un-accept-parents-adoption',
      'reject-adoption',
    ]);
    for (const status of ['matched', 'adopted', 'rejected', 'unknown']) {
      expect(allowedWorkflowActions(parentWorkflow, status, facts)).toEqual([]);
    }
  });

  it('turns each action’s body into the event the machine judges', () => {
    expect(parentActionEvent('accept-parents-adoption', { date: '2026-03-10' }, today)).toEqual({
      type: 'ACCEPT',
      date: '2026-03-10',
      today,
    });
    expect(parentActionEvent('request-acceptance', { justification: 'why' }, today)).toEqual({
      type: 'REQUEST_ACCEPTANCE',
      justification: 'why',
    });
    expect(parentActionEvent('approve-acceptance', { date: '2026-03-10' }, today)).toEqual({
      type: 'APPROVE_ACCEPTANCE',
      date: '2026-03-10',
      today,
    });
    expect(parentActionEvent('return-acceptance', { reason: 'why' }, today)).toEqual({
      type: 'RETURN_ACCEPTANCE',
      reason: 'why',
    });
    expect(parentActionEvent('un-accept-parents-adoption', { reason: 'why' }, today)).toEqual({
      type: 'UNACCEPT',
      reason: 'why',
    });
    expect(parentActionEvent('reject-adoption', { date: '2026-03-10', reason: 'why' }, today)).toEqual({
      type: 'REJECT',
      date: '2026-03-10',
      reason: 'why',
      today,
    });
  });
});
