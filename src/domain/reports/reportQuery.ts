import { z } from 'zod';
import { addMonths } from '../addMonths';
import { isoDateIn } from '../programmeTime';
import { idParam } from '../rules';

export const reportAgeBands = ['0-2', '3-5', '6-11', '12-17'] as const;
export type TReportAgeBand = (typeof reportAgeBands)[number];

const ZIsoDay = z.iso.date();

/**
 * The filters of both reports (issue 24), as query parameters. `from` and `to` default to the
 * last 12 months up to the programme's today (Cambodia), given by the caller so tests move it.
 */
export const ZReportQuery = z.object({
  from: ZIsoDay.optional(),
  to: ZIsoDay.optional(),
  // Ids within PostgreSQL's `integer`: a larger one is a 400, not a database error (a 500).
  provinceId: idParam().optional(),
  headOfficeId: idParam().optional(),
  sex: z.enum(['male', 'female']).optional(),
  ageBand: z.enum(reportAgeBands).optional(),
  disability: z.enum(['true', 'false']).optional(),
});
export type TReportQuery = z.infer<typeof ZReportQuery>;

/**
 * The period a query names: its own days, else the 12 months up to `to` (today by default): from
 * the first of the month 11 months before `to`'s, so the series' 12 months are whole but the last,
 * which ends on `to` (issue 35: a period starting mid-month drew a 13th month of a few days).
 */
export const reportPeriod = (query: TReportQuery, today: string = isoDateIn(new Date())) => {
  const to = query.to ?? today;
  const from = query.from ?? addMonths(`${to.slice(0, 7)}-01`, -11);
  return { from, to };
};

const addDaysIso = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The days a report may be asked about (issue 35: `to=9999-12-31` overflowed the month after it, a
 * 500): the programme's records are of this century and the last; a day outside is a 400.
 */
export const reportDayRange = { first: '1900-01-01', last: '2100-12-31' } as const;

/** Whether both ends of a period are within `reportDayRange`. */
export const isReportPeriodInRange = (period: { from: string; to: string }): boolean =>
  [period.from, period.to].every((day) => day >= reportDayRange.first && day <= reportDayRange.last);

/** One month of a report's series: its month (yyyy-mm) and its days within the period. */
export type TReportMonth = { month: string; from: string; to: string };

/**
 * The months of the series (issue 35): every month the period touches, from `from`'s to `to`'s,
 * each with the days of it within the period, so the first and the last month count only the
 * period's days and the months add up to the period's figure. The default period is 12 whole
 * months, so its series is the 12 months DESIGN.md names.
 */
export const reportMonths = (period: { from: string; to: string }): TReportMonth[] => {
  const months: TReportMonth[] = [];
  for (let first = `${period.from.slice(0, 7)}-01`; first <= period.to; first = addMonths(first, 1)) {
    const last = addDaysIso(addMonths(first, 1), -1);
    months.push({
      month: first.slice(0, 7),
      from: first < period.from ? period.from : first,
      to: last > period.to ? period.to : last,
    });
  }
  return months;
};
