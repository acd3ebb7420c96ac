/**
 * A list filter over a span of days (issue 24: a report's figure opens the records of its period),
 * kept as one value `yyyy-mm-dd..yyyy-mm-dd`, both days included, so a list address carries it as
 * one parameter (`?completedIn=2026-01-01..2026-11-30`).
 */
const dateRangePattern = /^(\d{4}-\d{2}-\d{2})\.\.(\d{4}-\d{2}-\d{2})$/;

const isRealDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
};

export const dateRangeValue = (from: string, to: string): string => `${from}..${to}`;

/** The two days of a value, or null when it is not two real days, the first not after the second. */
export const parseDateRange = (value: string): { from: string; to: string } | null => {
  const match = dateRangePattern.exec(value);
  if (!match) return null;
  const [, from, to] = match;
  return isRealDay(from) && isRealDay(to) && from <= to ? { from, to } : null;
};
