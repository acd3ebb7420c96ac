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

/** The period a query names: its own days, else the 12 months up to `today` (from the day after a year before). */
export const reportPeriod = (query: TReportQuery, today: string = isoDateIn(new Date())) => {
  const to = query.to ?? today;
  const from = query.from ?? addDaysIso(addMonths(to, -12), 1);
  return { from, to };
};

const addDaysIso = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The 12 months (yyyy-mm) of the series, the last one being `to`'s. */
export const reportMonths = (to: string): string[] => {
  const months: string[] = [];
  for (let shift = -11; shift <= 0; shift += 1)
    months.push(addMonths(`${to.slice(0, 7)}-01`, shift).slice(0, 7));
  return months;
};
