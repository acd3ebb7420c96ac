import { describe, expect, it } from 'vitest';
import { isReportPeriodInRange, reportMonths, reportPeriod, ZReportQuery } from './reportQuery';

describe('report query', () => {
  it('defaults to the 12 months up to today, the first of them whole', () => {
    expect(reportPeriod({}, '2026-11-26')).toEqual({ from: '2025-12-01', to: '2026-11-26' });
    expect(reportPeriod({ to: '2026-03-01' }, '2026-11-26')).toEqual({
      from: '2025-04-01',
      to: '2026-03-01',
    });
    expect(reportPeriod({ from: '2026-01-01' }, '2026-11-26')).toEqual({
      from: '2026-01-01',
      to: '2026-11-26',
    });
  });

  it("names each month the period touches, cut to the period's days (issue 35)", () => {
    // Parents, 01-01-2026 to 28-11-2026: January to November, not from December 2025.
    const months = reportMonths({ from: '2026-01-01', to: '2026-11-28' });
    expect(months.map((one) => one.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(months[1]).toEqual({ month: '2026-02', from: '2026-02-01', to: '2026-02-28' });
    expect(months.at(-1)).toEqual({ month: '2026-11', from: '2026-11-01', to: '2026-11-28' });
    expect(reportMonths({ from: '2025-11-29', to: '2025-12-03' })).toEqual([
      { month: '2025-11', from: '2025-11-29', to: '2025-11-30' },
      { month: '2025-12', from: '2025-12-01', to: '2025-12-03' },
    ]);
    expect(reportMonths({ from: '2026-05-10', to: '2026-05-10' })).toEqual([
      { month: '2026-05', from: '2026-05-10', to: '2026-05-10' },
    ]);
    // The default period: 12 months.
    expect(reportMonths(reportPeriod({}, '2026-11-26'))).toHaveLength(12);
  });

  it('keeps a period within the days a report may be asked about', () => {
    expect(isReportPeriodInRange({ from: '2026-01-01', to: '2026-11-28' })).toBe(true);
    expect(isReportPeriodInRange({ from: '2026-01-01', to: '9999-12-31' })).toBe(false);
    expect(isReportPeriodInRange({ from: '0001-01-01', to: '2026-01-01' })).toBe(false);
  });

  it('accepts the filters of the issue and refuses others', () => {
    expect(
      ZReportQuery.parse({ provinceId: '3', ageBand: '6-11', disability: 'false', sex: 'male' }),
    ).toEqual({
      provinceId: 3,
      ageBand: '6-11',
      disability: 'false',
      sex: 'male',
    });
    for (const bad of [
      { from: '2026-02-30' },
      { ageBand: '18-20' },
      { disability: 'yes' },
      { provinceId: '0' },
    ])
      expect(ZReportQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
