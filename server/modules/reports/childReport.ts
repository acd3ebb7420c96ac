import { type SQL, sql } from 'drizzle-orm';
import { addMonths } from '../../../src/domain/addMonths';
import { childArea } from '../../../src/domain/areas/child.area';
import { matchingStageNames } from '../../../src/domain/matchingStage';
import type { TReportBreakdownRow, TReportIndicator } from '../../../src/domain/reports/reportAnswer';
import { childReportCatalogue } from '../../../src/domain/reports/reportCatalogue';
import {
  reportMonths,
  type TReportAgeBand,
  type TReportQuery,
} from '../../../src/domain/reports/reportQuery';
import type { TSystemSettings } from '../../../src/domain/systemSettings';
import type { TTranslatable } from '../../../src/domain/translatable';
import { matchingStages } from '../../../src/domain/workflows/matching.workflow';
import type { TDbOrTx } from '../../audit';
import { translators } from '../../plugins/locale';
import { provinceNamesOf, statusBreakdownRows } from './statusBreakdown';

export type TReportContext = {
  db: TDbOrTx;
  query: TReportQuery;
  period: { from: string; to: string };
  today: string;
  officeScope: number | null;
  settings: TSystemSettings;
};

const bandYears: Record<TReportAgeBand, [number, number]> = {
  '0-2': [0, 2],
  '3-5': [3, 5],
  '6-11': [6, 11],
  '12-17': [12, 17],
};

/** An age band as birth days: born after `from` (exclusive) and on or before `to`, on `today`. */
const bandBirthDays = (band: TReportAgeBand, today: string) => {
  const [youngest, oldest] = bandYears[band];
  return { after: addMonths(today, -12 * (oldest + 1)), upTo: addMonths(today, -12 * youngest) };
};

