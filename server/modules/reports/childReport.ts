import { type SQL, sql } from 'drizzle-orm';
import { addMonths } from '../../../src/domain/addMonths';
import { childArea } from '../../../src/domain/areas/child.area';
import { matchingStageNames } from '../../../src/domain/matchingStage';
import type { TReportBreakdownRow, TReportIndicator } from '../../../src/domain/reports/reportAnswer';
import { childReportCatalogue } from '../../../src/domain/reports/reportCatalogue';
import { reportMonths, type TReportQuery } from '../../../src/domain/reports/reportQuery';
import type { TSystemSettings } from '../../../src/domain/systemSettings';
import type { TTranslatable } from '../../../src/domain/translatable';
import { matchingStages } from '../../../src/domain/workflows/matching.workflow';
import type { TDbOrTx } from '../../audit';
import { translators } from '../../plugins/locale';
import { matchingsNow } from './matchingsNow';
import {
  ageBandSql,
  bandBirthDays,
  bandBoundaryDays,
  bandYears,
  hasDisabilitySql,
  num,
  rowsOf,
} from './reportSql';
import { periodRows } from './reportSummaries';
import { provinceNamesOf, statusBreakdownRows } from './statusBreakdown';

export type TReportContext = {
  db: TDbOrTx;
  query: TReportQuery;
  period: { from: string; to: string };
  today: string;
  officeScope: number | null;
  settings: TSystemSettings;
};

/**
 * The join to a record's child where a filter reads the child (sex, age band, disability), else
 * nothing: every record names its child by a not-null foreign key, so the join keeps every row and
 * changes no count, and a count without it does not read a million children for nothing.
 */
const childJoinFor = ({ query }: TReportContext, childColumn: SQL): SQL =>
  query.sex !== undefined || query.ageBand !== undefined || query.disability !== undefined
    ? sql`join child_infos c on c.id = ${childColumn}`
    : sql``;

/**
 * The filters on a record kept by `officeColumn` (its own head office: office scope, head office,
 * province) and on its child `c` (sex, age band, disability). One condition for every count, so each
 * figure counts the same children.
 */
const recordCondition = (context: TReportContext, officeColumn: SQL): SQL => {
  const { query, officeScope, today } = context;
  const parts: SQL[] = [sql`true`];
  if (officeScope !== null) parts.push(sql`${officeColumn} = ${officeScope}`);
  if (query.headOfficeId !== undefined) parts.push(sql`${officeColumn} = ${query.headOfficeId}`);
  if (query.provinceId !== undefined)
    parts.push(
      sql`${officeColumn} in (select ho.id from head_offices ho where ho.province_id = ${query.provinceId})`,
    );
  if (query.sex !== undefined) parts.push(sql`c.sex = ${query.sex}`);
  if (query.ageBand !== undefined) {
    const { after, upTo } = bandBirthDays(query.ageBand, today);
    parts.push(sql`c.date_of_birth > ${after}::date and c.date_of_birth <= ${upTo}::date`);
  }
  if (query.disability !== undefined)
    parts.push(query.disability === 'true' ? hasDisabilitySql : sql`not ${hasDisabilitySql}`);
  return sql.join(parts, sql` and `);
};

/**
 * The filters on a kept row `s` (server/modules/reports/reportSummaries.ts), which keeps the record's
 * own office and its child's sex and disability: the same condition as `recordCondition` on the
 * records themselves. The age band (which depends on today) is read apart: `childrenByStatus`,
 * `childEvents`.
 */
export const summaryCondition = (context: TReportContext, withChild = true): SQL => {
  const { query, officeScope } = context;
  const parts: SQL[] = [sql`true`];
  if (officeScope !== null) parts.push(sql`s.head_office_id = ${officeScope}`);
  if (query.headOfficeId !== undefined) parts.push(sql`s.head_office_id = ${query.headOfficeId}`);
  if (query.provinceId !== undefined)
    parts.push(
      sql`s.head_office_id in (select ho.id from head_offices ho where ho.province_id = ${query.provinceId})`,
    );
  if (!withChild) return sql.join(parts, sql` and `);
  if (query.sex !== undefined) parts.push(sql`s.sex = ${query.sex}`);
  if (query.disability !== undefined) parts.push(sql`s.disability = ${query.disability === 'true'}`);
  return sql.join(parts, sql` and `);
};

type TChildGroup = 'province' | 'sex' | 'ageBand' | 'disability';

