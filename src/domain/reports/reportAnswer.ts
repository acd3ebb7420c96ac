import { z } from 'zod';

const ZName = z.object({ kh: z.string(), en: z.string() });

/** One figure of a report (issue 24): its value, and how it was counted where it is a share or an average. */
export const ZReportIndicator = z.object({
  key: z.string(),
  value: z.number(),
  numerator: z.number().optional(),
  denominator: z.number().optional(),
  unit: z.enum(['count', 'days', 'share']),
  target: z.number().optional(),
  /** The client list that shows exactly the records counted, where a list has the filters. */
  listPath: z.string().optional(),
});
export type TReportIndicator = z.infer<typeof ZReportIndicator>;

export const ZReportBreakdownRow = z.object({
  id: z.string(),
  name: ZName,
  values: z.record(z.string(), z.number()),
});
export type TReportBreakdownRow = z.infer<typeof ZReportBreakdownRow>;

/** A report's answer, exactly as issue 24 gives it. */
export const ZReportAnswer = z.object({
  data: z.object({
    period: z.object({ from: z.string(), to: z.string() }),
    /** When the figures were counted (they are counted at each request). */
    asOf: z.string(),
    indicators: z.array(ZReportIndicator),
    breakdowns: z.object({
      province: z.array(ZReportBreakdownRow),
      sex: z.array(ZReportBreakdownRow),
      ageBand: z.array(ZReportBreakdownRow),
      disability: z.array(ZReportBreakdownRow),
    }),
    /**
     * Each month the period touches (issue 35), its days within the period (`from`, `to`: the first
     * and the last month are cut to the period) and the list of each of its figures.
     */
    series: z.array(
      z.object({
        month: z.string(),
        from: z.string(),
        to: z.string(),
        values: z.record(z.string(), z.number()),
        listPaths: z.record(z.string(), z.string()).optional(),
      }),
    ),
  }),
});
export type TReportAnswer = z.infer<typeof ZReportAnswer>;
