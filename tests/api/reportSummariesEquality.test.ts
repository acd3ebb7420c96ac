import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rowsOf';
import {
  childDisabilities,
  headOffices,
  provinces,
  referenceItems,
  statusHistory,
} from '../../server/db/schema';
import { rebuildReportSummaries } from '../../server/modules/reports/reportSummaries';
import { addMonths } from '../../src/domain/addMonths';
import { matchingStageNames } from '../../src/domain/matchingStage';
import { isoDateIn } from '../../src/domain/programmeTime';
import type { TReportAnswer } from '../../src/domain/reports/reportAnswer';
import { addDays } from '../../src/domain/serviceSchedule';
import { systemSettingDefaults } from '../../src/domain/systemSettingDefaults';
import { matchingStages, matchingStatuses } from '../../src/domain/workflows/matching.workflow';
import { file, multipart } from './support/multipart';
import { insertApplication, insertChild, insertMatching, insertService } from './support/recordFixtures';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * Issue 37, 'Done when': the reports' and the dashboard's kept counts (migration 0036, kept by
 * triggers as the records change) equal the same figures computed from the records, on random
 * records taken through workflow steps, edits, merges, deletes and an import. "From the records":
 * every summary derived again from them (`report_rebuild`), every figure of both reports and the
 * dashboard compared under several filters, and the children's counts by status and age band
 * counted directly on the children.
 */
let t: TTestApp;
let token: string;
let today: string;
let offices: number[];
let province2: number;

/** A small seeded generator: the same records at every run. */
let seed = 37;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
const chance = (p: number) => random() < p;
const daysAgo = (n: number) => addDays(today, -n);

const childStatuses = ['registered', 'adoptable', 'matched', 'adopted', 'longTerm', 'international'];
const parentStatuses = ['pending', 'acceptanceRequested', 'accepted', 'matched', 'adopted', 'rejected'];
/** The matching's way, one step each; `rejected` may follow any of the first nine. */
const path: readonly string[] = matchingStatuses.filter((status) => status !== 'rejected');

const get = async (url: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...t.bearer(token), locale: 'en' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown>;
};
/** Every figure of an answer, without when it was asked. */
const figures = async (url: string) => {
  const { asOf: _asOf, ...rest } = await get(url);
  return rest;
};

/** A step of a matching as the workflow writes it: its status and its history row. */
const step = async (matchingId: number, from: string, to: string, day: string) => {
  await t.app.db.insert(statusHistory).values({
    entity: 'adoptive_matchings',
    entityId: matchingId,
    action: to,
    fromStatus: from,
    toStatus: to,
    payload: { date: day },
    at: new Date(`${day}T03:00:00Z`),
  });
  await t.app.db.execute(
    sql`update adoptive_matchings set status = ${to}, last_step_date = ${day}::date, stage_entered_on = ${day}::date,
          trial_start = case when ${to} = 'testing' then ${day}::date else trial_start end,
          keep_requested_on = case when ${to} = 'keepRequested' then ${day}::date else keep_requested_on end,
          completed_on = case when ${to} = 'completed' then ${day}::date else completed_on end,
          rejected_on = case when ${to} = 'rejected' then ${day}::date else rejected_on end
        where id = ${matchingId}`,
  );
};

const filters = () => [
  '',
  `?headOfficeId=${offices[1]}`,
  `?provinceId=${province2}`,
  '?sex=female',
  '?ageBand=0-2',
  '?ageBand=3-5',
  '?ageBand=12-17',
  '?disability=true',
  '?disability=false&sex=male',
  `?from=${addMonths(today, -30)}&to=${addDays(addMonths(today, -6), 9)}`,
  `?from=${addMonths(today, -30)}&to=${today}&ageBand=6-11`,
];

/** Every kept summary's rows that count something, in one order. */
const keptRows = async () => {
  const tables = [
    'report_child_now',
    'report_child_now_year',
    'report_child_day',
    'report_child_month',
    'report_stage_day',
    'report_stage_month',
    'report_application_now',
    'report_application_day',
    'report_matching_now',
  ];
  const kept: Record<string, unknown[]> = {};
  for (const table of tables)
    kept[table] = await rowsOf(
      t.app.db,
      sql`select * from ${sql.identifier(table)} s where s.n <> 0 order by ${sql.raw(
        table.includes('now') ? '1, 2, 3' : '1, 2, 3, 4, 5',
      )}, s::text`,
    );
  for (const table of ['report_child_facts', 'report_parent_facts'])
    kept[table] = await rowsOf(t.app.db, sql`select * from ${sql.identifier(table)} s order by s::text`);
  return kept;
};

/**
 * The children's report's age bands on `day` against the children counted straight from the records
 * (the kept counts move the children on one side of each boundary day: either side is taken, by the
 * half of the year the day falls in).
 */
