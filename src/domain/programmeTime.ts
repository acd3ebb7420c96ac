/** The programme's time zone (Cambodia, UTC+7 all year): "today" and "the future" are counted in it. */
export const programmeTimeZone = 'Asia/Phnom_Penh';

/** The calendar day (yyyy-mm-dd) of `instant` in `timeZone`: the `today` to put in dated events. */
export const isoDateIn = (instant: Date, timeZone: string = programmeTimeZone): string => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
};
