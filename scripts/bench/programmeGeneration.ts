/**
 * The programme's records generated in SQL (generate_series, hashint4: PostgreSQL and PGlite alike),
 * shared by the benchmarks (reports, lists, scale, the embedded database under report loops):
 * children with common Khmer names and their Latin spellings, applications, matchings with their
 * status history, post-adoption services and one audit row a record, spread over the head offices.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../server/audit';
import { rebuildReportSummaries } from '../../server/modules/reports/reportSummaries';
import { matchingStatuses, matchingWorkflowActions } from '../../src/domain/workflows/matching.workflow';

/** Common Khmer family and given names, each with its usual Latin spelling. */
export const familyNames: [kh: string, en: string][] = [
  ['សុខ', 'Sok'],
  ['ចាន់', 'Chan'],
  ['ហេង', 'Heng'],
  ['លី', 'Ly'],
  ['គឹម', 'Kim'],
  ['ជា', 'Chea'],
  ['មាស', 'Meas'],
  ['កែវ', 'Keo'],
  ['សេង', 'Seng'],
  ['ប្រាក់', 'Prak'],
  ['ងួន', 'Nguon'],
  ['ទូច', 'Touch'],
];
export const givenNames: [kh: string, en: string][] = [
  ['ដារ៉ា', 'Dara'],
  ['សុភា', 'Sophea'],
  ['វណ្ណា', 'Vanna'],
  ['បុប្ផា', 'Bopha'],
  ['សុខា', 'Sokha'],
  ['ពិសី', 'Pisey'],
  ['រិទ្ធី', 'Rithy'],
  ['ចិន្តា', 'Chenda'],
  ['កុសល', 'Kosal'],
  ['ស្រីមុំ', 'Sreymom'],
  ['វាសនា', 'Veasna'],
  ['មករា', 'Makara'],
  ['សុធា', 'Sothea'],
  ['ធីតា', 'Thida'],
  ['ពិសិដ្ឋ', 'Piseth'],
  ['ណារី', 'Nary'],
  ['វិជ្ជា', 'Vichea'],
  ['សំណាង', 'Samnang'],
  ['រតនា', 'Rathana'],
  ['សុវណ្ណ', 'Sovann'],
];
/** A pseudo-random number in 0..n-1 from a row number and a salt (hashint4 is in PostgreSQL and PGlite). */
export const pick = (row: string, salt: number, n: number) =>
  `((hashint4(${row} * 31 + ${salt})::bigint + 2147483648) % ${n})::int`;
export const textArray = (values: readonly string[]) => `array[${values.map((one) => `'${one}'`).join(',')}]`;
export const oneOf = (row: string, salt: number, values: readonly string[]) =>
  `(${textArray(values)})[1 + ${pick(row, salt, values.length)}]`;

/** Child statuses, weighted by repetition (every one present). */
const childStatuses = [
  'registered',
  'registered',
  'registered',
  'adoptable',
  'adoptable',
  'adoptable',
  'matched',
  'matched',
  'adopted',
  'adopted',
  'adopted',
  'longTerm',
  'international',
];
const applicationStatuses = [
  'pending',
  'pending',
  'accepted',
  'accepted',
  'accepted',
  'matched',
  'adopted',
  'rejected',
];

/** The way through a matching's statuses, one step each, as the workflow takes them. */
const path: readonly string[] = matchingStatuses.filter((status) => status !== 'rejected');
/** The action that enters `path[i]` (the first row is the proposal). */
const pathActions = [
  'propose',
  'pending-adoption',
  'confirm-adoption',
  'test-adoption',
  'pending-test',
  'confirm-test',
  'pending-warrant',
  'request-warrant',
  'confirm-warrant',
  'child-keep',
  'child-keep-approve',
];
/** The rejection from each stage: the proposal's, the trial's, the warrant's (keeping has none: the warrant's). */
const rejectActions = [
  'reject-adoption',
  'reject-adoption',
  'reject-adoption',
  'reject-test',
  'reject-test',
  'reject-test',
  'reject-warrant',
  'reject-warrant',
  'reject-warrant',
  'reject-warrant',
];
for (const action of [...pathActions.slice(1), ...rejectActions])
  if (!(action in matchingWorkflowActions)) throw new Error(`no matching action ${action}`);

