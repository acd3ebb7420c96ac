import { describe, expect, it } from 'vitest';
import {
  displayDateOf,
  formatDate,
  formatInstantDate,
  isoOfLocalDate,
  localDateOf,
  parseDisplayDate,
} from './dateFormat';

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

describe('parseDisplayDate', () => {
  it('reads day-month-year with any of the usual separators', () => {
    expect(parseDisplayDate('14-03-2019')).toBe('2019-03-14');
    expect(parseDisplayDate('14/3/2019')).toBe('2019-03-14');
    expect(parseDisplayDate(' 4.3.2019 ')).toBe('2019-03-04');
    expect(parseDisplayDate('14 03 2019')).toBe('2019-03-14');
    expect(parseDisplayDate('14032019')).toBe('2019-03-14');
  });
  it('reads Khmer digits', () => {
    expect(parseDisplayDate('១៤-០៣-២០១៩')).toBe('2019-03-14');
  });
  it('gives an empty text as no date', () => {
    expect(parseDisplayDate('')).toBe('');
    expect(parseDisplayDate('   ')).toBe('');
  });
  it('refuses days that do not exist and other orders', () => {
    expect(parseDisplayDate('31-02-2019')).toBeNull();
    expect(parseDisplayDate('29-02-2019')).toBeNull();
    expect(parseDisplayDate('29-02-2020')).toBe('2020-02-29');
    expect(parseDisplayDate('00-01-2020')).toBeNull();
    expect(parseDisplayDate('01-13-2020')).toBeNull();
    expect(parseDisplayDate('2019-03-14')).toBeNull();
    expect(parseDisplayDate('14-03-19')).toBeNull();
    expect(parseDisplayDate('14-03')).toBeNull();
    expect(parseDisplayDate('tomorrow')).toBeNull();
    expect(parseDisplayDate('01-01-0999')).toBeNull();
  });
  it('round-trips with displayDateOf', () => {
    for (const iso of ['2019-03-14', '2000-12-31', '2024-02-29']) {
      expect(parseDisplayDate(displayDateOf(iso))).toBe(iso);
    }
  });
});

describe('displayDateOf', () => {
  it('shows a yyyy-mm-dd value as dd-mm-yyyy and anything else as typed', () => {
    expect(displayDateOf('2019-03-14')).toBe('14-03-2019');
    expect(displayDateOf('31-02-20')).toBe('31-02-20');
    expect(displayDateOf(null)).toBe('');
  });
});

describe('local calendar days', () => {
  it('round-trip between yyyy-mm-dd and a local Date', () => {
    expect(isoOfLocalDate(localDateOf('2019-03-14'))).toBe('2019-03-14');
    expect(localDateOf('2024-02-29').getDate()).toBe(29);
  });
});
