import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  matchingStageOf,
  stagePeriods,
  stageTiming,
  type TStageHistoryEntry,
} from './matchingStage';
import { fourEyesStep } from './workflows/matching.workflow';

const expected = { proposal: 30, trial: 90, warrant: 60, keeping: 30 };

describe('time in stage', () => {
  it('knows each status by its stage; completed and rejected have none', () => {
    expect(matchingStageOf('adoptionPending')).toBe('proposal');
    expect(matchingStageOf('testConfirmed')).toBe('trial');
    expect(matchingStageOf('warrantRequested')).toBe('warrant');
    expect(matchingStageOf('keepRequested')).toBe('keeping');
    expect(matchingStageOf('completed')).toBeNull();
    expect(stageTiming('rejected', '2026-01-01', '2026-11-24', expected)).toBeNull();
  });

  it('is overdue past the expected days, not on the last expected day', () => {
    expect(daysBetween('2026-10-01', '2026-10-31')).toBe(30);
    expect(stageTiming('proposed', '2026-10-01', '2026-10-31', expected)).toEqual({
      stage: 'proposal',
      days: 30,
      expected: 30,
      overdue: false,
    });
    expect(stageTiming('proposed', '2026-10-01', '2026-11-01', expected)?.overdue).toBe(true);
    expect(stageTiming('testing', '2026-10-01', '2026-11-01', expected)?.overdue).toBe(false);
  });
});

const entry = (
  action: string,
  fromStatus: string,
  toStatus: string,
  at: string,
  userName: string,
  date?: string,
): TStageHistoryEntry => ({
  action,
  fromStatus,
  toStatus,
  at: `${at}T02:00:00.000Z`,
  userId: userName === 'Supervisor' ? 2 : 1,
  userName,
  payload: date ? { date } : {},
});

describe('stage periods from the status history', () => {
  it('gives each stage its days, steps and who ended it; a step back inside the trial stays in it', () => {
    const history = [
      entry('propose', '', 'proposed', '2026-06-01', 'Caseworker', '2026-06-01'),
      entry('pending-adoption', 'proposed', 'adoptionPending', '2026-06-03', 'Caseworker'),
      entry(
        'confirm-adoption',
        'adoptionPending',
        'adoptionConfirmed',
        '2026-06-10',
        'Supervisor',
        '2026-06-09',
      ),
      entry('test-adoption', 'adoptionConfirmed', 'testing', '2026-06-15', 'Supervisor', '2026-06-15'),
      entry('confirm-test', 'testing', 'testConfirmed', '2026-08-01', 'Supervisor', '2026-08-01'),
      entry('un-confirm-test', 'testConfirmed', 'testing', '2026-08-02', 'Supervisor'),
      entry('reject-test', 'testing', 'rejected', '2026-10-20', 'Supervisor', '2026-10-20'),
    ];
    const periods = stagePeriods(history, '2026-11-24', expected);
    expect(periods.map((period) => period.stage)).toEqual(['proposal', 'trial']);
    const [proposal, trial] = periods;
    expect(proposal).toMatchObject({
      enteredOn: '2026-06-01',
      leftOn: '2026-06-15',
      days: 14,
      overdue: false,
      endedBy: { action: 'test-adoption', userName: 'Supervisor' },
    });
    // The step's own date wins over the day it was written down.
    expect(proposal.steps.map((step) => [step.action, step.day])).toEqual([
      ['propose', '2026-06-01'],
      ['pending-adoption', '2026-06-03'],
      ['confirm-adoption', '2026-06-09'],
    ]);
    expect(trial).toMatchObject({
      enteredOn: '2026-06-15',
      leftOn: '2026-10-20',
      days: 127,
      overdue: true,
      endedBy: { action: 'reject-test', status: 'rejected' },
    });
    expect(trial.steps.map((step) => step.action)).toEqual([
      'test-adoption',
      'confirm-test',
      'un-confirm-test',
    ]);
  });

  it('counts the current stage up to today', () => {
    const periods = stagePeriods(
      [entry('propose', '', 'proposed', '2026-11-01', 'Caseworker', '2026-11-01')],
      '2026-11-24',
      expected,
    );
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({
      stage: 'proposal',
      leftOn: null,
      days: 23,
      overdue: false,
      endedBy: null,
    });
  });
});

describe('four-eyes', () => {
  const asker = { id: 7, isSuper: false };
  it('holds a decision against the user who took the step before it', () => {
    expect(fourEyesStep('confirm-adoption', { action: 'pending-adoption', userId: 7 }, asker, true)).toBe(
      'pending-adoption',
    );
    expect(fourEyesStep('confirm-warrant', { action: 'request-warrant', userId: 7 }, asker, true)).toBe(
      'request-warrant',
    );
    expect(fourEyesStep('child-keep-approve', { action: 'child-keep', userId: 7 }, asker, true)).toBe(
      'child-keep',
    );
  });
  it('lets another user, a super user, anyone when the setting is off, and any step through', () => {
    expect(
      fourEyesStep('confirm-adoption', { action: 'pending-adoption', userId: 8 }, asker, true),
    ).toBeNull();
    expect(
      fourEyesStep(
        'confirm-adoption',
        { action: 'pending-adoption', userId: 7 },
        { id: 7, isSuper: true },
        true,
      ),
    ).toBeNull();
    expect(
      fourEyesStep('confirm-adoption', { action: 'pending-adoption', userId: 7 }, asker, false),
    ).toBeNull();
    expect(fourEyesStep('pending-test', { action: 'test-adoption', userId: 7 }, asker, true)).toBeNull();
    // A decision after a decision (confirm-adoption straight from proposed) is not held.
    expect(fourEyesStep('confirm-adoption', { action: 'propose', userId: 7 }, asker, true)).toBeNull();
  });
});
