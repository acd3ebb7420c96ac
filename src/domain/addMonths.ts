/**
 * The day `months` months after `date` (yyyy-mm-dd): the same day of the month; a day the month
 * lacks falls back to its last (31 January + 1 month = 28 or 29 February). An approval's end and a
 * follow-up's planned day are counted so.
 */
export const addMonths = (date: string, months: number): string => {
  const [year, month, day] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
};