/**
 * A matching's plan from its number `g`: `reached` (1..11, the index in `path` of the last status
 * it reached; 12 marks a rejection after `rejectedAfter`), `span` days between steps, `proposed`.
 * A quarter completed, a sixth rejected, the rest spread over the stages; proposals over four years.
 */
const matchingPlan = `
  cross join lateral (select
    case when ${pick('g', 11, 12)} < 3 then 11 when ${pick('g', 11, 12)} < 5 then 12 else 1 + ${pick('g', 12, 10)} end as reached,
    1 + ${pick('g', 13, 30)} as span,
    1 + ${pick('g', 14, 9)} as rejected_after) plan
  cross join lateral (select current_date - (
    case when plan.reached = 12 then plan.rejected_after else least(plan.reached, 11) - 1 end * plan.span
  ) - ${pick('g', 15, 1400)} as proposed) start`;
/** The day of step `j` (1-based) of the plan. */
const stepDay = (j: string) => `(start.proposed + (${j} - 1) * plan.span)`;

/** Per 1,000,000 children, as issue 37 sizes the other records. */
export const programmeSizes = (childCount: number) => {
  const perMillion = (n: number) => Math.round((n * childCount) / 1_000_000);
  return {
    childCount,
    applicationCount: perMillion(300_000),
    matchingCount: perMillion(200_000),
    serviceCount: perMillion(600_000),
  };
};

/** A name column of the lists above, picked by `salt` (the Khmer and the Latin of one name agree). */
const nameOf = (names: readonly [string, string][], language: 0 | 1, salt: number) =>
  oneOf(
    'g',
    salt,
    names.map((name) => name[language]),
  );

/**
 * The statements that generate the programme, in order, each with a label; codes start with
 * `prefix` (`BR`: `BR-C-0000001`…).
 */
