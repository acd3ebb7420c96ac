import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  matchingStageOf,
  stagePeriods,
  stageTiming,
  type TStageHistoryEntry,
} from './matchingStage';

const expected = { proposal: 30, trial: 90, warrant: 60, keeping: 30 };

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('time in stage', () => {
  it('knows each status by its stage; completed and rejected have none', () => {
    expect(matchingStageOf('adoptionPending')).toBe('proposal');
    expect(matchingStageOf('testConfirmed')).toBe('trial');
    expect(matchingStageOf('warrantRequested')).toBe('warrant');
    expect(matchingStageOf('keepRequested')).toBe('keeping');
    expect(matchingStageOf('completed')).toBeNull();
    expect(matchingStageOf('rejected')).toBeNull();
  });

  it('has no time in stage once the matching is finished, or before its stage was entered', () => {
    expect(stageTiming('rejected', '2026-01-01', '2026-11-24', expected)).toBeNull();
    expect(stageTiming('completed', '2026-01-01', '2026-11-24', expected)).toBeNull();
    expect(stageTiming('proposed', null, '2026-11-24', expected)).toBeNull();
  });

  // Each stage against its own expected days: on the last expected day it is not overdue, the day after it is.
  it.each([
    ['proposed', 'proposal', 30],
    ['adoptionConfirmed', 'proposal', 30],
    ['testing', 'trial', 90],
    ['testConfirmed', 'trial', 90],
    ['warrantPending', 'warrant', 60],
    ['warranted', 'warrant', 60],
    ['keepRequested', 'keeping', 30],
  ] as const)('%s (%s) is overdue only past %i days', (status, stage, days) => {
    const entered = '2026-03-01';
    const onTheDay = addDays(entered, days);
    expect(daysBetween(entered, onTheDay)).toBe(days);
    expect(stageTiming(status, entered, onTheDay, expected)).toEqual({
      stage,
      days,
      expected: days,
      overdue: false,
    });
    expect(stageTiming(status, entered, addDays(entered, days + 1), expected)).toEqual({
      stage,
      days: days + 1,
      expected: days,
      overdue: true,
    });
  });

  it('reads the expected days from the settings given', () => {
    const shorter = { ...expected, warrant: 5 };
    expect(stageTiming('warrantRequested', '2026-10-01', '2026-10-07', shorter)?.overdue).toBe(true);
    expect(stageTiming('warrantRequested', '2026-10-01', '2026-10-07', expected)?.overdue).toBe(false);
  });

  it('counts a stage entered today (or on a later day) as zero days', () => {
    expect(stageTiming('testing', '2026-10-01', '2026-10-01', expected)?.days).toBe(0);
    expect(stageTiming('testing', '2026-10-02', '2026-10-01', expected)?.days).toBe(0);
  });

  it('counts days across a month and a leap day', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
    expect(daysBetween('2026-10-31', '2026-10-01')).toBe(-30);
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

  it('walks a straight path to completion: four stages, each ended by the step that left it and who took it', () => {
    const history = [
      entry('propose', '', 'proposed', '2026-01-05', 'Caseworker', '2026-01-05'),
      entry('pending-adoption', 'proposed', 'adoptionPending', '2026-01-06', 'Caseworker'),
      entry(
        'confirm-adoption',
        'adoptionPending',
        'adoptionConfirmed',
        '2026-01-20',
        'Supervisor',
        '2026-01-20',
      ),
      entry('test-adoption', 'adoptionConfirmed', 'testing', '2026-02-01', 'Supervisor', '2026-02-01'),
      entry('pending-test', 'testing', 'testPending', '2026-04-25', 'Caseworker'),
      entry('confirm-test', 'testPending', 'testConfirmed', '2026-05-02', 'Supervisor', '2026-05-02'),
      entry('pending-warrant', 'testConfirmed', 'warrantPending', '2026-05-04', 'Caseworker'),
      entry(
        'request-warrant',
        'warrantPending',
        'warrantRequested',
        '2026-05-10',
        'Caseworker',
        '2026-05-10',
      ),
      entry('confirm-warrant', 'warrantRequested', 'warranted', '2026-06-01', 'Supervisor', '2026-06-01'),
      entry('child-keep', 'warranted', 'keepRequested', '2026-06-10', 'Caseworker', '2026-06-10'),
      entry('child-keep-approve', 'keepRequested', 'completed', '2026-08-01', 'Supervisor', '2026-07-30'),
    ];
    const periods = stagePeriods(history, '2026-11-24', expected);
    expect(
      periods.map(({ stage, enteredOn, leftOn, days, overdue, endedBy }) => ({
        stage,
        enteredOn,
        leftOn,
        days,
        overdue,
        endedBy,
      })),
    ).toEqual([
      {
        stage: 'proposal',
        enteredOn: '2026-01-05',
        leftOn: '2026-02-01',
        days: 27,
        overdue: false,
        endedBy: { action: 'test-adoption', userName: 'Supervisor', status: 'testing' },
      },
      {
        stage: 'trial',
        enteredOn: '2026-02-01',
        leftOn: '2026-05-04',
        days: 92,
        overdue: true,
        endedBy: { action: 'pending-warrant', userName: 'Caseworker', status: 'warrantPending' },
      },
      {
        stage: 'warrant',
        enteredOn: '2026-05-04',
        leftOn: '2026-06-10',
        days: 37,
        overdue: false,
        endedBy: { action: 'child-keep', userName: 'Caseworker', status: 'keepRequested' },
      },
      {
        // Ended on the approval's own date, not on the day it was written down; by the supervisor.
        stage: 'keeping',
        enteredOn: '2026-06-10',
        leftOn: '2026-07-30',
        days: 50,
        overdue: true,
        endedBy: { action: 'child-keep-approve', userName: 'Supervisor', status: 'completed' },
      },
    ]);
    // A finished matching has no current stage: nothing is counted up to today.
    expect(periods.every((period) => period.leftOn !== null)).toBe(true);
    expect(periods[2].steps).toEqual([
      { action: 'pending-warrant', day: '2026-05-04', userName: 'Caseworker' },
      { action: 'request-warrant', day: '2026-05-10', userName: 'Caseworker' },
      { action: 'confirm-warrant', day: '2026-06-01', userName: 'Supervisor' },
    ]);
  });

  it('skips the trial: the proposal ends on the day of the skip, and the warrant stage starts then', () => {
    const history = [
      entry('propose', '', 'proposed', '2026-09-01', 'Caseworker', '2026-09-01'),
      entry('confirm-adoption', 'proposed', 'adoptionConfirmed', '2026-09-10', 'Supervisor', '2026-09-08'),
      entry('skip-adoption', 'adoptionConfirmed', 'warrantPending', '2026-09-12', 'Supervisor'),
      entry(
        'request-warrant',
        'warrantPending',
        'warrantRequested',
        '2026-09-20',
        'Caseworker',
        '2026-09-19',
      ),
    ];
    const periods = stagePeriods(history, '2026-11-24', expected);
    expect(periods.map((period) => period.stage)).toEqual(['proposal', 'warrant']);
    expect(periods[0]).toMatchObject({
      enteredOn: '2026-09-01',
      leftOn: '2026-09-12',
      days: 11,
      endedBy: { action: 'skip-adoption', userName: 'Supervisor', status: 'warrantPending' },
    });
    expect(periods[1]).toMatchObject({ enteredOn: '2026-09-12', leftOn: null, days: 73, overdue: true });
    expect(periods[1].steps.map((step) => [step.action, step.day])).toEqual([
      ['skip-adoption', '2026-09-12'],
      ['request-warrant', '2026-09-19'],
    ]);
  });

  it('ends the proposal with its rejection: the rejecter and the rejection date', () => {
    const periods = stagePeriods(
      [
        entry('propose', '', 'proposed', '2026-10-01', 'Caseworker', '2026-10-01'),
        entry('reject-adoption', 'proposed', 'rejected', '2026-10-09', 'Supervisor', '2026-10-08'),
      ],
      '2026-11-24',
      expected,
    );
    expect(periods).toEqual([
      expect.objectContaining({
        stage: 'proposal',
        leftOn: '2026-10-08',
        days: 7,
        endedBy: { action: 'reject-adoption', userName: 'Supervisor', status: 'rejected' },
      }),
    ]);
  });

  it('takes an undated step on the programme’s day (Cambodia), not on the UTC day of its instant', () => {
    // 18:30 UTC on 10 June is 01:30 on 11 June in Phnom Penh: the server enters the stage on the 11th.
    const periods = stagePeriods(
      [
        entry('propose', '', 'proposed', '2026-06-01', 'Caseworker', '2026-06-01'),
        entry('confirm-adoption', 'proposed', 'adoptionConfirmed', '2026-06-05', 'Supervisor', '2026-06-05'),
        {
          action: 'skip-adoption',
          fromStatus: 'adoptionConfirmed',
          toStatus: 'warrantPending',
          at: '2026-06-10T18:30:00.000Z',
          userId: 2,
          userName: 'Supervisor',
          payload: { reason: 'No trial needed' },
        },
      ],
      '2026-06-20',
      expected,
    );
    expect(periods.map((period) => [period.stage, period.enteredOn, period.leftOn])).toEqual([
      ['proposal', '2026-06-01', '2026-06-11'],
      ['warrant', '2026-06-11', null],
    ]);
    expect(periods[1].days).toBe(9);
  });
});
