import { describe, expect, it } from 'vitest';
import { formatDate, formatInstantDate } from './dateFormat';

describe('formatDate', () => {
  it('reverses the dash-separated parts of the date before T', () => {
    expect(formatDate('2026-11-21T08:30:00.000Z')).toBe('21-11-2026');
    expect(formatDate('2026-01-05')).toBe('05-01-2026');
  });
  it('shows nothing for an absent value', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
  });
  it('accepts a Date', () => {
    expect(formatDate(new Date('2020-02-29T12:00:00Z'))).toBe('29-02-2020');
  });
});

describe('formatInstantDate', () => {
  it("gives an instant's day in Phnom Penh (UTC+7), not in UTC", () => {
    expect(formatInstantDate('2026-11-21T20:30:00.000Z')).toBe('22-11-2026');
    expect(formatInstantDate('2026-11-21T16:59:59.000Z')).toBe('21-11-2026');
    expect(formatInstantDate(new Date('2026-12-31T17:00:00Z'))).toBe('01-01-2027');
  });
  it('shows nothing for an absent value and the text itself for one it cannot read', () => {
    expect(formatInstantDate(null)).toBe('');
    expect(formatInstantDate('soon')).toBe('soon');
  });
});