const bandsAgree = async (report: TReportAnswer['data'], day: string) => {
  const bands = await rowsOf<{ band: string | null; n: string }>(
    t.app.db,
    sql`select case
          when date_of_birth > ${addMonths(day, -36)}::date and date_of_birth <= ${day}::date then '0-2'
          when date_of_birth > ${addMonths(day, -72)}::date and date_of_birth <= ${addMonths(day, -36)}::date then '3-5'
          when date_of_birth > ${addMonths(day, -144)}::date and date_of_birth <= ${addMonths(day, -72)}::date then '6-11'
          when date_of_birth > ${addMonths(day, -216)}::date and date_of_birth <= ${addMonths(day, -144)}::date then '12-17'
        end as band, count(*) as n
        from child_infos where merged_into_id is null and head_office_id in (select id from head_offices where code like 'HO-EQ-%')
        group by 1`,
  );
  for (const band of ['0-2', '3-5', '6-11', '12-17']) {
    const row = report.breakdowns.ageBand.find((one) => one.id === band);
    const counted = Object.values(row?.values ?? {}).reduce((sum, n) => sum + n, 0);
    expect(counted, `${band} on ${day}`).toBe(Number(bands.find((one) => one.band === band)?.n ?? 0));
  }
};

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn('admin', adminPassword)).accessToken;
  today = isoDateIn(new Date(t.clock.now()));
  const [first, second] = await t.app.db
    .select({ id: provinces.id })
    .from(provinces)
    .orderBy(provinces.id)
    .limit(2);
  province2 = second.id;
  offices = [];
  for (const [code, provinceId] of [
    ['HO-EQ-1', first.id],
    ['HO-EQ-2', second.id],
    ['HO-EQ-3', second.id],
  ] as const)
    offices.push(
      (
        await t.app.db
          .insert(headOffices)
          .values({ code, name: { kh: code, en: code }, class: 'provincial', provinceId })
          .returning({ id: headOffices.id })
      )[0].id,
    );
}, 60_000);
afterAll(async () => t?.close());

