/**
 * What the workflow machines' guards check of an event's data: real days, days not ahead of the
 * event's today, reasons that say something. Pure (no clock): shared by every machine.
 */

/** A yyyy-mm-dd string naming a real calendar day (no 2026-02-30, no times, no offsets). */
export const isIsoDate = (value: unknown): value is string => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  // Date.UTC maps years 0-99 to 1900-1999, so those never round-trip: no real record is dated then.
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10) === value;
};

/** The day a change took effect: a real day, not after `today` (a change can not be recorded ahead). */
export const isEffectiveDate = (date: unknown, today: unknown): boolean =>
  isIsoDate(date) && isIsoDate(today) && date <= today;

/** A reason a person actually wrote: whitespace alone says nothing. */
export const isGivenText = (value: unknown): boolean => typeof value === 'string' && value.trim().length > 0;
