import { type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../audit';

/**
 * The reports' and the dashboard's kept counts (issue 37, migration 0036): kept by triggers in the
 * transactions that change the records, so an answer is as of now. Each child's and family's facts
 * (`report_child_facts`, `report_parent_facts`) are re-derived when a row touching them changes and
 * only their difference is written; the facts' own trigger adds and takes away their counts in:
 *
 * - `report_child_now`: children by office, status, sex, disability and birth month (an age band is
 *   its whole birth months plus, in its boundary months, the children's facts by birth day);
 * - `report_child_day`/`_month`: events (adoptions, placements, proposals, rejections by stage,
 *   services) by day and by month, office, the child's sex and disability, with sums of days;
 * - `report_stage_day`/`_month`: stage periods by the day (month) left and their length in days;
 * - `report_application_now`, `report_application_day`: applications by office, status and first
 *   applicant's sex; received, decided and approval-end days. A family's proposals are its facts.
 */

/**
 * Every fact and summary derived again from the records, in one transaction: after a bulk load that
 * skipped the triggers (`set adoption.reports_kept = off`), `npm run reports:rebuild`.
 */
export const rebuildReportSummaries = async (db: TDbOrTx): Promise<void> => {
  await db.execute(sql`select report_rebuild()`);
};

/**
 * The rows of a summary kept by day (`{table}_day`) and by month (`{table}_month`) that make up the
 * period: its whole months from the months table, the days before the first and after the last
 * whole month from the days table. Each day is in exactly one of them, so sums stay exact.
 */
export const periodRows = (
  table: 'report_child' | 'report_stage',
  columns: SQL,
  period: { from: string; to: string },
  condition: SQL,
): SQL => {
  const { firstWhole, afterWhole } = wholeMonths(period);
  return sql`select ${columns} from ${sql.identifier(`${table}_month`)} s
      where s.day >= ${firstWhole}::date and s.day < ${afterWhole}::date and ${condition}
    union all
    select ${columns} from ${sql.identifier(`${table}_day`)} s
      where ((s.day >= ${period.from}::date and s.day < ${firstWhole}::date)
        or (s.day >= ${afterWhole}::date and s.day <= ${period.to}::date)) and ${condition}`;
};

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const firstOfNextMonth = (day: string) => {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 10);
};

/** The whole months within a period, [firstWhole, afterWhole); none: both the day after `to`. */
export const wholeMonths = ({ from, to }: { from: string; to: string }) => {
  const firstWhole = from.endsWith('-01') ? from : firstOfNextMonth(from);
  const afterTo = nextDay(to);
  const afterWhole = afterTo.endsWith('-01') ? afterTo : `${to.slice(0, 7)}-01`;
  return firstWhole < afterWhole ? { firstWhole, afterWhole } : { firstWhole: afterTo, afterWhole: afterTo };
};
