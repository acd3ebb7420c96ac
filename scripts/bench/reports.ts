/**
 * Benchmark of the reports and the dashboard (issue 24) through the real HTTP server (the app built
 * in-process by benchKit, listening on a free port, called with `fetch` as the signed-in super
 * user): generates the programme's records in SQL (generate_series), then times each report with
 * no filter and with one province, and the dashboard. Prints the generation time and p50/p95/max.
 * Run: npm run bench:reports   (embedded PGlite in a temporary directory: 100,000 children)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:reports
 *      (1,000,000 children; the database `bench_reports` is dropped and created through that
 *      connection, and dropped at the end unless BENCH_KEEP=1 keeps it for EXPLAIN ANALYZE)
 * BENCH_CHILDREN=n sets the size (the other records follow in proportion); BENCH_RUNS the timed calls;
 * BENCH_DATABASE names the PostgreSQL database (default `bench_reports`: helpers sharing a server
 * each take their own). The dashboard and the work queue are timed for the super user and for a
 * provincial user of the office with the most children (issue 37).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/password';
import { ensureRole, upsertUser } from '../../server/db/fixtures';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import { developerOnlyPermission, superUserOnlyPermission } from '../../src/domain/permissions';
import { matchingWorkflowActions } from '../../src/domain/workflows/matching.workflow';
import type { TTimingCase } from './benchKit';
import {
  benchAdminPassword,
  listenAsAdmin,
  machineNote,
  openBenchApp,
  printTimingTable,
  runBench,
} from './benchKit';

const postgres = Boolean(process.env.DATABASE_URL);
const childCount = Number(process.env.BENCH_CHILDREN ?? (postgres ? 1_000_000 : 100_000));
/** Per 1,000,000 children, as the issue sizes them. */
const perMillion = (n: number) => Math.round((n * childCount) / 1_000_000);
const applicationCount = perMillion(300_000);
const matchingCount = perMillion(200_000);
const serviceCount = perMillion(600_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);

/** A pseudo-random number in 0..n-1 from a row number and a salt (hashint4 is in PostgreSQL and PGlite). */
const pick = (row: string, salt: number, n: number) =>
  `((hashint4(${row} * 31 + ${salt})::bigint + 2147483648) % ${n})::int`;
const textArray = (values: readonly string[]) => `array[${values.map((one) => `'${one}'`).join(',')}]`;
const oneOf = (row: string, salt: number, values: readonly string[]) =>
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
const path = [
  'proposed',
  'adoptionPending',
  'adoptionConfirmed',
  'testing',
  'testPending',
  'testConfirmed',
  'warrantPending',
  'warrantRequested',
  'warranted',
  'keepRequested',
  'completed',
];
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

