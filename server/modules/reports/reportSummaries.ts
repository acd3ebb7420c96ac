import { type SQL, sql } from 'drizzle-orm';
import { isoDateIn } from '../../../src/domain/programmeTime';
import { parentUndecidedStatuses } from '../../../src/domain/workflows/parent.workflow';
import type { TDbOrTx } from '../../audit';
import type { TDb } from '../../db/client';
import type { TJobRunner } from '../../jobs/jobRuns';
import { observed, type TJobObserver } from '../../operations/metrics';
import { ageBandSql, hasDisabilitySql, rowsOf, stageOfSql } from './reportSql';

/**
 * A record merged into another (issue 35, server/duplicates) is counted nowhere: its matchings and
 * services now point at the record it was merged into, and the record itself is left out here.
 */
const notMerged = (alias: string) => sql`${sql.identifier(alias)}.merged_into_id is null`;

/**
 * The reports' and the dashboard's counts kept rather than counted (issue 24 allows an answer up to
 * 5 minutes old; its `asOf` says how old). One refresh replaces every summary row in one transaction
 * (migration 0022): readers see the old summary or the new one, never half of each.
 *
 * - `report_children_now`: children by office, status, sex, age band (on the summary's `today`) and
 *   disability: the status counts and all four breakdowns, under any filter.
 * - `report_child_days`: events by day, office and the child's groups (adoptions, placements,
 *   proposals, rejections by stage, services given and with a concern), with their counts and sums
 *   of days: a period's figure is a sum over its days, exact for any from/to.
 * - `report_stage_days`: stage periods by the day they were left and their length (a histogram): the
 *   median and 90th percentile over a period are read from its days' counts, exactly.
 * - `report_applications_now`, `report_application_days`: applications by office, status and first
 *   applicant's sex; received, decided and approval-end days (by office and that sex too).
 *
 * The grain keeps every filter of the reports exact: office scope, head office and province (by the
 * record's own office, the province joined at read time), sex, age band and disability. The age band
 * depends on today: a summary taken another day is refreshed before it is read.
 */
export type TReportSummaries = {
  /**
   * A summary fit to answer on `today`: the kept one when it is younger than the maximum age and of
   * that day, else a refresh's (awaited). Resolves to the time the summary was taken.
   */
  fresh: (today: string) => Promise<Date>;
  /** Takes the summaries now (one at a time: a call during a refresh waits for that one and takes a new one). */
  refresh: () => Promise<Date>;
  /**
   * One background refresh: the one of the current interval (`refreshMs` windows of the clock),
   * unless another process of the cluster has taken it. Answers whether this one did.
   */
  tick: () => Promise<boolean>;
  /** The background refresh: a first one now, then every `refreshMs`. */
  start: () => void;
  /** Stops the background refresh and waits for a refresh under way. */
  stop: () => Promise<void>;
};

// The app decorates itself with its summaries (server/app.ts); declared here so the engines' types
// (server/types.ts) name no module.
declare module 'fastify' {
  interface FastifyInstance {
    /** The reports' and the dashboard's kept counts. */
    reportSummaries: TReportSummaries;
  }
}

type TState = { takenAt: Date; today: string };

/** An application not decided yet (a request to accept is not a decision), as an SQL list. */
const undecided = sql`(${sql.join(
  parentUndecidedStatuses.map((status) => sql`${status}`),
  sql`, `,
)})`;

const stepDay = sql`coalesce((h.payload->>'date')::date, (h.at at time zone 'Asia/Phnom_Penh')::date)`;

/** The child groups every summary of children keeps, as expressions of `c` on `today`. */
const childGroupColumns = (today: string) => sql`c.sex, ${ageBandSql(today)}, ${hasDisabilitySql}`;

