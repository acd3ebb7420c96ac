import { describe, expect, it } from 'vitest';
import {
  cellDay,
  cellList,
  cellNumber,
  cellText,
  cleanText,
  isBlankRow,
  matchKey,
  westernDigits,
} from './importCells';

describe('cells of an imported workbook', () => {
  it('reads Khmer digits as digits', () => {
    expect(westernDigits('០១២៣៤៥៦៧៨៩')).toBe('0123456789');
    expect(cellNumber('១២ ០០០')).toBe(12000);
    expect(cellNumber('1,250,000')).toBe(1250000);
    expect(cellNumber('twelve')).toBeNull();
  });

  it('keeps a name without its stray or invisible spaces', () => {
    expect(cleanText('  Sok\u200b  Dara\u00a0 ')).toBe('Sok Dara');
    expect(cleanText('\ufeffសុខ\u200bដារា')).toBe('សុខដារា');
    expect(matchKey(' PHUM\u200b  Thmei ')).toBe('phum thmei');
  });

  it('reads a day from an Excel date, a serial number, dd-mm-yyyy, dd/mm/yyyy and yyyy-mm-dd, in either digits', () => {
    expect(cellDay(new Date(Date.UTC(2020, 1, 29)))).toBe('2020-02-29');
    // A date Excel saved with a time zone's offset stays on its day.
    expect(cellDay(new Date(Date.UTC(2020, 1, 28, 17)))).toBe('2020-02-29');
    expect(cellDay(43890)).toBe('2020-02-29');
    expect(cellDay('29-02-2020')).toBe('2020-02-29');
    expect(cellDay('9/3/2021')).toBe('2021-03-09');
    expect(cellDay('2021-03-09')).toBe('2021-03-09');
    expect(cellDay('២៩-០២-២០២០')).toBe('2020-02-29');
  });

  it('refuses a day that does not exist or is no day', () => {
    expect(cellDay('29-02-2021')).toBeNull();
    expect(cellDay('2021-13-01')).toBeNull();
    expect(cellDay('yesterday')).toBeNull();
    expect(cellDay(true)).toBeNull();
  });

  it('splits a cell of several values and tells a blank row', () => {
    expect(cellList('D01, D02;D03\nD04')).toEqual(['D01', 'D02', 'D03', 'D04']);
    expect(cellText(null)).toBe('');
    expect(isBlankRow([null, ' ', '\u200b'])).toBe(true);
    expect(isBlankRow([null, 0])).toBe(false);
  });

  it("reads back a text an export guarded against formulas as it was typed, and keeps any other leading '", () => {
    expect(cleanText("'=1+2")).toBe('=1+2');
    expect(cleanText("'@SUM(A1)")).toBe('@SUM(A1)');
    expect(cleanText("'-3")).toBe('-3');
    expect(cleanText("'tis")).toBe("'tis");
  });
});