/**
 * Children by status now, by every breakdown's group, from the kept counts by birth year: a year
 * with no age band boundary on today is in one band; a year a boundary day B falls in is counted in
 * the band of one side of B, and the children on the other side (the fewer months: the kept counts by
 * birth month, then B's own month's children from the facts by birth day, an index-only range) are
 * moved to their own band (+n in theirs, −n in the year's). `byStatus(group)` folds the rows as
 * `group by group, status` would count them, `byStatus()` by status alone.
 */
const childrenByStatus = async (context: TReportContext) => {
  const { today, query } = context;
  const condition = summaryCondition(context);
  const sides = bandBoundaryDays(today).map((day) => {
    const year = Number(day.slice(0, 4));
    const month = `${day.slice(0, 7)}-01`;
    const nextMonth = addMonths(month, 1);
    // The later side (after B to the year's end) when B falls in the second half of its year.
    const later = Number(day.slice(5, 7)) > 6;
    return { day, year, month, nextMonth, later };
  });
  const bandOf = (birth: SQL) => ageBandSql(today, birth);
  // The year's band: the band of B (on or before it) when the later side is moved, else of B + 1 day.
  const yearBand = sql`(case s.birth_year ${sql.join(
    sides.map(
      ({ day, year, later }) =>
        sql`when ${year}::int then ${bandOf(later ? sql`${day}::date` : sql`${day}::date + 1`)}`,
    ),
    sql` `,
  )} else ${bandOf(sql`make_date(s.birth_year, 1, 1)`)} end)`;
  const moved = sides.map(({ day, year, month, nextMonth, later }) => {
    const base = bandOf(later ? sql`${day}::date` : sql`${day}::date + 1`);
    const months = later
      ? sql`s.birth_month >= ${nextMonth}::date and s.birth_month < ${`${year + 1}-01-01`}::date`
      : sql`s.birth_month >= ${`${year}-01-01`}::date and s.birth_month < ${month}::date`;
    const days = later
      ? sql`s.date_of_birth > ${day}::date and s.date_of_birth < ${nextMonth}::date`
      : sql`s.date_of_birth >= ${month}::date and s.date_of_birth <= ${day}::date`;
    return sql`union all
          select s.head_office_id, s.status, s.sex, s.disability, v.band, v.n
          from report_child_now s
            cross join lateral (values (${bandOf(sql`s.birth_month`)}, s.n), (${base}, -s.n)) v(band, n)
          where ${months} and ${condition}
          union all
          select s.head_office_id, s.status, s.sex, s.disability, v.band, v.n
          from report_child_facts s
            cross join lateral (values (${bandOf(sql`s.date_of_birth`)}, s.n), (${base}, -s.n)) v(band, n)
          where s.kind = 'now' and ${days} and ${condition}`;
  });
  const rows = await rowsOf<Record<TChildGroup | 'status' | 'n', string | null>>(
    context.db,
    sql`select ho.province_id::text as province, x.sex, x.band as "ageBand",
          (case when x.disability then 'true' else 'false' end) as disability, x.status, sum(x.n) as n
        from (
          select s.head_office_id, s.status, s.sex, s.disability, ${yearBand} as band, s.n
          from report_child_now_year s where ${condition}
          ${sql.join(moved, sql` `)}
        ) x join head_offices ho on ho.id = x.head_office_id
        where ${query.ageBand === undefined ? sql`true` : sql`x.band = ${query.ageBand}`}
        group by 1, 2, 3, 4, 5
        having sum(x.n) <> 0`,
  );
  return (group?: TChildGroup) => {
    const counts = new Map<string, { grp: string | null; status: string; n: number }>();
    for (const row of rows) {
      const grp = group ? row[group] : null;
      const key = `${grp}\u0000${row.status}`;
      const entry = counts.get(key) ?? { grp, status: String(row.status), n: 0 };
      entry.n += num(row.n);
      counts.set(key, entry);
    }
    return [...counts.values()];
  };
};

/**
 * The period's kept events (`report_child`) or stage periods (`report_stage`) as rows `s`, filtered
 * by `condition` and the report's filters: from the summaries by day and month; under an age band
 * filter (the band depends on today) from the children's facts of the period, by their birth day.
 */
const childEvents = (
  context: TReportContext,
  table: 'report_child' | 'report_stage',
  columns: SQL,
  condition: SQL = sql`true`,
): SQL => {
  const { period, query, today } = context;
  const where = sql`${condition} and ${summaryCondition(context)}`;
  if (query.ageBand === undefined) return periodRows(table, columns, period, where);
  const { after, upTo } = bandBirthDays(query.ageBand, today);
  const facts =
    table === 'report_child'
      ? sql`select f.kind, f.day, f.head_office_id, f.sex, f.disability, f.n, f.n * f.days as days
          from report_child_facts f where f.kind not in ('now', 'matching') and f.kind not like 'stage.%'`
      : sql`select substr(f.kind, 7) as stage, f.day, f.head_office_id, f.sex, f.disability, f.days, f.n
          from report_child_facts f where f.kind not in ('now', 'matching') and f.kind like 'stage.%'`;
  return sql`select ${columns} from (${facts}
      and f.day >= ${period.from}::date and f.day <= ${period.to}::date
      and f.date_of_birth > ${after}::date and f.date_of_birth <= ${upTo}::date) s
    where ${where}`;
};