/** The refresh: every summary replaced within one transaction, counted as of `today`. */
const takeSummaries = async (db: TDb, takenAt: Date, today: string) =>
  db.transaction(async (tx) => {
    // Never two at once, across processes too: the second waits and then takes a newer one.
    await tx.execute(sql`select pg_advisory_xact_lock(24024)`);
    await tx.execute(sql`set local jit = off`);
    const groups = childGroupColumns(today);
    for (const table of [
      'report_children_now',
      'report_child_days',
      'report_child_months',
      'report_stage_days',
      'report_stage_months',
      'report_applications_now',
      'report_application_days',
      'report_family_proposals',
    ])
      await tx.execute(sql`delete from ${sql.identifier(table)}`);
    // The planner cannot estimate the expressions' groups and would sort a million children on disk.
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(
      sql`insert into report_children_now (head_office_id, status, sex, age_band, disability, n)
          select c.head_office_id, c.status, ${groups}, count(*) from child_infos c where ${notMerged('c')} group by 1, 2, 3, 4, 5`,
    );
    await tx.execute(sql`set local enable_sort = on`);
    const placement = sql`coalesce(m.trial_start, m.keep_requested_on)`;
    const matchingDays = (kind: string, day: unknown, condition: unknown, days: unknown = sql`0`) =>
      sql`select ${kind}::text, ${day}, m.head_office_id, ${groups}, count(*), sum(${days})
          from adoptive_matchings m join child_infos c on c.id = m.child_id
          where ${day} is not null and ${condition} group by 1, 2, 3, 4, 5, 6`;
    const serviceDays = (kind: string, condition: unknown) =>
      sql`select ${kind}::text, s.actual_date, s.head_office_id, ${groups}, count(*), 0
          from post_adoption_services s join child_infos c on c.id = s.child_id
          where s.status = 'confirmed' and s.actual_date is not null and ${condition} group by 1, 2, 3, 4, 5, 6`;
    await tx.execute(
      sql`insert into report_child_days (kind, day, head_office_id, sex, age_band, disability, n, days)
          ${matchingDays('adopted', sql`m.completed_on`, sql`true`)}
          union all ${matchingDays('adoptedKnown', sql`m.completed_on`, sql`c.adoption_confirmed_on is not null`)}
          union all ${matchingDays('adoptedWithin', sql`m.completed_on`, sql`c.adoption_confirmed_on is not null and m.completed_on < c.adoption_confirmed_on + interval '14 months'`)}
          union all ${matchingDays('placed', placement, sql`c.admitted_on is not null`, sql`${placement} - c.admitted_on`)}
          union all ${matchingDays('proposed', sql`m.proposed_date`, sql`c.adoption_confirmed_on is not null`, sql`m.proposed_date - c.adoption_confirmed_on`)}
          union all
          select 'rejected.' || ${stageOfSql(sql`r.from_status`)}, m.rejected_on, m.head_office_id, ${groups}, count(*), 0
          from adoptive_matchings m join child_infos c on c.id = m.child_id
          join lateral (select h.from_status from status_history h where h.entity = 'adoptive_matchings' and h.entity_id = m.id and h.to_status = 'rejected' order by h.at desc, h.id desc limit 1) r on true
          where m.status = 'rejected' and m.rejected_on is not null and ${stageOfSql(sql`r.from_status`)} is not null
          group by 1, 2, 3, 4, 5, 6
          union all ${serviceDays('servicesGiven', sql`true`)}
          union all ${serviceDays('servicesWithConcern', sql`s.concern`)}`,
    );
    // Each stage a matching went through, from its status history (as src/domain/matchingStage.ts
    // `stagePeriods` reads it): consecutive steps in one stage are one period, entered on its first
    // step's day and left on the next period's first step's day.
    await tx.execute(
      sql`insert into report_stage_days (stage, left_on, head_office_id, sex, age_band, disability, days, n)
          with steps as (
            select h.entity_id, h.at, h.id, ${stepDay} as day, ${stageOfSql(sql`h.to_status`)} as stage
            from status_history h where h.entity = 'adoptive_matchings'
          ), starts as (
            select entity_id, at, id, day, stage,
              stage is distinct from lag(stage) over (partition by entity_id order by at, id) as starts
            from steps
          ), spans as (
            select entity_id, stage, day as entered, lead(day) over (partition by entity_id order by at, id) as left_on
            from starts where starts
          )
          select sp.stage, sp.left_on, m.head_office_id, ${groups}, sp.left_on - sp.entered, count(*)
          from spans sp join adoptive_matchings m on m.id = sp.entity_id join child_infos c on c.id = m.child_id
          where sp.stage is not null and sp.left_on is not null
          group by 1, 2, 3, 4, 5, 6, 7`,
    );
    // By month too: a period's whole months read a tenth of the rows.
    await tx.execute(
      sql`insert into report_child_months (kind, day, head_office_id, sex, age_band, disability, n, days)
          select kind, date_trunc('month', day)::date, head_office_id, sex, age_band, disability, sum(n), sum(days)
          from report_child_days group by 1, 2, 3, 4, 5, 6`,
    );
    await tx.execute(
      sql`insert into report_stage_months (stage, left_on, head_office_id, sex, age_band, disability, days, n)
          select stage, date_trunc('month', left_on)::date, head_office_id, sex, age_band, disability, days, sum(n)
          from report_stage_days group by 1, 2, 3, 4, 5, 6, 7`,
    );
    await tx.execute(
      sql`insert into report_applications_now (head_office_id, status, sex, n)
          select p.head_office_id, p.status, p.applicant1_sex, count(*) from parent_infos p where ${notMerged('p')} group by 1, 2, 3`,
    );
    const inMatching = sql`exists (select 1 from adoptive_matchings am where am.parent_id = p.id and am.status not in ('completed', 'rejected'))`;
    await tx.execute(
      sql`insert into report_application_days (kind, day, head_office_id, sex, n, days)
          select 'received', p.application_date, p.head_office_id, p.applicant1_sex, count(*), 0
          from parent_infos p where p.application_date is not null and ${notMerged('p')} group by 1, 2, 3, 4
          union all
          select 'decided', p.decision_date, p.head_office_id, p.applicant1_sex, count(*), sum(p.decision_date - p.application_date)
          from parent_infos p where p.decision_date is not null and p.status not in ${undecided} and ${notMerged('p')} group by 1, 2, 3, 4
          union all
          select case when ${inMatching} then 'approvedUntilMatched' else 'approvedUntilFree' end,
            p.approved_until, p.head_office_id, p.applicant1_sex, count(*), 0
          from parent_infos p where p.status = 'accepted' and p.approved_until is not null and ${notMerged('p')} group by 1, 2, 3, 4`,
    );
    await tx.execute(
      sql`insert into report_family_proposals (head_office_id, parent_id, day, sex, waited)
          -- The family's office, as every figure of the parents' report (and its list) counts it.
          select p.head_office_id, m.parent_id, m.proposed_date, p.applicant1_sex,
            coalesce(bool_or(p.decision_date <= m.proposed_date - interval '3 months'), false)
          from adoptive_matchings m join parent_infos p on p.id = m.parent_id
          where m.proposed_date is not null group by 1, 2, 3, 4`,
    );
    await tx.execute(
      sql`insert into report_summary_state (id, taken_at, today) values (1, ${takenAt.toISOString()}::timestamptz, ${today}::date)
          on conflict (id) do update set taken_at = excluded.taken_at, today = excluded.today`,
    );
  });

