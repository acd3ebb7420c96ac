import { describe, expect, it } from 'vitest';
import { reportStagePeriods, type TRecordReportMatching } from './recordReport';

const expected = { proposal: 30, trial: 90, warrant: 60, keeping: 30 };
const step = (
  id: number,
  action: string,
  fromStatus: string,
  toStatus: string,
  at: string,
  date?: string,
) => ({
  id,
  action,
  fromStatus,
  toStatus,
  payload: date ? { date } : {},
  user: { id: 7, name: 'Sok' },
  at,
});

describe('reportStagePeriods', () => {
  it("reads a completed matching's stages with their days, a dated step counting on its own day", () => {
    const history: TRecordReportMatching['history'] = [
      step(1, 'create', '', 'proposed', '2026-01-01T03:00:00Z'),
      step(2, 'test-adoption', 'adoptionConfirmed', 'testing', '2026-02-20T03:00:00Z', '2026-02-15'),
      step(3, 'pending-warrant', 'testConfirmed', 'warrantPending', '2026-06-01T03:00:00Z'),
      step(4, 'child-keep', 'warranted', 'keepRequested', '2026-07-01T03:00:00Z'),
      step(5, 'approve-keep', 'keepRequested', 'completed', '2026-07-11T03:00:00Z'),
    ];
    const periods = reportStagePeriods({ history }, '2026-11-26', expected);
    expect(
      periods.map((period) => [period.stage, period.enteredOn, period.leftOn, period.days, period.overdue]),
    ).toEqual([
      ['proposal', '2026-01-01', '2026-02-15', 45, true],
      ['trial', '2026-02-15', '2026-06-01', 106, true],
      ['warrant', '2026-06-01', '2026-07-01', 30, false],
      ['keeping', '2026-07-01', '2026-07-11', 10, false],
    ]);
    expect(periods[3].endedBy).toEqual({ action: 'approve-keep', userName: 'Sok', status: 'completed' });
  });

  it('counts the current stage up to today', () => {
    const periods = reportStagePeriods(
      { history: [step(1, 'create', '', 'proposed', '2026-11-16T03:00:00Z')] },
      '2026-11-26',
      expected,
    );
    expect(periods).toEqual([expect.objectContaining({ stage: 'proposal', leftOn: null, days: 10 })]);
  });
});
