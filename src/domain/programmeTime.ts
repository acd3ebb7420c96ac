/** The programme's time zone (Cambodia, UTC+7 all year): "today" and "the future" are counted in it. */
export const programmeTimeZone = 'Asia/Phnom_Penh';

/** A day's format per time zone, made once: making one costs far more than using it (the bulk import's rules ask for today per row). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormatOf = (timeZone: string) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
};

/** The calendar day (yyyy-mm-dd) of `instant` in `timeZone`: the `today` to put in dated events. */
export const isoDateIn = (instant: Date, timeZone: string = programmeTimeZone): string => {
  const parts = dayFormatOf(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
};