export const programmeGeneration = (
  childCount: number,
  prefix = 'BR',
): [label: string, statement: string][] => {
  const { applicationCount, matchingCount, serviceCount } = programmeSizes(childCount);
  return [
    [
      `${childCount} children`,
      `insert into child_infos (code, family_name_kh, given_name_kh, family_name_en, given_name_en, sex,
       date_of_birth, head_office_id, admitted_on, status, adoption_confirmed_on)
     select '${prefix}-C-' || lpad(g::text, 7, '0'), ${nameOf(familyNames, 0, 1)}, ${nameOf(givenNames, 0, 2)},
       ${nameOf(familyNames, 1, 1)}, ${nameOf(givenNames, 1, 2)}, case when g % 2 = 0 then 'male' else 'female' end,
       birth.day, o.ids[1 + ${pick('g', 3, 1000)} % array_length(o.ids, 1)],
       case when ${pick('g', 4, 20)} > 0 then care.day end, s.status,
       case when s.status in ('adoptable', 'matched', 'adopted') then least(current_date, care.day + 30 + ${pick('g', 6, 400)}) end
     from generate_series(1, ${childCount}) g
     cross join (select array_agg(id order by id) as ids from head_offices) o
     cross join lateral (select current_date - ${pick('g', 7, 6570)} as day) birth
     cross join lateral (select least(current_date, birth.day + ${pick('g', 8, 2000)}) as day) care
     cross join lateral (select ${oneOf('g', 9, childStatuses)} as status) s`,
    ],
    [
      'disabilities (one child in eight)',
      `insert into child_disabilities (child_id, disability_id)
     select c.id, d.ids[1 + c.id % array_length(d.ids, 1)]
     from child_infos c cross join (select array_agg(id order by id) as ids from reference_items where list = 'child_disabilities') d
     where c.id % 8 = 0`,
    ],
    [
      `${applicationCount} applications`,
      `insert into parent_infos (code, applicant_type, applicant1_family_name_kh, applicant1_given_name_kh,
       applicant1_family_name_en, applicant1_given_name_en, applicant1_sex, head_office_id, application_date,
       status, decision_date, approved_until)
     select '${prefix}-P-' || lpad(g::text, 7, '0'), 'couple', ${nameOf(familyNames, 0, 25)}, ${nameOf(givenNames, 0, 26)},
       ${nameOf(familyNames, 1, 25)}, ${nameOf(givenNames, 1, 26)},
       case when g % 3 = 0 then 'male' else 'female' end, o.ids[1 + ${pick('g', 21, 1000)} % array_length(o.ids, 1)],
       a.day, s.status, case when s.status <> 'pending' then d.day end,
       case when s.status in ('accepted', 'matched', 'adopted') then d.day + 730 end
     from generate_series(1, ${applicationCount}) g
     cross join (select array_agg(id order by id) as ids from head_offices) o
     cross join lateral (select current_date - ${pick('g', 22, 1460)} as day) a
     cross join lateral (select least(current_date, a.day + 10 + ${pick('g', 23, 200)}) as day) d
     cross join lateral (select ${oneOf('g', 24, applicationStatuses)} as status) s`,
    ],
    [
      `${matchingCount} matchings`,
      `insert into adoptive_matchings (code, child_id, parent_id, head_office_id, proposed_date, status,
       last_step_date, stage_entered_on, trial_start, keep_requested_on, completed_on, rejected_on, rejection_reason)
     select '${prefix}-M-' || lpad(g::text, 7, '0'), c.id, p.id, c.head_office_id, start.proposed,
       case when plan.reached = 12 then 'rejected' else (${textArray(path)})[plan.reached] end,
       ${stepDay('case when plan.reached = 12 then plan.rejected_after + 1 else plan.reached end')},
       ${stepDay('case when plan.reached >= 10 then 10 when plan.reached >= 7 then 7 when plan.reached >= 4 then 4 else 1 end')},
       case when plan.reached between 4 and 11 or (plan.reached = 12 and plan.rejected_after >= 4) then ${stepDay('4')} end,
       case when plan.reached between 10 and 11 then ${stepDay('10')} end,
       case when plan.reached = 11 then ${stepDay('11')} end,
       case when plan.reached = 12 then ${stepDay('plan.rejected_after + 1')} end,
       case when plan.reached = 12 then 'bench' end
     from generate_series(1, ${matchingCount}) g
     ${matchingPlan}
     join child_infos c on c.id = (select min(id) from child_infos) + (g * 5 - 1) % ${childCount}
     join parent_infos p on p.id = (select min(id) from parent_infos) + (g - 1) % ${applicationCount}`,
    ],
    [
      'matching status history',
      `insert into status_history (entity, entity_id, action, from_status, to_status, payload, user_id, at)
     select 'adoptive_matchings', m.id,
       case when j > last.steps then (${textArray(rejectActions)})[plan.rejected_after] else (${textArray(pathActions)})[j] end,
       case when j = 1 then '' else (${textArray(path)})[j - 1] end,
       case when j > last.steps then 'rejected' else (${textArray(path)})[j] end,
       case when j = 1 then '{}'::jsonb else jsonb_build_object('date', ${stepDay('j')}) end,
       1, (${stepDay('j')})::timestamp + interval '3 hours'
     from generate_series(1, ${matchingCount}) g
     ${matchingPlan}
     join adoptive_matchings m on m.id = (select min(id) from adoptive_matchings) + g - 1
     cross join lateral (select case when plan.reached = 12 then plan.rejected_after else plan.reached end as steps) last
     cross join lateral generate_series(1, last.steps + (plan.reached = 12)::int) j`,
    ],
    [
      `${serviceCount} services`,
      `with done as (
       select id, child_id, head_office_id, completed_on, row_number() over (order by id) as n
       from adoptive_matchings where status = 'completed'),
     counted as (select count(*)::int as total from done)
     insert into post_adoption_services (code, matching_id, child_id, head_office_id, adopted_on, service_type,
       planned_date, actual_date, status, concern, origin)
     select '${prefix}-S-' || lpad(g::text, 7, '0'), d.id, d.child_id, d.head_office_id, d.completed_on,
       ${oneOf('g', 31, ['homeVisit', 'counselling', 'healthCheck'])}, planned.day,
       case when s.status = 'confirmed' then least(current_date, planned.day + ${pick('g', 32, 10)}) end,
       s.status, s.status = 'confirmed' and ${pick('g', 33, 10)} = 0, 'schedule'
     from generate_series(1, ${serviceCount}) g
     cross join counted
     join done d on d.n = 1 + (g - 1) % counted.total
     cross join lateral (select d.completed_on + 30 * (1 + ((g - 1) / counted.total) % 24) as day) planned
     cross join lateral (select case when planned.day >= current_date - 7 then 'pending'
       else ${oneOf('g', 34, ['confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'pending', 'rejected'])} end as status) s`,
    ],
    [
      'audit log (one creation a record)',
      `insert into audit_log (user_id, entity, entity_id, action, created_at)
     select 1, t.entity, t.id, 'create', t.at from (
       select 'child_infos' as entity, id, current_timestamp - (${pick('id', 41, 1460 * 24)} * interval '1 hour') as at from child_infos
       union all select 'parent_infos', id, current_timestamp - (${pick('id', 42, 1460 * 24)} * interval '1 hour') from parent_infos
       union all select 'adoptive_matchings', id, current_timestamp - (${pick('id', 43, 1460 * 24)} * interval '1 hour') from adoptive_matchings
       union all select 'post_adoption_services', id, current_timestamp - (${pick('id', 44, 1460 * 24)} * interval '1 hour') from post_adoption_services
     ) t`,
    ],
  ];
};

