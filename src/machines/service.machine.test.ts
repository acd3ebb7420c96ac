import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  hasConcern,
  serviceActionEvent,
  serviceStatuses,
  serviceWorkflow,
  type TServiceStatus,
} from '@/domain/workflows/service.workflow';
import { allowedWorkflowActions, decideWorkflowEvent } from '@/domain/workflows/workflow';
import { allLeafStateIds, allTransitionKeys, machineCoverage } from './machineCoverage';
import {
  serviceEventTypes,
  serviceMachine,
  type TServiceContext,
  type TServiceEvent,
  type TServiceEventType,
} from './service.machine';

/** DESIGN.md section 4, written out by hand: the machine must agree with it, not with itself. */
const expectedTransitions: Record<TServiceStatus, Partial<Record<TServiceEventType, TServiceStatus>>> = {
  pending: { CONFIRM: 'confirmed', REJECT: 'rejected' },
  confirmed: { BACK_TO_PENDING: 'pending' },
  rejected: { BACK_TO_PENDING: 'pending' },
};

const today = '2026-11-24';
/** A service of an adoption completed on 1 August. */
const facts: TServiceContext = { adoptedOn: '2026-08-01', today };

const validEvent = (type: TServiceEventType): TServiceEvent => {
  switch (type) {
    case 'CONFIRM':
      return {
        type,
        date: '2026-11-20',
        today,
        findings: { health: 'good', schooling: 'notAssessed', integration: 'concern' },
      };
    case 'REJECT':
      return { type, date: '2026-11-20', today, reason: 'គ្រួសារបានផ្លាស់ទៅខេត្តផ្សេង / the family moved' };
    default:
      return { type, reason: 'recorded on the wrong visit' };
  }
};

const coverage = machineCoverage();
/** A live actor restored at `status` with the facts, sent one event: where it lands. */
const send = (status: TServiceStatus, event: TServiceEvent, context: TServiceContext = facts) =>
  String(coverage.sendFrom(serviceMachine, status, context, event).value);

describe('serviceMachine', () => {
  it('has exactly the statuses of a service, starting pending, and knows exactly its events', () => {
    expect(Object.keys(serviceMachine.root.states).sort()).toEqual([...serviceStatuses].sort());
    expect(serviceMachine.config.initial).toBe('pending');
    const machineEvents = new Set(
      Object.values(serviceMachine.root.states).flatMap((node) => [...node.transitions.keys()]),
    );
    expect([...machineEvents].sort()).toEqual([...serviceEventTypes].sort());
  });

  it.each(serviceStatuses)('from %s: goes where the design says, and refuses the rest', (status) => {
    for (const type of serviceEventTypes) {
      const target = expectedTransitions[status][type];
      const landed = send(status, validEvent(type));
      expect(landed, `${status} --${type}`).toBe(target ?? status);
    }
  });

  it('reaches every status by its shortest path from pending', () => {
    const paths = getShortestPaths(serviceMachine.provide({}), {
      events: serviceEventTypes.map(validEvent),
      fromState: serviceMachine.resolveState({ value: 'pending', context: facts }),
    });
    const reached = new Set(paths.map((path) => String(path.state.value)));
    expect([...reached].sort()).toEqual([...serviceStatuses].sort());
  });

  it('walked every status and every transition', () => {
    for (const status of serviceStatuses) coverage.noteState(`service.${status}`);
    expect(coverage.states()).toEqual(allLeafStateIds(serviceMachine).sort());
    expect(coverage.transitions()).toEqual(allTransitionKeys(serviceMachine).sort());
  });

  it('refuses a service given in the future or before the adoption it follows, and a reason left blank', () => {
    const confirm = (date: string) =>
      decideWorkflowEvent(
        serviceWorkflow,
        'pending',
        { ...validEvent('CONFIRM'), date } as TServiceEvent,
        facts,
      );
    expect(confirm('2026-11-25')).toEqual({ ok: false, reason: 'invalidPayload' });
    expect(confirm('2026-07-31')).toEqual({ ok: false, reason: 'invalidPayload' });
    expect(confirm('2026-08-01')).toEqual({ ok: true, status: 'confirmed' });
    expect(confirm(today)).toEqual({ ok: true, status: 'confirmed' });
    for (const reason of ['', '   ']) {
      expect(
        decideWorkflowEvent(
          serviceWorkflow,
          'pending',
          { ...validEvent('REJECT'), reason } as TServiceEvent,
          facts,
        ),
      ).toEqual({ ok: false, reason: 'invalidPayload' });
      expect(
        decideWorkflowEvent(
          serviceWorkflow,
          'confirmed',
          { type: 'BACK_TO_PENDING', reason } as TServiceEvent,
          facts,
        ),
      ).toEqual({ ok: false, reason: 'invalidPayload' });
    }
  });

  it('offers the actions the status allows, asked with the event type alone', () => {
    expect(allowedWorkflowActions(serviceWorkflow, 'pending', facts)).toEqual([
      'confirm-service',
      'reject-service',
    ]);
    expect(allowedWorkflowActions(serviceWorkflow, 'confirmed', facts)).toEqual(['back-to-pending']);
    expect(allowedWorkflowActions(serviceWorkflow, 'rejected', facts)).toEqual(['back-to-pending']);
    expect(allowedWorkflowActions(serviceWorkflow, 'unknown', facts)).toEqual([]);
  });

  it('turns each action’s body into the event the machine judges, and tells a concern', () => {
    const findings = {
      health: 'good',
      schooling: 'good',
      integration: 'concern',
      notes: 'shy at school',
    } as const;
    expect(serviceActionEvent('confirm-service', { date: '2026-11-20', findings }, today)).toEqual({
      type: 'CONFIRM',
      date: '2026-11-20',
      today,
      findings: { health: 'good', schooling: 'good', integration: 'concern' },
    });
    expect(serviceActionEvent('reject-service', { date: '2026-11-20', reason: 'why' }, today)).toEqual({
      type: 'REJECT',
      date: '2026-11-20',
      reason: 'why',
      today,
    });
    expect(serviceActionEvent('back-to-pending', { reason: 'why' }, today)).toEqual({
      type: 'BACK_TO_PENDING',
      reason: 'why',
    });
    expect(hasConcern(findings)).toBe(true);
    expect(hasConcern({ health: 'good', schooling: 'notAssessed', integration: 'good' })).toBe(false);
    expect(hasConcern(null)).toBe(false);
  });
});