/**
 * The summaries of one app (server/app.ts starts them when it is ready and stops them on close).
 * `maxAgeMs` is how old an answer's summary may be (5 minutes; 0 in the API tests, which read what
 * they just wrote); `refreshMs` the background refresh's interval (0: none).
 */
export const createReportSummaries = ({
  db,
  now,
  maxAgeMs,
  refreshMs,
  onRun,
  jobs,
  logError = (error) => console.error('report summaries: refresh failed', error),
}: {
  db: TDb;
  now: () => number;
  maxAgeMs: number;
  refreshMs: number;
  /** Told of every refresh, its time and result (the server's metrics, issue 36). */
  onRun?: TJobObserver;
  /**
   * Runs the background refresh once per interval across the cluster and records its runs (issue
   * 36); without it (tools, tests of the summaries alone) every tick refreshes.
   */
  jobs?: TJobRunner;
  /** Where a failed background refresh is said (the server's JSON log). */
  logError?: (error: unknown) => void;
}): TReportSummaries => {
  let state: TState | undefined;
  let running: Promise<Date> | undefined;
  let queued: Promise<Date> | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** The background run under way: with its record and lock (server/jobs), not only its refresh. */
  let ticking: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const runOnce = (): Promise<Date> =>
    observed(onRun, now, async () => {
      const takenAt = new Date(now());
      const today = isoDateIn(takenAt);
      await takeSummaries(db, takenAt, today);
      state = { takenAt, today };
      return takenAt;
    });

  // One refresh at a time; a call during one waits for it and then takes one more (what it wrote
  // before the call began may be missing from the one under way), shared by every caller meanwhile.
  const refresh = (): Promise<Date> => {
    if (!running) {
      running = runOnce().finally(() => {
        running = undefined;
      });
      return running;
    }
    if (!queued) {
      const after = running.catch(() => undefined);
      queued = after.then(() => {
        queued = undefined;
        return refresh();
      });
    }
    return queued;
  };

  /** The state another process's refresh may have left (several servers on one database). */
  const storedState = async (): Promise<TState | undefined> => {
    const [row] = await rowsOf<{ taken_at: string | Date; today: string | Date }>(
      db,
      sql`select taken_at, today::text as today from report_summary_state where id = 1`,
    );
    return row ? { takenAt: new Date(row.taken_at), today: String(row.today) } : undefined;
  };

  const fitFor = (candidate: TState | undefined, today: string) =>
    candidate !== undefined && candidate.today === today && now() - candidate.takenAt.getTime() < maxAgeMs;

  const fresh = async (today: string): Promise<Date> => {
    if (state && fitFor(state, today)) return state.takenAt;
    if (maxAgeMs > 0 && !running) {
      const stored = await storedState();
      if (stored && fitFor(stored, today)) {
        state = stored;
        return stored.takenAt;
      }
    }
    // A refresh under way began before this request: it is fit unless reads must be fresh.
    if (running && maxAgeMs > 0) {
      const takenAt = await running.catch(() => undefined);
      if (takenAt && state && fitFor(state, today)) return takenAt;
    }
    return refresh();
  };

  const tick = async (): Promise<boolean> => {
    if (!jobs) {
      await refresh();
      return true;
    }
    const interval = Math.max(refreshMs, 1000);
    const slot = new Date(Math.floor(now() / interval) * interval).toISOString();
    const outcome = await jobs.once('report_summaries_refresh', slot, refresh);
    return outcome.ran;
  };

  const start = () => {
    if (refreshMs <= 0 || timer || stopped) return;
    const background = () => {
      ticking = tick().catch(logError);
    };
    background();
    timer = setInterval(background, refreshMs);
    timer.unref();
  };

  const stop = async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    timer = undefined;
    // The whole background run, so that the database closes after its record is written and its
    // lock's connection is back in the pool (else closing the pool waits for it forever).
    await Promise.allSettled([running, queued, ticking]);
  };

  return { fresh, refresh, tick, start, stop };
};