const generation = (): [label: string, statement: string][] => [
  [
    `${childCount} children`,
    `insert into child_infos (code, family_name_kh, given_name_kh, family_name_en, given_name_en, sex,
       date_of_birth, head_office_id, admitted_on, status, adoption_confirmed_on)
     select 'BR-C-' || lpad(g::text, 7, '0'), ${oneOf('g', 1, ['សុខ', 'ចាន់', 'ហេង', 'លី'])}, ${oneOf('g', 2, ['សុភា', 'វណ្ណា', 'ដារ៉ា'])},
       ${oneOf('g', 1, ['Sok', 'Chan', 'Heng', 'Ly'])}, 'Dara ' || g, case when g % 2 = 0 then 'male' else 'female' end,
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
     select 'BR-P-' || lpad(g::text, 7, '0'), 'couple', 'ចាន់', 'វណ្ណា', 'Chan', 'Vanna ' || g,
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
     select 'BR-M-' || lpad(g::text, 7, '0'), c.id, p.id, c.head_office_id, start.proposed,
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
     select 'BR-S-' || lpad(g::text, 7, '0'), d.id, d.child_id, d.head_office_id, d.completed_on,
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

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

const main = async () => {
  // BENCH_REUSE=1 times the database a BENCH_KEEP=1 run left (migrated again, not generated again).
  const reuse = postgres && process.env.BENCH_REUSE === '1';
  const { app, close } = await openBenchApp({
    databaseName: process.env.BENCH_DATABASE ?? 'bench_reports',
    reuse,
  });
  try {
    const started = performance.now();
    const steps: string[] = [];
    for (const [label, statement] of reuse ? [] : generation()) {
      const stepStart = performance.now();
      await app.db.execute(sql.raw(statement));
      steps.push(`${label} ${((performance.now() - stepStart) / 1000).toFixed(1)} s`);
      console.log(`generated ${steps[steps.length - 1]}`);
    }
    // As the other benchmarks: PostgreSQL's autovacuum analyzes freshly loaded tables within a
    // minute, and the server does it on PGlite at start and every ten minutes.
    const vacuumStart = performance.now();
    await app.db.execute(sql.raw('vacuum analyze'));
    steps.push(`vacuum analyze ${((performance.now() - vacuumStart) / 1000).toFixed(1)} s`);
    // The reports' kept counts taken from the records just generated, by the server's own refresh
    // (the one it runs every 4 minutes): the time a refresh takes at this size.
    const refreshStart = performance.now();
    await app.reportSummaries.refresh();
    const refreshSeconds = ((performance.now() - refreshStart) / 1000).toFixed(1);
    steps.push(`report summaries refreshed ${refreshSeconds} s`);
    console.log(`report summaries refreshed in ${refreshSeconds} s`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const counts = rowsOf(
      await app.db.execute(
        sql.raw(`select
          (select count(*) from child_infos) as children,
          (select count(*) from child_disabilities) as disabilities,
          (select count(*) from parent_infos) as applications,
          (select count(*) from adoptive_matchings) as matchings,
          (select count(*) from status_history) as history,
          (select count(*) from post_adoption_services) as services,
          (select count(*) from audit_log) as audit`),
      ),
    )[0];
    // The province of the office with the most children: the largest single-province report.
    const [province] = rowsOf(
      await app.db.execute(
        sql.raw(`select ho.province_id as id, count(*) as n from child_infos c
          join head_offices ho on ho.id = c.head_office_id group by 1 order by 2 desc limit 1`),
      ),
    );

    // A provincial user of the provincial office with the most children, holding every permission.
    const [office] = rowsOf(
      await app.db.execute(
        sql.raw(`select c.head_office_id as id, count(*) as n from child_infos c
          join head_offices ho on ho.id = c.head_office_id and ho.class = 'provincial'
          group by 1 order by 2 desc limit 1`),
      ),
    );
    const roleId = await ensureRole(
      app.db,
      'Bench provincial',
      permissionCatalogue
        .map((one) => one.name)
        .filter((name) => name !== superUserOnlyPermission && name !== developerOnlyPermission),
    );
    const provincialId = await upsertUser(app.db, {
      username: 'bench-provincial',
      name: 'Bench provincial',
      passwordHash: await hashPassword(benchAdminPassword),
      roleId,
    });
    await app.db.execute(sql`update users set head_office_id = ${office.id} where id = ${provincialId}`);

    const { base, accessToken } = await listenAsAdmin(app);
    const signIn = await fetch(`${base}/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench-provincial', password: benchAdminPassword }),
    });
    if (signIn.status !== 200) throw new Error(`provincial sign-in answered ${signIn.status}`);
    const provincialToken = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
    const get = async (path: string, token = accessToken) => {
      const response = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${token}`, locale: 'kh' },
      });
      if (response.status !== 200)
        throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { data: { indicators?: { key: string; value: number }[] } };
    };
    /** The figure a case shows beside its time: a report's children or applications counted. */
    const total = (prefix: string) => async (path: string) =>
      ((await get(path)).data.indicators ?? [])
        .filter((one) => one.key.startsWith(prefix))
        .reduce((sum, one) => sum + one.value, 0);
    const children = total('children.');
    const applications = total('applications.');
    const dashboard = async (token = accessToken) => {
      const body = (await get('/dashboard', token)) as unknown as {
        data: { children?: { byStatus: { value: number }[] } };
      };
      return (body.data.children?.byStatus ?? []).reduce((sum, one) => sum + one.value, 0);
    };
    /** The work queue's items answered and its total ('about' when estimated). */
    const workQueue = async (token = accessToken) => {
      const body = (await get('/work-queue', token)) as unknown as {
        data: unknown[];
        total: number;
        totalExact?: boolean;
      };
      return `${body.data.length} of ${body.totalExact === false ? 'about ' : ''}${body.total}`;
    };
    const cases: TTimingCase[] = [
      ['GET /reports/children', () => children('/reports/children'), runs],
      [
        `GET /reports/children?provinceId=${province.id}`,
        () => children(`/reports/children?provinceId=${province.id}`),
        runs,
      ],
      ['GET /reports/parents', () => applications('/reports/parents'), runs],
      [
        `GET /reports/parents?provinceId=${province.id}`,
        () => applications(`/reports/parents?provinceId=${province.id}`),
        runs,
      ],
      ['GET /dashboard (super user)', () => dashboard(), runs],
      [`GET /dashboard (provincial user, office ${office.id})`, () => dashboard(provincialToken), runs],
      ['GET /work-queue (super user)', () => workQueue(), runs],
      [`GET /work-queue (provincial user, office ${office.id})`, () => workQueue(provincialToken), runs],
    ];

    console.log(
      `Database: ${postgres ? 'PostgreSQL' : 'PGlite'}; generated in ${seconds} s (${steps.join('; ')}); ` +
        `rows: ${Object.entries(counts)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ')}; ${machineNote()}`,
    );
    await printTimingTable('call (matches: children / applications counted)', cases);
    console.log(machineNote());
  } finally {
    await close(reuse || process.env.BENCH_KEEP === '1');
  }
};

runBench(main);
