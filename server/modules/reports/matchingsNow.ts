import { type SQL, sql } from 'drizzle-orm';
import { addDays } from '../../../src/domain/serviceSchedule';
import type { TDbOrTx } from '../../audit';
import { num, rowsOf } from './reportSql';

export type TMatchingsNow = { status: string; n: number; overdue: number };

/**
 * Matchings by status now and, for the open ones, how many entered their stage more than its
 * expected days ago (`stage_entered_on < today − expected`, as the work queue and the lists count an
 * overdue stage): from the kept counts by status (`report_matching_now`, migration 0038) less the
 * matchings still on time, read from the children's 'matching' facts by (status, day entered) — an
 * index range over only those that entered their stage within its expected days.
 *
 * `condition` filters the rows `s` of both (the record's office, the child's sex and disability:
 * `summaryCondition`); `birth` (an age band, which depends on today) makes both read the facts by the
 * child's birth day instead of the kept counts. `expectedDays` names each open status's expected days.
 */
export const matchingsNow = async (
  db: TDbOrTx,
  {
    statuses,
    expectedDays,
    today,
    condition,
    birth,
  }: {
    statuses: readonly string[];
    expectedDays: Readonly<Record<string, number>>;
    today: string;
    condition: SQL;
    birth?: { after: string; upTo: string };
  },
): Promise<TMatchingsNow[]> => {
  const list = sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const open = statuses.filter((status) => expectedDays[status] !== undefined);
  const born = birth
    ? sql`s.date_of_birth > ${birth.after}::date and s.date_of_birth <= ${birth.upTo}::date`
    : sql`true`;
  const counted = birth
    ? sql`select s.status, s.n, 0 as on_time from report_child_facts s
        where s.kind = 'matching' and s.status in (${list}) and ${born} and ${condition}`
    : sql`select s.status, s.n, 0 as on_time from report_matching_now s where s.status in (${list}) and ${condition}`;
  const onTime =
    open.length === 0
      ? sql``
      : sql`union all select s.status, 0 as n, s.n as on_time from report_child_facts s
          where s.kind = 'matching' and (${sql.join(
            open.map(
              (status) =>
                sql`(s.status = ${status} and s.day >= ${addDays(today, -expectedDays[status])}::date)`,
            ),
            sql` or `,
          )}) and ${born} and ${condition}`;
  const rows = await rowsOf<{ status: string; n: string; on_time: string }>(
    db,
    sql`select x.status, sum(x.n) as n, sum(x.on_time) as on_time from (${counted} ${onTime}) x group by x.status`,
  );
  return rows.map((row) => ({
    status: row.status,
    n: num(row.n),
    overdue: expectedDays[row.status] === undefined ? 0 : num(row.n) - num(row.on_time),
  }));
};
