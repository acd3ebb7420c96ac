/**
 * What a cell of an imported workbook holds, made into the value a form would send (issue 25): the
 * text people type in spreadsheets has Khmer digits, extra and zero-width spaces, dates in several
 * shapes. Pure: the bulk import (server/upload) and its tests read it.
 */

const khmerDigits = /[\u17e0-\u17e9]/g;
/** Zero-width spaces and joiners, the word joiner, the byte order mark, soft hyphen: invisible in a cell. */
const invisible = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

/** ០–៩ as 0–9. */
export const westernDigits = (text: string): string =>
  text.replace(khmerDigits, (digit) => String(digit.charCodeAt(0) - 0x17e0));

/**
 * The `'` every export puts before text that could run as a formula (server/exports/neutraliseCell.ts):
 * a workbook the product wrote (the errors workbook) reads back as what was typed.
 */
const neutralisedFormula = /^'(?=[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20])/;

/** A cell's text as stored: the export's formula guard, invisible characters removed, runs of spaces made one, ends trimmed. */
export const cleanText = (text: string): string =>
  text.normalize('NFC').replace(neutralisedFormula, '').replace(invisible, '').replace(/\s+/g, ' ').trim();

/** The form in which names are compared (a place, a reference value, a header): clean, Latin lower case. */
export const matchKey = (text: string): string => westernDigits(cleanText(text)).toLowerCase();

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** yyyy-mm-dd when the day exists (2026-02-30 does not), else null. */
const isoIfReal = (year: number, month: number, day: number): string | null => {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
};

/** Excel's day 0 (its 1900 calendar counts a 29 February 1900 that never was: serials start here). */
const excelEpoch = Date.UTC(1899, 11, 30);

/**
 * A cell as a calendar day (yyyy-mm-dd), or null when it is none: an Excel date (read as a Date at
 * UTC midnight), an Excel serial number, or text as dd-mm-yyyy, dd/mm/yyyy, dd.mm.yyyy or
 * yyyy-mm-dd (Khmer digits allowed).
 */
export const cellDay = (value: unknown): string | null => {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    // A time of day (a date typed with a time, or a time zone's offset) is not part of the day.
    const rounded = new Date(value.getTime() + 12 * 3600 * 1000 - 1);
    return isoIfReal(rounded.getUTCFullYear(), rounded.getUTCMonth() + 1, rounded.getUTCDate());
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 1 || value > 2_958_465) return null;
    return cellDay(new Date(excelEpoch + Math.floor(value) * 86_400_000));
  }
  if (typeof value !== 'string') return null;
  const text = westernDigits(cleanText(value));
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (dayFirst) return isoIfReal(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (yearFirst) return isoIfReal(Number(yearFirst[1]), Number(yearFirst[2]), Number(yearFirst[3]));
  return null;
};

/** A cell as a number (Khmer digits, spaces and thousands separators allowed), or null. */
export const cellNumber = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = westernDigits(cleanText(value)).replace(/[\s,]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
};

/** A cell's plain text (a number or a date written as a person reads it); '' when empty. */
export const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return cellDay(value) ?? '';
  return cleanText(String(value));
};

/** Several values in one cell (a child's disabilities): separated by commas, semicolons or new lines. */
export const cellList = (value: unknown): string[] =>
  (value === null || value === undefined ? '' : String(value))
    .split(/[,;\n]/)
    .map((part) => cleanText(part))
    .filter(Boolean);

/** Whether every cell of a row is empty (a blank row in the middle of the data is skipped). */
export const isBlankRow = (cells: readonly unknown[]): boolean =>
  cells.every((cell) => cellText(cell) === '');