describe('the kept report counts equal the records', () => {
  it('after random records, workflow steps, edits, merges, deletes and an import', async () => {
    const db = t.app.db;
    const options = { today, prefix: 'EQ' };
    const [disability] = await db
      .insert(referenceItems)
      .values({ list: 'child_disabilities', code: 'EQ-D', name: { kh: 'ព', en: 'D' } })
      .returning({ id: referenceItems.id });
    // Birth days on and around the age bands' boundaries (3, 6, 12 and 18 years ago) and anywhere.
    const birthDay = () =>
      chance(0.4)
        ? addDays(addMonths(today, -12 * pick([0, 3, 6, 12, 18])), pick([-1, 0, 1, 2]))
        : daysAgo(Math.floor(random() * 20 * 365));
    const children: number[] = [];
    for (let i = 0; i < 60; i++) {
      const admitted = chance(0.8) ? daysAgo(300 + Math.floor(random() * 1500)) : null;
      const child = await insertChild(
        db,
        {
          headOfficeId: pick(offices),
          status: pick(childStatuses),
          sex: pick(['male', 'female']),
          dateOfBirth: birthDay(),
          admittedOn: admitted,
          adoptionConfirmedOn:
            admitted && chance(0.7) ? addDays(admitted, 30 + Math.floor(random() * 200)) : null,
        },
        options,
      );
      children.push(child.id);
      if (chance(0.2))
        await db.insert(childDisabilities).values({ childId: child.id, disabilityId: disability.id });
    }
    const parents: number[] = [];
    for (let i = 0; i < 25; i++) {
      const applied = daysAgo(200 + Math.floor(random() * 900));
      const status = pick(parentStatuses);
      const decided = ['pending', 'acceptanceRequested'].includes(status)
        ? null
        : addDays(applied, Math.floor(random() * 120));
      parents.push(
        (
          await insertApplication(
            db,
            {
              headOfficeId: pick(offices),
              status,
              applicant1Sex: pick(['male', 'female', null]),
              applicationDate: applied,
              decisionDate: decided,
              approvedUntil:
                decided && chance(0.8) ? addDays(decided, 200 + Math.floor(random() * 600)) : null,
            },
            options,
          )
        ).id,
      );
    }
    // Matchings taken some way through the workflow, a day to a month a step.
    const matchings: { id: number; status: string; day: string; childId: number }[] = [];
    for (let i = 0; i < 30; i++) {
      const proposed = daysAgo(100 + Math.floor(random() * 700));
      const m = await insertMatching(
        db,
        {
          headOfficeId: pick(offices),
          childId: pick(children),
          parentId: pick(parents),
          proposedDate: proposed,
        },
        options,
      );
      await db.insert(statusHistory).values({
        entity: 'adoptive_matchings',
        entityId: m.id,
        action: 'propose',
        fromStatus: 'new',
        toStatus: 'proposed',
        payload: { date: proposed },
        at: new Date(`${proposed}T03:00:00Z`),
      });
      let day = proposed;
      let status = 'proposed';
      const steps = Math.floor(random() * path.length);
      for (let s = 1; s <= steps && day < today; s++) {
        day = addDays(day, 1 + Math.floor(random() * 30));
        const to = s < 10 && chance(0.1) ? 'rejected' : path[s];
        await step(m.id, status, to, day);
        status = to;
        if (to === 'rejected') break;
      }
      matchings.push({ id: m.id, status, day, childId: m.childId });
    }
    // Services after the completed ones: given (some with a concern) or pending.
    for (const m of matchings.filter((one) => one.status === 'completed')) {
      for (let s = 0; s < 3; s++) {
        const given = chance(0.6);
        await insertService(
          db,
          { id: m.id, childId: m.childId, headOfficeId: pick(offices), completedOn: m.day } as never,
          {
            plannedDate: addDays(m.day, 30 * (s + 1)),
            status: given ? 'confirmed' : 'pending',
            actualDate: given ? addDays(m.day, 30 * (s + 1) + 2) : null,
            concern: given && chance(0.3),
          },
          options,
        );
      }
    }

    // Changes as the engines make them: more workflow steps, edits of what the reports group by,
    // disabilities added and taken away, merges, deletes and an import (one statement, many rows).
    for (const m of matchings.filter((one) => !['completed', 'rejected'].includes(one.status)).slice(0, 6)) {
      const next = path[path.indexOf(m.status) + 1] ?? 'rejected';
      await step(m.id, m.status, next, addDays(m.day, 3));
    }
    for (const id of children.slice(0, 8)) {
      await db.execute(
        sql`update child_infos set head_office_id = ${pick(offices)}, sex = ${pick(['male', 'female'])},
              date_of_birth = ${birthDay()}::date, status = ${pick(childStatuses)} where id = ${id}`,
      );
    }
    await db.execute(
      sql`delete from child_disabilities where child_id in (select child_id from child_disabilities limit 3)`,
    );
    for (const id of children.slice(8, 12))
      await db
        .insert(childDisabilities)
        .values({ childId: id, disabilityId: disability.id })
        .onConflictDoNothing();
    await db.execute(
      sql`update parent_infos set head_office_id = ${offices[2]}, applicant1_sex = 'female' where id = ${parents[0]}`,
    );
    // A child merged into another: its matchings and services now the other's, itself counted nowhere.
    const [from, into] = [matchings[0].childId, children[59]];
    await db.transaction(async (tx) => {
      await tx.execute(sql`update adoptive_matchings set child_id = ${into} where child_id = ${from}`);
      await tx.execute(sql`update post_adoption_services set child_id = ${into} where child_id = ${from}`);
      await tx.execute(sql`update child_infos set merged_into_id = ${into} where id = ${from}`);
    });
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update adoptive_matchings set parent_id = ${parents[1]} where parent_id = ${parents[2]}`,
      );
      await tx.execute(sql`update parent_infos set merged_into_id = ${parents[1]} where id = ${parents[2]}`);
    });
    await db.execute(
      sql`delete from post_adoption_services where id in (select id from post_adoption_services order by id limit 2)`,
    );
    const doomed = matchings.find((one) => one.status === 'rejected') ?? matchings[1];
    await db.execute(sql`delete from post_adoption_services where matching_id = ${doomed.id}`);
    await db.execute(sql`delete from adoptive_matchings where id = ${doomed.id}`);
    await db.execute(
      sql`delete from child_infos where id = (select c.id from child_infos c where not exists
            (select 1 from adoptive_matchings m where m.child_id = c.id) and c.merged_into_id is null
            and not exists (select 1 from child_infos o where o.merged_into_id = c.id) order by c.id limit 1)`,
    );
    // An import through the API (a workbook checked, then committed: one transaction, many rows).
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Children');
    const rows = [
      ['Code', 'Sex', 'Family name (Latin)', 'Given name (Latin)', 'Date of birth', 'Head office'],
      ...Array.from({ length: 12 }, (_, i) => [
        null,
        i % 2 ? 'female' : 'male',
        'Imported',
        `Child ${i}`,
        i === 0 ? addMonths(today, -36) : daysAgo(40 + i * 531),
        'HO-EQ-2',
      ]),
    ];
    rows.forEach((row, index) => {
      sheet.getRow(index + 1).values = row as ExcelJS.CellValue[];
    });
    const body = multipart([file('children.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()))]);
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload/children/dry-run',
      payload: body.payload,
      headers: { ...t.bearer(token), locale: 'en', ...body.headers },
    });
    expect(checked.statusCode, checked.body).toBe(200);
    const committed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload/children/commit',
      payload: { token: checked.json().data.token },
      headers: { ...t.bearer(token), locale: 'en' },
    });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().data.created).toHaveLength(12);

    // Two transactions changing one child at once (side by side on PostgreSQL): its facts are
    // re-derived by one after the other, never both copies kept.
    const [served] = await rowsOf<{ id: number; child_id: number }>(
      db,
      sql`select s.id, s.child_id from post_adoption_services s join child_infos c on c.id = s.child_id
          where c.merged_into_id is null and not exists (select 1 from child_disabilities d where d.child_id = c.id)
          order by s.id limit 1`,
    );
    expect(served).toBeDefined();
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.insert(childDisabilities).values({ childId: served.child_id, disabilityId: disability.id });
        await tx.execute(sql`select pg_sleep(0.2)`);
      }),
      db.transaction(async (tx) => {
        await tx.execute(
          sql`update post_adoption_services set status = 'confirmed', actual_date = ${daysAgo(3)}::date where id = ${served.id}`,
        );
        await tx.execute(sql`select pg_sleep(0.2)`);
      }),
    ]);

    // The kept answers, then every summary derived again from the records and the answers again.
    const urls = filters().flatMap((query) => [`/reports/children${query}`, `/reports/parents${query}`]);
    const kept: Record<string, unknown> = {};
    for (const url of urls) kept[url] = await figures(url);
    kept['/dashboard'] = await figures('/dashboard');
    const keptTables = await keptRows();

    await rebuildReportSummaries(db);
    const derived: Record<string, unknown> = {};
    for (const url of urls) derived[url] = await figures(url);
    derived['/dashboard'] = await figures('/dashboard');
    expect(kept).toEqual(derived);
    expect(keptTables).toEqual(await keptRows());

    // The children's counts straight from the children, under each filter of the children's report.
    const children_ = (await get('/reports/children')) as unknown as TReportAnswer['data'];
    const direct = await rowsOf<{ status: string; n: string }>(
      db,
      sql`select status, count(*) as n from child_infos where merged_into_id is null
            and head_office_id in (select id from head_offices where code like 'HO-EQ-%') group by 1`,
    );
    for (const row of direct)
      expect(children_.indicators.find((one) => one.key === `children.${row.status}`)?.value).toBe(
        Number(row.n),
      );
    await bandsAgree(children_, today);
    // Matchings by stage and past their stage's expected days (kept since migration 0038), straight
    // from the matchings, without a filter and under an age band (read from the facts by birth day).
    for (const query of ['', '?ageBand=12-17', '?ageBand=0-2']) {
      const answer = (await get(`/reports/children${query}`)) as unknown as TReportAnswer['data'];
      const band =
        query === ''
          ? sql`true`
          : sql`c.date_of_birth > ${addMonths(today, query.endsWith('0-2') ? -36 : -216)}::date
              and c.date_of_birth <= ${addMonths(today, query.endsWith('0-2') ? 0 : -144)}::date`;
      for (const stage of matchingStageNames) {
        const [row] = await rowsOf<{ n: string; overdue: string }>(
          db,
          sql`select count(*) as n, count(*) filter (where m.stage_entered_on < ${addDays(today, -systemSettingDefaults.stageExpectedDays[stage])}::date) as overdue
              from adoptive_matchings m join child_infos c on c.id = m.child_id
              where m.status in (${sql.join(
                matchingStages[stage].map((status) => sql`${status}`),
                sql`, `,
              )}) and m.head_office_id in (select id from head_offices where code like 'HO-EQ-%') and ${band}`,
        );
        const value = (key: string) => answer.indicators.find((one) => one.key === key)?.value;
        expect(value(`matchings.${stage}`), `${stage}${query}`).toBe(Number(row.n));
        expect(value(`matchingsOverdue.${stage}`), `${stage} overdue${query}`).toBe(Number(row.overdue));
      }
    }
    // Figures that count something: the comparison above compared more than zeros.
    const adopted = children_.indicators.find((one) => one.key === 'adoptedInPeriod')?.value ?? 0;
    const given = children_.indicators.find((one) => one.key === 'servicesGiven')?.value ?? 0;
    expect(adopted + given).toBeGreaterThan(0);

    // Half a year on, each boundary day falls in the other half of its year: the other side is moved.
    t.clock.advance(183 * 86_400_000);
    token = (await t.signIn('admin', adminPassword)).accessToken;
    const later = isoDateIn(new Date(t.clock.now()));
    await bandsAgree((await get('/reports/children')) as unknown as TReportAnswer['data'], later);
  }, 120_000);
});