/** The tables whose changes the reports' triggers follow (migration 0036). */
const reportedTables = [
  'child_infos',
  'child_disabilities',
  'adoptive_matchings',
  'post_adoption_services',
  'status_history',
  'parent_infos',
];

/**
 * The programme generated as a bulk load is made: the reports' triggers off (each row would
 * re-derive its child's facts: 1.7 ms a row), the statements, the statistics (as autovacuum, or
 * the server on PGlite, takes them), then the kept counts rebuilt once (`npm run reports:rebuild`).
 * Each step is told to `onStep` with its seconds.
 */
export const loadProgramme = async (
  db: TDbOrTx,
  statements: [string, string][],
  onStep: (label: string, seconds: number) => void,
) => {
  const timed = async (label: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    onStep(label, (performance.now() - started) / 1000);
  };
  const triggers = async (state: 'enable' | 'disable') => {
    for (const table of reportedTables)
      await db.execute(sql.raw(`alter table ${table} ${state} trigger report_row_changed`));
  };
  await triggers('disable');
  try {
    for (const [label, statement] of statements) await timed(label, () => db.execute(sql.raw(statement)));
  } finally {
    await triggers('enable');
  }
  await timed('vacuum analyze', () => db.execute(sql.raw('vacuum analyze')));
  await timed('report summaries rebuilt', () => rebuildReportSummaries(db));
};

/** The rows of each kind the programme holds (what a bench prints beside its generation time). */
export const programmeCounts = async (db: TDbOrTx): Promise<Record<string, unknown>> => {
  const result = await db.execute(
    sql.raw(`select
      (select count(*) from child_infos) as children,
      (select count(*) from child_disabilities) as disabilities,
      (select count(*) from parent_infos) as applications,
      (select count(*) from adoptive_matchings) as matchings,
      (select count(*) from status_history) as history,
      (select count(*) from post_adoption_services) as services,
      (select count(*) from audit_log) as audit`),
  );
  return (
    (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[]
  )[0];
};
