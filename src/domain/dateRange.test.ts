import { describe, expect, it } from 'vitest';
import { dateRangeValue, parseDateRange } from './dateRange';

describe('a span of days in a list address', () => {
  it('reads back the days it wrote', () => {
    expect(parseDateRange(dateRangeValue('2025-11-27', '2026-11-26'))).toEqual({
      from: '2025-11-27',
      to: '2026-11-26',
    });
    expect(parseDateRange('2026-01-01..2026-01-01')).toEqual({ from: '2026-01-01', to: '2026-01-01' });
  });

  it('refuses impossible days, a reversed span and other shapes', () => {
    for (const bad of ['2026-02-30..2026-03-01', '2026-03-02..2026-03-01', '2026-01-01', '2026-01-01..', 'x'])
      expect(parseDateRange(bad), bad).toBeNull();
  });
});