/** When the summary a snapshot reads was taken (the answer's `asOf`); `fallback` before any. */
export const summaryTakenAt = async (db: TDbOrTx, fallback: Date): Promise<Date> => {
  const [row] = await rowsOf<{ taken_at: string | Date }>(
    db,
    sql`select taken_at from report_summary_state where id = 1`,
  );
  return row ? new Date(row.taken_at) : fallback;
};

/**
 * The rows of a summary kept by day (`{table}_days`) and by month (`{table}_months`) that make up
 * the period: its whole months from the months table, the days before the first and after the last
 * whole month from the days table. Each day is in exactly one of them, so sums stay exact.
 */
export const periodRows = (
  table: 'report_child' | 'report_stage',
  dayColumn: 'day' | 'left_on',
  columns: SQL,
  period: { from: string; to: string },
  condition: SQL,
): SQL => {
  const { firstWhole, afterWhole } = wholeMonths(period);
  const day = sql.identifier(dayColumn);
  return sql`select ${columns} from ${sql.identifier(`${table}_months`)} s
      where s.${day} >= ${firstWhole}::date and s.${day} < ${afterWhole}::date and ${condition}
    union all
    select ${columns} from ${sql.identifier(`${table}_days`)} s
      where ((s.${day} >= ${period.from}::date and s.${day} < ${firstWhole}::date)
        or (s.${day} >= ${afterWhole}::date and s.${day} <= ${period.to}::date)) and ${condition}`;
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
