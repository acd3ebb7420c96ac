import { isoDateIn } from './programmeTime';

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
