import { isoDateIn, programmeTimeZone } from './programmeTime';

/**
 * Dates as spec section 5 shows them: the part before 'T', its dash-separated parts reversed
 * (`2026-11-21T08:00:00Z` -> `21-11-2026`).
 */
export const formatDate = (value: unknown): string => {
  if (value == null || value === '') return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return text.split('T')[0].split('-').reverse().join('-');
};

/** The day of an instant (an upload, a change) in the programme's time zone, as `formatDate` shows it. */
export const formatInstantDate = (value: unknown): string => {
  if (value == null || value === '') return '';
  const instant = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(instant.getTime()) ? formatDate(value) : formatDate(isoDateIn(instant));
};

/** `21-11-2026 15:04`: the day and time of an instant in the programme's time zone. */
export const formatInstant = (at: unknown): string => {
  if (at == null || at === '') return '';
  const instant = at instanceof Date ? at : new Date(String(at));
  if (Number.isNaN(instant.getTime())) return String(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: programmeTimeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return `${formatDate(isoDateIn(instant))} ${time}`;
};

const khmerDigits = '០១២៣៤៥៦៧៨៩';

/**
 * What a person typed into a date field, read as day-month-year (the order every date is shown
 * in): `14-03-2019`, `14/3/2019`, `14.03.2019`, `14 03 2019`, `14032019`, Khmer digits too.
 * Answers the calendar day as yyyy-mm-dd (what the server takes), '' for nothing typed, and
 * null for text that is not a real day (31-02-2019, 2019-03-14 typed the other way round, a
 * two-digit year).
 */
export const parseDisplayDate = (text: string): string | null => {
  const latin = text.trim().replace(/[០-៩]/g, (digit) => String(khmerDigits.indexOf(digit)));
  if (latin === '') return '';
  const parts = /^\d{8}$/.test(latin)
    ? [latin.slice(0, 2), latin.slice(2, 4), latin.slice(4)]
    : latin.split(/\s*[-/.\s]\s*/);
  if (parts.length !== 3) return null;
  const [day, month, year] = parts;
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return null;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return Number(year) >= 1000 && date.toISOString().slice(0, 10) === iso ? iso : null;
};

/** A yyyy-mm-dd value as a date field shows it (dd-mm-yyyy); any other text is shown as it is. */
export const displayDateOf = (value: unknown): string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
    ? formatDate(value)
    : value == null
      ? ''
      : String(value);

/** The local calendar day of a yyyy-mm-dd value (a calendar works in local days). */
export const localDateOf = (iso: string): Date => {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
};

/** A local calendar day as yyyy-mm-dd. */
export const isoOfLocalDate = (date: Date): string =>
  `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
