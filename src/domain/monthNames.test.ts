import { km } from 'react-day-picker/locale/km';
import { describe, expect, it } from 'vitest';
import { monthLabel, monthNames } from './monthNames';

describe('month names', () => {
  it("the Khmer ones are the date field's calendar's", () => {
    expect(monthNames.kh).toEqual(
      Array.from({ length: 12 }, (_, index) => km.localize.month(index as 0, { width: 'wide' })),
    );
  });

  it('a month of a report in either language, whatever the browser knows of Khmer', () => {
    expect(monthLabel('2025-11', 'kh')).toBe('វិច្ឆិកា 2025');
    expect(monthLabel('2026-01', 'kh')).toBe('មករា 2026');
    expect(monthLabel('2025-11', 'en')).toBe('Nov 2025');
    expect(monthLabel('2025-12', 'en')).toBe('Dec 2025');
  });
});
