import { type SQL, sql } from 'drizzle-orm';
import { parentArea } from '../../../src/domain/areas/parent.area';
import type { TReportBreakdownRow, TReportIndicator } from '../../../src/domain/reports/reportAnswer';
import { parentReportCatalogue } from '../../../src/domain/reports/reportCatalogue';
import { reportMonths } from '../../../src/domain/reports/reportQuery';
import type { TTranslatable } from '../../../src/domain/translatable';
import { translators } from '../../plugins/locale';
import { summaryCondition, type TReportContext } from './childReport';
import { num, rowsOf } from './reportSql';
import { provinceNamesOf, statusBreakdownRows } from './statusBreakdown';

/**
 * The parents' report (issue 24), counted in the database: applications by status now, received and
 * decided in the period, families approved and waiting, the share of families matched in the period
 * who waited 3 months or more since their approval, approvals ending and ended; by province and
 * first applicant's sex (the `sex` filter is that sex too); the period's applications received by month.
 */
export const parentReport = async (context: TReportContext) => {
  const { db, period, today } = context;
  const statuses = Object.keys(parentArea.statuses);
  const inPeriod = (column: SQL) => sql`${column} between ${period.from}::date and ${period.to}::date`;
  // Now and the period's days from the kept summaries (server/modules/reports/reportSummaries.ts);
  // the sex filter is the first applicant's, as the 'By sex' breakdown groups (docs/decisions.md).
  const { sex } = context.query;
  const kept =
    sex === undefined
      ? summaryCondition(context, false)
      : sql`${summaryCondition(context, false)} and s.sex = ${sex}`;
  const nowRows = await rowsOf<{ province: string; sex: string | null; status: string; n: string }>(
    db,
    sql`select ho.province_id::text as province, s.sex, s.status, s.n
        from report_application_now s join head_offices ho on ho.id = s.head_office_id where s.n <> 0 and ${kept}`,
  );
  const [days] = await rowsOf<Record<string, string | null>>(
    db,
    sql`select
        sum(s.n) filter (where s.kind = 'received' and ${inPeriod(sql`s.day`)}) as received,
        sum(s.n) filter (where s.kind = 'decided' and ${inPeriod(sql`s.day`)}) as decided,
        sum(s.days) filter (where s.kind = 'decided' and ${inPeriod(sql`s.day`)}) as decided_days,
        sum(s.n) filter (where s.kind = 'approvedUntilFree' and s.day >= ${today}::date) as waiting,
        sum(s.n) filter (where s.kind in ('approvedUntilFree', 'approvedUntilMatched') and s.day >= ${today}::date and s.day <= ${today}::date + 30) as expiring,
        sum(s.n) filter (where s.kind in ('approvedUntilFree', 'approvedUntilMatched') and s.day < ${today}::date) as expired
        from report_application_day s
        where ${kept} and (s.kind in ('approvedUntilFree', 'approvedUntilMatched') or ${inPeriod(sql`s.day`)})`,
  );
  const statusCount = (status: string) =>
    nowRows.filter((row) => row.status === status).reduce((sum, row) => sum + num(row.n), 0);
  const counts: Record<string, string | number | null> = {
    ...days,
    ...Object.fromEntries(statuses.map((status) => [`s_${status}`, statusCount(status)])),
    awaiting: statusCount('pending'),
  };
  // Families matched in the period: distinct over the kept proposals' days (bool_or keeps 'waited'
  // when any of a family's proposals that day had it, as the filter over its matchings did).
  const [matched] = await rowsOf<{ families: string; waited: string }>(
    db,
    sql`select count(distinct s.parent_id) as families,
        count(distinct s.parent_id) filter (where s.waited) as waited
        from report_parent_facts s where s.kind = 'proposal' and ${kept} and ${inPeriod(sql`s.day`)}`,
  );
  const values = new Map<string, TReportIndicator>();
  const put = (key: string, value: number, extra: Partial<TReportIndicator> = {}) => {
    const entry = parentReportCatalogue.find((one) => one.key === key);
    if (entry) values.set(key, { key, value, unit: entry.unit, ...extra });
  };
  for (const status of statuses) put(`applications.${status}`, num(counts[`s_${status}`]));
  put('applicationsReceived', num(counts.received));
  const decidedCount = num(counts.decided);
  const decidedDays = num(counts.decided_days);
  put('avgDaysApplicationToDecision', decidedCount ? Math.round((decidedDays / decidedCount) * 10) / 10 : 0, {
    numerator: decidedDays,
    denominator: decidedCount,
  });
  put('applicationsAwaitingDecision', num(counts.awaiting));
  put('familiesApprovedWaiting', num(counts.waiting));
  const families = num(matched.families);
  const waited = num(matched.waited);
  put('shareFamiliesWaited3Months', families ? Math.round((waited / families) * 1000) / 1000 : 0, {
    numerator: waited,
    denominator: families,
  });
  put('approvalsExpiringSoon', num(counts.expiring));
  put('approvalsExpired', num(counts.expired));

  const byStatus = async (
    group: 'province' | 'sex',
    name: (id: string) => TTranslatable,
  ): Promise<TReportBreakdownRow[]> => {
    const rows = new Map<string, { grp: string | null; status: string; n: number }>();
    for (const row of nowRows) {
      const key = `${row[group]}\u0000${row.status}`;
      const entry = rows.get(key) ?? { grp: row[group], status: row.status, n: 0 };
      entry.n += num(row.n);
      rows.set(key, entry);
    }
    return statusBreakdownRows([...rows.values()], statuses, 'applications', name);
  };
  const provinceNames = await provinceNamesOf(db);
  const breakdowns = {
    province: await byStatus('province', (id) => provinceNames.get(id) ?? { kh: id, en: id }),
    sex: await byStatus('sex', (id) =>
      id === 'male' || id === 'female'
        ? { kh: translators.kh.options.sex[id](), en: translators.en.options.sex[id]() }
        : { kh: id, en: id },
    ),
    // An application has no child yet: no age band, no disability (the workbook leaves them out).
    ageBand: [],
    disability: [],
  };

  // Each month of the period, clipped to it (issue 35): the months add up to the period's figure.
  const months = reportMonths(period);
  const monthly = await rowsOf<{ month: string; n: string }>(
    db,
    sql`select to_char(s.day, 'YYYY-MM') as month, sum(s.n) as n
        from report_application_day s
        where s.kind = 'received' and ${kept} and ${inPeriod(sql`s.day`)}
        group by 1`,
  );
  const series = months.map((month) => ({
    ...month,
    values: { applicationsReceived: num(monthly.find((row) => row.month === month.month)?.n) },
  }));
  return {
    indicators: parentReportCatalogue.flatMap((entry) => values.get(entry.key) ?? []),
    breakdowns,
    series,
  };
};