/**
 * `percentile_cont(p)` of a multiset given as (value, count) pairs: the value at position
 * p × (N − 1), interpolated between its neighbours, as PostgreSQL computes it.
 */
export const percentileOfCounts = (counts: readonly { value: number; n: number }[], p: number): number => {
  const sorted = [...counts].filter((one) => one.n > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, one) => sum + one.n, 0);
  if (total === 0) return 0;
  const position = p * (total - 1);
  const at = (index: number) => {
    let seen = 0;
    for (const one of sorted) {
      seen += one.n;
      if (index < seen) return one.value;
    }
    return sorted[sorted.length - 1].value;
  };
  const lower = Math.floor(position);
  const below = at(lower);
  return below + (position - lower) * (at(Math.ceil(position)) - below);
};

/**
 * The children's report (issue 24), counted in the database: children by status now, adoptions
 * and placements in the period, matchings by stage now (overdue ones apart) and rejected in the
 * period, services after adoption; by province, sex, age band and disability; 12 months of adoptions
 * and services given.
 */
export const childReport = async (context: TReportContext) => {
  const { db, period, today, settings } = context;
  const statuses = Object.keys(childArea.statuses);
  const values = new Map<string, TReportIndicator>();
  const put = (key: string, value: number, extra: Partial<TReportIndicator> = {}) => {
    const entry = childReportCatalogue.find((one) => one.key === key);
    if (entry) values.set(key, { key, value, unit: entry.unit, ...extra });
  };

  const childCounts = await childrenByStatus(context);
  const children = childCounts();
  for (const status of statuses)
    put(`children.${status}`, num(children.find((row) => row.status === status)?.n));

  const expected = (stage: string) =>
    settings.stageExpectedDays[stage as keyof TSystemSettings['stageExpectedDays']];
  // The period's events from the kept summary by day: a period is the sum of its days.
  const dayRows = await rowsOf<{ kind: string; n: string; days: string }>(
    db,
    sql`select p.kind, sum(p.n) as n, sum(p.days) as days
        from (${childEvents(context, 'report_child', sql`s.kind, s.n, s.days`)}) p
        group by p.kind`,
  );
  const inPeriod = (kind: string) => {
    const row = dayRows.find((one) => one.kind === kind);
    return { n: num(row?.n), days: num(row?.days) };
  };
  // Matchings by stage now (and past the stage's expected days), from the kept counts by status
  // (migration 0038) less those still on time; folded into stages here.
  const openStatuses = matchingStageNames.flatMap((stage) => [...matchingStages[stage]]);
  const byStatus = await matchingsNow(db, {
    statuses: openStatuses,
    expectedDays: Object.fromEntries(
      matchingStageNames.flatMap((stage) => matchingStages[stage].map((status) => [status, expected(stage)])),
    ),
    today,
    condition: summaryCondition(context),
    birth: context.query.ageBand === undefined ? undefined : bandBirthDays(context.query.ageBand, today),
  });
  const inStage = (stage: (typeof matchingStageNames)[number], key: 'n' | 'overdue') =>
    byStatus
      .filter((row) => (matchingStages[stage] as readonly string[]).includes(row.status))
      .reduce((total, row) => total + row[key], 0);
  put('adoptedInPeriod', inPeriod('adopted').n);
  const { n: placed, days: placedDays } = inPeriod('placed');
  put('avgDaysCareToPlacement', placed ? Math.round((placedDays / placed) * 10) / 10 : 0, {
    numerator: placedDays,
    denominator: placed,
  });
  const { n: proposed, days: proposedDays } = inPeriod('proposed');
  put('avgDaysAdoptableToMatched', proposed ? Math.round((proposedDays / proposed) * 10) / 10 : 0, {
    numerator: proposedDays,
    denominator: proposed,
  });
  const adoptedKnown = inPeriod('adoptedKnown').n;
  const adoptedWithin = inPeriod('adoptedWithin').n;
  put(
    'shareAdoptedWithin14Months',
    adoptedKnown ? Math.round((adoptedWithin / adoptedKnown) * 1000) / 1000 : 0,
    {
      numerator: adoptedWithin,
      denominator: adoptedKnown,
    },
  );
  for (const stage of matchingStageNames) put(`matchings.${stage}`, inStage(stage, 'n'));
  for (const stage of matchingStageNames) put(`matchingsOverdue.${stage}`, inStage(stage, 'overdue'));
  for (const stage of matchingStageNames) put(`rejections.${stage}`, inPeriod(`rejected.${stage}`).n);

  // Days in each stage left in the period, from the kept histogram of stage periods (stage, day
  // left, days): a few hundred (stage, days) counts, whose percentiles are the periods' own.
  const stageDays = await rowsOf<{ stage: string; days: number; n: string }>(
    db,
    sql`select p.stage, p.days, sum(p.n) as n
        from (${childEvents(context, 'report_stage', sql`s.stage, s.days, s.n`)}) p
        group by 1, 2`,
  );
  for (const stage of matchingStageNames) {
    const counts = stageDays
      .filter((one) => one.stage === stage)
      .map((one) => ({ value: Number(one.days), n: num(one.n) }));
    const left = { denominator: counts.reduce((sum, one) => sum + one.n, 0) };
    put(`daysInStage.${stage}.median`, Math.round(percentileOfCounts(counts, 0.5) * 10) / 10, left);
    put(`daysInStage.${stage}.p90`, Math.round(percentileOfCounts(counts, 0.9) * 10) / 10, left);
  }

  // Services due soon and overdue are today's, counted live (pending ones only, by their index).
  const serviceCondition = recordCondition(context, sql`s.head_office_id`);
  const [services] = await rowsOf<Record<string, string | null>>(
    db,
    sql`select
        count(*) filter (where s.planned_date >= ${today}::date and s.planned_date <= ${today}::date + ${settings.serviceDueSoonDays}::int) as due_soon,
        count(*) filter (where s.planned_date < ${today}::date) as overdue
        from post_adoption_services s ${childJoinFor(context, sql`s.child_id`)}
        where s.status = 'pending' and s.planned_date <= ${today}::date + ${settings.serviceDueSoonDays}::int
          and ${serviceCondition}`,
  );
  put('servicesGiven', inPeriod('servicesGiven').n);
  put('servicesDueSoon', num(services.due_soon));
  put('servicesOverdue', num(services.overdue));
  put('servicesWithConcern', inPeriod('servicesWithConcern').n);

  const both = (word: (t: (typeof translators)['en']) => string): TTranslatable => ({
    kh: word(translators.kh),
    en: word(translators.en),
  });
  const breakdown = async (
    group: TChildGroup,
    name: (id: string) => TTranslatable,
    order?: readonly string[],
  ): Promise<TReportBreakdownRow[]> => {
    const rows = childCounts(group);
    return statusBreakdownRows(rows, statuses, 'children', name, order);
  };
  const provinceNames = await provinceNamesOf(db);
  const breakdowns = {
    province: await breakdown('province', (id) => provinceNames.get(id) ?? { kh: id, en: id }),
    sex: await breakdown('sex', (id) =>
      id === 'male' || id === 'female' ? both((t) => t.options.sex[id]()) : { kh: id, en: id },
    ),
    ageBand: await breakdown(
      'ageBand',
      (band) => both((t) => t.reports.ageBand({ band })),
      Object.keys(bandYears),
    ),
    disability: await breakdown(
      'disability',
      (id) => both((t) => (id === 'true' ? t.reports.disability.yes() : t.reports.disability.no())),
      ['true', 'false'],
    ),
  };

  // Each month of the period, clipped to it (issue 35): the whole months from the monthly summary,
  // the first's and the last's days within the period from the daily one (`periodRows`).
  const months = reportMonths(period);
  const seriesKinds = ['adoptedInPeriod', 'servicesGiven'];
  const monthly = await rowsOf<{ month: string; kind: string; n: string }>(
    db,
    sql`select to_char(p.day, 'YYYY-MM') as month, (case when p.kind = 'adopted' then 'adoptedInPeriod' else p.kind end) as kind, sum(p.n) as n
        from (${childEvents(context, 'report_child', sql`s.kind, s.day, s.n`, sql`s.kind in ('adopted', 'servicesGiven')`)}) p
        group by 1, 2`,
  );
  const series = months.map((month) => ({
    ...month,
    values: Object.fromEntries(
      seriesKinds.map((kind) => [
        kind,
        num(monthly.find((row) => row.month === month.month && row.kind === kind)?.n),
      ]),
    ),
  }));

  return {
    indicators: childReportCatalogue.flatMap((entry) => values.get(entry.key) ?? []),
    breakdowns,
    series,
  };
};