/** The SQL of a child's age band on `today` (null past 17). */
const ageBandSql = (today: string): SQL => {
  const cases = (Object.keys(bandYears) as TReportAgeBand[]).map((band) => {
    const { after, upTo } = bandBirthDays(band, today);
    return sql`when c.date_of_birth > ${after}::date and c.date_of_birth <= ${upTo}::date then ${band}`;
  });
  return sql`(case ${sql.join(cases, sql` `)} end)`;
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

const hasDisabilitySql = sql`exists (select 1 from child_disabilities d where d.child_id = c.id)`;

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

const stageOfSql = (status: SQL): SQL =>
  sql`(case ${sql.join(
    matchingStageNames.map(
      (stage) =>
        sql`when ${status} in (${sql.join(
          matchingStages[stage].map((one) => sql`${one}`),
          sql`, `,
        )}) then ${stage}`,
    ),
    sql` `,
  )} end)`;

export const rowsOf = async <T>(db: TDbOrTx, query: SQL): Promise<T[]> => {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
};

export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** The groups the children's breakdowns read, each an expression of `c` and `ho`. */
const childGroups = (today: string) => ({
  province: sql`ho.province_id::text`,
  sex: sql`c.sex`,
  ageBand: ageBandSql(today),
  disability: sql`(case when ${hasDisabilitySql} then 'true' else 'false' end)`,
});
type TChildGroup = keyof ReturnType<typeof childGroups>;

/**
 * Children by status now, by every breakdown's group at once: one scan of the children (a million
 * in the benchmark) instead of one a breakdown; `byStatus(group)` folds the rows (a few thousand
 * at most) as `group by group, status` would count them, `byStatus()` by status alone.
 */
const childrenByStatus = async (context: TReportContext) => {
  const groups = childGroups(context.today);
  const names = Object.keys(groups) as TChildGroup[];
  // The planner cannot estimate the groups of the age-band and disability expressions, guesses a
  // million and sorts the million children on disk to group them (5.8 s of 6.4 at 1,000,000,
  // load 12); a hash of the ~2,000 real groups takes 2.7 s there. `set local` holds in the report's
  // transaction (withoutJit) and is undone after this one query.
  await context.db.execute(sql`set local enable_sort = off`);
  const rows = await rowsOf<Record<TChildGroup | 'status' | 'n', string | null>>(
    context.db,
    sql`select ${sql.join(
      names.map((name) => sql`${groups[name]} as ${sql.identifier(name)}`),
      sql`, `,
    )}, c.status, count(*) as n
        from child_infos c join head_offices ho on ho.id = c.head_office_id
        where ${recordCondition(context, sql`c.head_office_id`)}
        group by ${sql.join(
          names.map((_, i) => sql.raw(String(i + 1))),
          sql`, `,
        )}, ${sql.raw(String(names.length + 1))}`,
  );
  await context.db.execute(sql`set local enable_sort = on`);
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

  const placement = sql`coalesce(m.trial_start, m.keep_requested_on)`;
  const matchingCondition = recordCondition(context, sql`m.head_office_id`);
  const expected = (stage: string) =>
    settings.stageExpectedDays[stage as keyof TSystemSettings['stageExpectedDays']];
  // The stage a rejected matching was rejected from: its rejection row's from_status, looked up once
  // a matching (a lateral join) and only for rejected matchings, not once a stage in each filter.
  const rejectedFrom = sql`r.from_status`;
  const [matchings] = await rowsOf<Record<string, string | null>>(
    db,
    sql`select
        count(*) filter (where m.completed_on between ${period.from}::date and ${period.to}::date) as adopted,
        count(*) filter (where ${placement} between ${period.from}::date and ${period.to}::date and c.admitted_on is not null) as placed,
        count(*) filter (where m.proposed_date between ${period.from}::date and ${period.to}::date and c.adoption_confirmed_on is not null) as proposed,
        sum(m.proposed_date - c.adoption_confirmed_on) filter (where m.proposed_date between ${period.from}::date and ${period.to}::date and c.adoption_confirmed_on is not null) as proposed_days,
        count(*) filter (where m.completed_on between ${period.from}::date and ${period.to}::date and c.adoption_confirmed_on is not null) as adopted_known,
        count(*) filter (where m.completed_on between ${period.from}::date and ${period.to}::date and c.adoption_confirmed_on is not null and m.completed_on < c.adoption_confirmed_on + interval '14 months') as adopted_within,
        sum(${placement} - c.admitted_on) filter (where ${placement} between ${period.from}::date and ${period.to}::date and c.admitted_on is not null) as placed_days,
        ${sql.join(
          matchingStageNames.map(
            (
              stage,
            ) => sql`count(*) filter (where ${stageOfSql(sql`m.status`)} = ${stage}) as ${sql.identifier(`now_${stage}`)},
            count(*) filter (where ${stageOfSql(sql`m.status`)} = ${stage} and ${today}::date - m.stage_entered_on > ${expected(stage)}) as ${sql.identifier(`overdue_${stage}`)},
            count(*) filter (where m.status = 'rejected' and m.rejected_on between ${period.from}::date and ${period.to}::date and ${stageOfSql(rejectedFrom)} = ${stage}) as ${sql.identifier(`rejected_${stage}`)}`,
          ),
          sql`, `,
        )}
        from adoptive_matchings m join child_infos c on c.id = m.child_id
        left join lateral (select h.from_status from status_history h where m.status = 'rejected' and h.entity = 'adoptive_matchings' and h.entity_id = m.id and h.to_status = 'rejected' order by h.at desc, h.id desc limit 1) r on true
        where ${matchingCondition}`,
  );
  put('adoptedInPeriod', num(matchings.adopted));
  const placed = num(matchings.placed);
  const placedDays = num(matchings.placed_days);
  put('avgDaysCareToPlacement', placed ? Math.round((placedDays / placed) * 10) / 10 : 0, {
    numerator: placedDays,
    denominator: placed,
  });
  const proposed = num(matchings.proposed);
  const proposedDays = num(matchings.proposed_days);
  put('avgDaysAdoptableToMatched', proposed ? Math.round((proposedDays / proposed) * 10) / 10 : 0, {
    numerator: proposedDays,
    denominator: proposed,
  });
  const adoptedKnown = num(matchings.adopted_known);
  const adoptedWithin = num(matchings.adopted_within);
  put(
    'shareAdoptedWithin14Months',
    adoptedKnown ? Math.round((adoptedWithin / adoptedKnown) * 1000) / 1000 : 0,
    {
      numerator: adoptedWithin,
      denominator: adoptedKnown,
    },
  );
  for (const stage of matchingStageNames) put(`matchings.${stage}`, num(matchings[`now_${stage}`]));
  for (const stage of matchingStageNames)
    put(`matchingsOverdue.${stage}`, num(matchings[`overdue_${stage}`]));
  for (const stage of matchingStageNames) put(`rejections.${stage}`, num(matchings[`rejected_${stage}`]));

  // Each stage a matching went through, from its status history (as src/domain/matchingStage.ts
  // `stagePeriods` reads it): consecutive steps in one stage are one period, entered on its first
  // step's day (the step's date, else the programme's day it was taken) and left on the next's.
  // A period starts at a step whose stage differs from the step before (`starts`); it is left on
  // the next start's day. A stage left in the period was left on a step's day in it, so only the
  // matchings with a step dated in the period are read (a fifth to a third of them over a year).
  const stepDay = (h: SQL) =>
    sql`coalesce((${h}.payload->>'date')::date, (${h}.at at time zone 'Asia/Phnom_Penh')::date)`;
  const stageDays = await rowsOf<{ stage: string; median: number; p90: number; n: string }>(
    db,
    sql`with steps as (
          select h.entity_id, h.at, h.id, ${stepDay(sql`h`)} as day, ${stageOfSql(sql`h.to_status`)} as stage
          from status_history h
          join adoptive_matchings m on m.id = h.entity_id
          ${childJoinFor(context, sql`m.child_id`)}
          where h.entity = 'adoptive_matchings' and ${matchingCondition}
            and h.entity_id in (select x.entity_id from status_history x where x.entity = 'adoptive_matchings'
              and ${stepDay(sql`x`)} between ${period.from}::date and ${period.to}::date)
        ), starts as (
          select entity_id, at, id, day, stage,
            stage is distinct from lag(stage) over (partition by entity_id order by at, id) as starts
          from steps
        ), spans as (
          select stage, day as entered, lead(day) over (partition by entity_id order by at, id) as left_on
          from starts where starts
        )
        select stage, count(*) as n,
          percentile_cont(0.5) within group (order by left_on - entered) as median,
          percentile_cont(0.9) within group (order by left_on - entered) as p90
        from spans
        where stage is not null and left_on between ${period.from}::date and ${period.to}::date
        group by stage`,
  );
  for (const stage of matchingStageNames) {
    const row = stageDays.find((one) => one.stage === stage);
    const left = { denominator: num(row?.n) };
    put(`daysInStage.${stage}.median`, Math.round(num(row?.median) * 10) / 10, left);
    put(`daysInStage.${stage}.p90`, Math.round(num(row?.p90) * 10) / 10, left);
  }

  const serviceCondition = recordCondition(context, sql`s.head_office_id`);
  const given = sql`s.status = 'confirmed' and s.actual_date between ${period.from}::date and ${period.to}::date`;
  const [services] = await rowsOf<Record<string, string | null>>(
    db,
    sql`select
        count(*) filter (where ${given}) as given,
        count(*) filter (where s.status = 'pending' and s.planned_date >= ${today}::date and s.planned_date <= ${today}::date + ${settings.serviceDueSoonDays}::int) as due_soon,
        count(*) filter (where s.status = 'pending' and s.planned_date < ${today}::date) as overdue,
        count(*) filter (where ${given} and s.concern) as concern
        from post_adoption_services s ${childJoinFor(context, sql`s.child_id`)}
        where ${serviceCondition}`,
  );
  put('servicesGiven', num(services.given));
  put('servicesDueSoon', num(services.due_soon));
  put('servicesOverdue', num(services.overdue));
  put('servicesWithConcern', num(services.concern));

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

  const months = reportMonths(period.to);
  const seriesFrom = `${months[0]}-01`;
  const seriesTo = addMonths(`${months[11]}-01`, 1);
  const monthly = await rowsOf<{ month: string; kind: string; n: string }>(
    db,
    sql`select to_char(m.completed_on, 'YYYY-MM') as month, 'adoptedInPeriod' as kind, count(*) as n
        from adoptive_matchings m ${childJoinFor(context, sql`m.child_id`)}
        where ${matchingCondition} and m.completed_on >= ${seriesFrom}::date and m.completed_on < ${seriesTo}::date
        group by 1
        union all
        select to_char(s.actual_date, 'YYYY-MM'), 'servicesGiven', count(*)
        from post_adoption_services s ${childJoinFor(context, sql`s.child_id`)}
        where ${serviceCondition} and s.status = 'confirmed' and s.actual_date >= ${seriesFrom}::date and s.actual_date < ${seriesTo}::date
        group by 1`,
  );
  const series = months.map((month) => ({
    month,
    values: Object.fromEntries(
      ['adoptedInPeriod', 'servicesGiven'].map((kind) => [
        kind,
        num(monthly.find((row) => row.month === month && row.kind === kind)?.n),
      ]),
    ),
  }));

  return {
    indicators: childReportCatalogue.flatMap((entry) => values.get(entry.key) ?? []),
    breakdowns,
    series,
  };
};
