import { describe, expect, it } from 'vitest';
import { reportMonths, reportPeriod, ZReportQuery } from './reportQuery';

describe('report query', () => {
  it('defaults to the 12 months up to today', () => {
    expect(reportPeriod({}, '2026-11-26')).toEqual({ from: '2025-11-27', to: '2026-11-26' });
    expect(reportPeriod({ to: '2026-03-01' }, '2026-11-26')).toEqual({
      from: '2025-03-02',
      to: '2026-03-01',
    });
    expect(reportPeriod({ from: '2026-01-01' }, '2026-11-26')).toEqual({
      from: '2026-01-01',
      to: '2026-11-26',
    });
  });

  it('names 12 months, the last being the end of the period', () => {
    expect(reportMonths('2026-02-28')).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
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
