import { describe, expect, it } from 'vitest';
import { wholeMonths } from './reportSummaries';

describe("a period's whole months (read by month, the other days by day)", () => {
  it('finds the whole months inside the period, or none', () => {
    expect(wholeMonths({ from: '2025-11-27', to: '2026-11-26' })).toEqual({
      firstWhole: '2025-12-01',
      afterWhole: '2026-11-01',
    });
    expect(wholeMonths({ from: '2026-01-01', to: '2026-12-31' })).toEqual({
      firstWhole: '2026-01-01',
      afterWhole: '2027-01-01',
    });
    expect(wholeMonths({ from: '2026-02-01', to: '2026-02-28' })).toEqual({
      firstWhole: '2026-02-01',
      afterWhole: '2026-03-01',
    });
    expect(wholeMonths({ from: '2026-01-05', to: '2026-01-20' })).toEqual({
      firstWhole: '2026-01-21',
      afterWhole: '2026-01-21',
    });
  });
});
