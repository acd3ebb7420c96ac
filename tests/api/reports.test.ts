import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childDisabilities,
  headOffices,
  provinces,
  referenceItems,
  statusHistory,
  users,
} from '../../server/db/schema';
import { translators } from '../../server/plugins/locale';
import { addMonths } from '../../src/domain/addMonths';
import { areas } from '../../src/domain/areas';
import { isoDateIn } from '../../src/domain/programmeTime';
import { indicatorLabel } from '../../src/domain/reports/indicatorLabel';
import type { TReportAnswer } from '../../src/domain/reports/reportAnswer';
import { yearsBefore } from '../../src/domain/resources/child';
import { addDays } from '../../src/domain/serviceSchedule';
import { systemSettingDefaults } from '../../src/domain/systemSettingDefaults';
import {
  insertApplication,
  insertChild,
  insertCompletedMatching,
  insertMatching,
  insertService,
  pendingApplication,
} from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The children's report (issue 24): a fixture of seven children whose every figure is worked out
 * here by hand, dates counted back from the app's today so each indicator has a known answer.
 *
 * - A: adoptable girl of 1, national office (province 1), with a disability.
 * - B: registered boy of 4, national.
 * - C: adopted girl of 7, Kampot office (province 2): in care 300 days before today, trial from
 *   200 days before (100 days to placement), adoption completed 30 days before; a service given 20
 *   days before with a concern, one pending 3 days past (overdue), one pending 5 days ahead (due soon).
 * - D: matched boy of 13, national: in trial since one day past the trial's expected days (overdue),
 *   in care 60 days before the trial began.
 * - E: adoptable girl of 5, national: her matching rejected in the trial 10 days before.
 * - F: matched girl of 5, national: her matching proposed 5 days before.
 * - G: adopted girl of 5, national: completed two years before (outside the period).
 */
let t: TTestApp;
let today: string;
let province1: number;
let province2: number;
let national: number;
let kampot: number;
const tokens = {} as Record<'admin' | 'provincial' | 'provincialReader' | 'refused', string>;
const expectedTrial = systemSettingDefaults.stageExpectedDays.trial;

/** The default period's first day: the first of the month 11 months before today's. */
const defaultFrom = () => addMonths(`${today.slice(0, 7)}-01`, -11);

/**
 * Each month of a report's series against its lists (issue 35): the months are those the period
 * touches, the first starting on its first day and the last ending on its last, each month's
 * figure the total of the list its row opens, and the months adding up to the period's figure.
 */
const expectMonthsMatch = async (
  app: TTestApp,
  data: TReportAnswer['data'],
  token: string,
  keys: readonly string[],
) => {
  expect(data.series[0]?.month).toBe(data.period.from.slice(0, 7));
  expect(data.series[0]?.from).toBe(data.period.from);
  expect(data.series.at(-1)?.month).toBe(data.period.to.slice(0, 7));
  expect(data.series.at(-1)?.to).toBe(data.period.to);
  for (const key of keys) {
    let sum = 0;
    for (const month of data.series) {
      const path = month.listPaths?.[key];
      expect(path, `${key} ${month.month}`).toContain(`${month.from}..${month.to}`);
      expect(await listTotal(app, path as string, token), `${key} ${month.month}: ${path}`).toBe(
        month.values[key],
      );
      sum += month.values[key] ?? 0;
    }
    expect(sum, key).toBe(data.indicators.find((indicator) => indicator.key === key)?.value);
  }
};

const report = async (query = '', token = tokens.admin, locale = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/reports/children${query}`,
    headers: { ...t.bearer(token), locale },
  });

const answer = async (query = '', token = tokens.admin) => {
  const response = await report(query, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TReportAnswer).data;
};

const figures = (data: TReportAnswer['data']) =>
  Object.fromEntries(data.indicators.map((indicator) => [indicator.key, indicator.value]));

/** Every count of the fixture's children by status, zero where none. */
const statusCounts = (counts: Partial<Record<string, number>>) => ({
  'children.registered': 0,
  'children.adoptable': 0,
  'children.matched': 0,
  'children.adopted': 0,
  'children.longTerm': 0,
  'children.international': 0,
  ...Object.fromEntries(Object.entries(counts).map(([status, n]) => [`children.${status}`, n])),
});

/**
 * The total of the list a figure opens: its address's filters sent to the area's list API as the
 * client list sends a view's filters (plain parameters, first page).
 */
const listTotal = async (app: TTestApp, listPath: string, token: string) => {
  const [route, query] = listPath.split('?');
  const area = areas.find((one) => one.routeBase === route);
  expect(area, listPath).toBeDefined();
  const response = await app.app.inject({
    method: 'GET',
    url: `/api/v1${area?.apiBase}?${query}&page=1&take=10`,
    headers: { ...app.bearer(token), locale: 'en' },
  });
  expect(response.statusCode, `${listPath}: ${response.body}`).toBe(200);
  return response.json().paginateMeta.itemCount as number;
};

/** Each figure with a list: the list's total is its value (a count) or its denominator (an average, a share). */
const expectListsMatch = async (app: TTestApp, data: TReportAnswer['data'], token: string) => {
  const checked: string[] = [];
  for (const indicator of data.indicators) {
    if (!indicator.listPath) continue;
    const expected = indicator.unit === 'count' ? indicator.value : indicator.denominator;
    expect(await listTotal(app, indicator.listPath, token), `${indicator.key}: ${indicator.listPath}`).toBe(
      expected,
    );
    checked.push(indicator.key);
  }
  return checked;
};

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  const [first, second] = await t.app.db
    .select({ id: provinces.id })
    .from(provinces)
    .orderBy(provinces.id)
    .limit(2);
  province1 = first.id;
  province2 = second.id;
  const office = async (code: string, kind: 'national' | 'provincial', provinceId: number) =>
    (
      await t.app.db
        .insert(headOffices)
        .values({ code, name: { kh: code, en: code }, class: kind, provinceId })
        .returning({ id: headOffices.id })
    )[0].id;
  national = await office('HO-RPT-NAT', 'national', province1);
  kampot = await office('HO-RPT-KPT', 'provincial', province2);

  const options = { today, prefix: 'RPT' };
  const a = await insertChild(
    t.app.db,
    { headOfficeId: national, status: 'adoptable', dateOfBirth: yearsBefore(today, 1) },
    options,
  );
  const [disability] = await t.app.db
    .insert(referenceItems)
    .values({ list: 'child_disabilities', code: 'RPT-D', name: { kh: 'ព', en: 'D' } })
    .returning({ id: referenceItems.id });
  await t.app.db.insert(childDisabilities).values({ childId: a.id, disabilityId: disability.id });
  await insertChild(
    t.app.db,
    { headOfficeId: national, status: 'registered', sex: 'male', dateOfBirth: yearsBefore(today, 4) },
    options,
  );
  const c = await insertCompletedMatching(
    t.app.db,
    {
      headOfficeId: kampot,
      completedOn: addDays(today, -30),
      proposedDate: addDays(today, -230),
      trialStart: addDays(today, -200),
      child: {
        dateOfBirth: yearsBefore(today, 7),
        admittedOn: addDays(today, -300),
        adoptionConfirmedOn: addDays(today, -260),
      },
    },
    options,
  );
  await insertService(
    t.app.db,
    c,
    { status: 'confirmed', plannedDate: addDays(today, -21), actualDate: addDays(today, -20), concern: true },
    options,
  );
  await insertService(t.app.db, c, { plannedDate: addDays(today, -3) }, options);
  await insertService(t.app.db, c, { plannedDate: addDays(today, 5) }, options);
  const trialBegan = addDays(today, -(expectedTrial + 1));
  const inTrial = await insertMatching(
    t.app.db,
    {
      headOfficeId: national,
      proposedDate: addDays(trialBegan, -20),
      status: 'testing',
      stageEnteredOn: trialBegan,
      lastStepDate: trialBegan,
      trialStart: trialBegan,
      child: {
        sex: 'male',
        dateOfBirth: yearsBefore(today, 13),
        admittedOn: addDays(trialBegan, -60),
        adoptionConfirmedOn: addDays(trialBegan, -40),
      },
    },
    options,
  );
  // D's steps: proposed 20 days before the trial (20 days proposing), in trial since.
  await t.app.db.insert(statusHistory).values([
    {
      entity: 'adoptive_matchings',
      entityId: inTrial.id,
      action: 'propose',
      fromStatus: 'proposed',
      toStatus: 'proposed',
      payload: { date: addDays(trialBegan, -20) },
    },
    {
      entity: 'adoptive_matchings',
      entityId: inTrial.id,
      action: 'start-trial',
      fromStatus: 'adoptionConfirmed',
      toStatus: 'testing',
      payload: { date: trialBegan },
    },
  ]);
  const rejected = await insertMatching(
    t.app.db,
    {
      headOfficeId: national,
      proposedDate: addDays(today, -60),
      status: 'rejected',
      stageEnteredOn: addDays(today, -10),
      lastStepDate: addDays(today, -10),
      rejectedOn: addDays(today, -10),
      child: { status: 'adoptable' },
    },
    options,
  );
  // Its steps: proposed 60 days before, trial from 50 before (10 days proposing), rejected 10
  // before (40 days in trial).
  const step = (entityId: number, fromStatus: string, toStatus: string, date: string) =>
    t.app.db.insert(statusHistory).values({
      entity: 'adoptive_matchings',
      entityId,
      action: toStatus,
      fromStatus,
      toStatus,
      payload: { date },
    });
  await step(rejected.id, 'proposed', 'proposed', addDays(today, -60));
  await step(rejected.id, 'adoptionConfirmed', 'testing', addDays(today, -50));
  await step(rejected.id, 'testing', 'rejected', addDays(today, -10));
  await insertMatching(
    t.app.db,
    {
      headOfficeId: national,
      proposedDate: addDays(today, -5),
      child: { adoptionConfirmedOn: addDays(today, -15) },
    },
    options,
  );
  await insertCompletedMatching(
    t.app.db,
    { headOfficeId: national, completedOn: yearsBefore(today, 2) },
    options,
  );

  tokens.admin = (await t.signIn('admin', 'admin-pass-123')).accessToken;
  const provincial = await t.createUser('reports-kampot', ['adopted_child_reports:read']);
  await t.app.db.update(users).set({ headOfficeId: kampot }).where(eq(users.id, provincial.id));
  tokens.provincial = (await t.signIn('reports-kampot', userPassword)).accessToken;
  // A Kampot user who reads the lists too: their lists are their office's, as their figures are.
  const reader = await t.createUser('reports-kampot-reader', [
    'adopted_child_reports:read',
    'adoptive_children:read',
    'matchings:read',
    'post_adoption_services:read',
  ]);
  await t.app.db.update(users).set({ headOfficeId: kampot }).where(eq(users.id, reader.id));
  tokens.provincialReader = (await t.signIn('reports-kampot-reader', userPassword)).accessToken;
  await t.createUser('reports-refused', ['adoptive_children:read']);
  tokens.refused = (await t.signIn('reports-refused', userPassword)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('GET /reports/children', () => {
  it('counts every indicator of the fixture as worked out by hand', async () => {
    const data = await answer();
    // The 12 months up to today, the first of them whole.
    expect(data.period).toEqual({ from: defaultFrom(), to: today });
    expect(Date.now() - Date.parse(data.asOf)).toBeLessThan(60_000);
    expect(figures(data)).toEqual({
      ...statusCounts({ registered: 1, adoptable: 2, matched: 2, adopted: 2 }),
      adoptedInPeriod: 1,
      // C: 100 days, D: 60 days.
      avgDaysCareToPlacement: 80,
      // Proposed in the period, from the adoptable decision: C 30, D 20, F 10 days.
      avgDaysAdoptableToMatched: 20,
      // Adopted in the period: C, 230 days after the decision.
      shareAdoptedWithin14Months: 1,
      'matchings.proposal': 1,
      'matchings.trial': 1,
      'matchings.warrant': 0,
      'matchings.keeping': 0,
      'matchingsOverdue.proposal': 0,
      'matchingsOverdue.trial': 1,
      'matchingsOverdue.warrant': 0,
      'matchingsOverdue.keeping': 0,
      // Proposal left in the period: E 10, D 20 days (median 15, 90th percentile 10 + 0.9 × 10);
      // trial left: E 40 days.
      'daysInStage.proposal.median': 15,
      'daysInStage.proposal.p90': 19,
      'daysInStage.trial.median': 40,
      'daysInStage.trial.p90': 40,
      'daysInStage.warrant.median': 0,
      'daysInStage.warrant.p90': 0,
      'daysInStage.keeping.median': 0,
      'daysInStage.keeping.p90': 0,
      'rejections.proposal': 0,
      'rejections.trial': 1,
      'rejections.warrant': 0,
      servicesGiven: 1,
      servicesDueSoon: 1,
      servicesOverdue: 1,
      servicesWithConcern: 1,
    });
    const average = data.indicators.find((indicator) => indicator.key === 'avgDaysCareToPlacement');
    expect(average).toMatchObject({ unit: 'days', numerator: 160, denominator: 2 });
    expect(data.indicators.find((indicator) => indicator.key === 'children.adopted')?.unit).toBe('count');
  });

  it('breaks the children down by province, sex, age band and disability', async () => {
    const data = await answer();
    const byId = (rows: TReportAnswer['data']['breakdowns']['sex']) =>
      Object.fromEntries(rows.map((row) => [row.id, row.values]));
    expect(byId(data.breakdowns.province)).toEqual({
      [String(province1)]: statusCounts({ registered: 1, adoptable: 2, matched: 2, adopted: 1 }),
      [String(province2)]: statusCounts({ adopted: 1 }),
    });
    expect(byId(data.breakdowns.sex)).toEqual({
      female: statusCounts({ adoptable: 2, matched: 1, adopted: 2 }),
      male: statusCounts({ registered: 1, matched: 1 }),
    });
    expect(byId(data.breakdowns.ageBand)).toEqual({
      '0-2': statusCounts({ adoptable: 1 }),
      '3-5': statusCounts({ registered: 1, adoptable: 1, matched: 1, adopted: 1 }),
      '6-11': statusCounts({ adopted: 1 }),
      '12-17': statusCounts({ matched: 1 }),
    });
    expect(byId(data.breakdowns.disability)).toEqual({
      true: statusCounts({ adoptable: 1 }),
      false: statusCounts({ registered: 1, adoptable: 1, matched: 2, adopted: 2 }),
    });
    expect(data.breakdowns.sex.find((row) => row.id === 'male')?.name.en).toBe('Male');
    expect(data.breakdowns.ageBand[0].name).toEqual({ kh: '0-2 ឆ្នាំ', en: '0-2 years' });
  });

  it('answers 12 months by default, the last being the period end', async () => {
    const data = await answer();
    expect(data.series.map((entry) => entry.month)).toEqual(
      Array.from({ length: 12 }, (_, index) => addMonths(`${today.slice(0, 7)}-01`, index - 11).slice(0, 7)),
    );
    const month = (day: string) => data.series.find((entry) => entry.month === day.slice(0, 7))?.values;
    const adopted = addDays(today, -30).slice(0, 7);
    const given = addDays(today, -20).slice(0, 7);
    const total = (key: string) => data.series.reduce((sum, entry) => sum + (entry.values[key] ?? 0), 0);
    expect(total('adoptedInPeriod')).toBe(1);
    expect(total('servicesGiven')).toBe(1);
    expect(month(adopted)?.adoptedInPeriod).toBe(1);
    expect(month(given)?.servicesGiven).toBe(1);
  });

  it("honours both ends of the period month by month: each month's row is its list over its days (issue 35)", async () => {
    const keys = ['adoptedInPeriod', 'servicesGiven'];
    await expectMonthsMatch(t, await answer(), tokens.admin, keys);
    // The adoption (30 days before) and the service (20 days before) on either side of a start, an
    // end, or both, inside a month: the row counts only the period's days.
    for (const [query, adopted, given] of [
      [`?from=${addDays(today, -25)}`, 0, 1],
      [`?from=${addDays(today, -35)}&to=${addDays(today, -25)}`, 1, 0],
      [`?from=${addDays(today, -31)}&to=${addDays(today, -19)}`, 1, 1],
      [`?from=${addDays(today, -400)}&to=${addDays(today, -31)}`, 0, 0],
    ] as const) {
      const data = await answer(query);
      expect(figures(data), query).toMatchObject({ adoptedInPeriod: adopted, servicesGiven: given });
      await expectMonthsMatch(t, data, tokens.admin, keys);
    }
    // A long period: every month it touches (37), the first and the last cut to it.
    const long = await answer(`?from=2023-11-15&to=${today}`);
    expect(long.series[0]).toMatchObject({ month: '2023-11', from: '2023-11-15', to: '2023-11-30' });
    expect(long.series).toHaveLength(
      (Number(today.slice(0, 4)) - 2023) * 12 + Number(today.slice(5, 7)) - 11 + 1,
    );
    // A provincial user's months are their office's, as their lists are.
    await expectMonthsMatch(t, await answer('', tokens.provincialReader), tokens.provincialReader, keys);
  });

  it('refuses a day out of range with a 400 in the request language, never a 500 (issue 35)', async () => {
    for (const path of [
      '/reports/children',
      '/reports/children.xlsx',
      '/reports/parents',
      '/reports/parents.xlsx',
    ])
      for (const query of [
        '?to=9999-12-31',
        '?from=0001-01-01',
        '?from=1899-12-31&to=2026-01-01',
        '?from=2101-01-01',
      ]) {
        const english = await t.app.inject({
          method: 'GET',
          url: `/api/v1${path}${query}`,
          headers: { ...t.bearer(tokens.admin), locale: 'en' },
        });
        const khmer = await t.app.inject({
          method: 'GET',
          url: `/api/v1${path}${query}`,
          headers: { ...t.bearer(tokens.admin), locale: 'kh' },
        });
        expect(english.statusCode, `${path}${query}`).toBe(400);
        expect(english.body).toContain('from and to must be days from 01-01-1900 to 31-12-2100');
        expect(khmer.statusCode, `${path}${query}`).toBe(400);
        expect(khmer.body).toContain(translators.kh.server.reportDayRange());
      }
    // The edges are days it answers.
    expect((await report('?from=1900-01-01&to=2100-12-31')).statusCode).toBe(200);
  });

  it('filters by province, head office, sex, age band and disability', async () => {
    const kampotOnly = {
      ...statusCounts({ adopted: 1 }),
      adoptedInPeriod: 1,
      avgDaysCareToPlacement: 100,
      avgDaysAdoptableToMatched: 30,
      shareAdoptedWithin14Months: 1,
      servicesGiven: 1,
      servicesDueSoon: 1,
      servicesOverdue: 1,
      servicesWithConcern: 1,
    };
    expect(figures(await answer(`?provinceId=${province2}`))).toMatchObject(kampotOnly);
    expect(figures(await answer(`?headOfficeId=${kampot}`))).toMatchObject(kampotOnly);
    expect(figures(await answer(`?headOfficeId=${kampot}`))['matchings.trial']).toBe(0);
    expect(figures(await answer('?sex=male'))).toMatchObject({
      ...statusCounts({ registered: 1, matched: 1 }),
      'matchings.trial': 1,
      'matchingsOverdue.trial': 1,
      adoptedInPeriod: 0,
      avgDaysCareToPlacement: 60,
      avgDaysAdoptableToMatched: 20,
    });
    expect(figures(await answer('?ageBand=0-2'))).toMatchObject(statusCounts({ adoptable: 1 }));
    expect(figures(await answer('?disability=true'))).toMatchObject(statusCounts({ adoptable: 1 }));
    expect(figures(await answer('?disability=false'))).toMatchObject(
      statusCounts({ registered: 1, adoptable: 1, matched: 2, adopted: 2 }),
    );
    // A period that leaves out C's adoption and placement, but not D's placement.
    const data = await answer(`?from=${addDays(today, -29)}&to=${today}`);
    expect(data.period).toEqual({ from: addDays(today, -29), to: today });
    expect(figures(data)).toMatchObject({ adoptedInPeriod: 0, servicesGiven: 1, 'rejections.trial': 1 });
  });

  it("opens each figure's list, which counts the same records, with and without a filter", async () => {
    const data = await answer();
    const checked = await expectListsMatch(t, data, tokens.admin);
    // Every figure has its list but the days in a stage (a median of stays, not a set of records);
    // the overdue ones too (issue 35).
    expect(
      data.indicators.filter((indicator) => !indicator.listPath).map((indicator) => indicator.key),
    ).toEqual(
      data.indicators.map((indicator) => indicator.key).filter((key) => key.startsWith('daysInStage.')),
    );
    expect(checked).toContain('avgDaysCareToPlacement');
    expect(checked).toContain('matchingsOverdue.trial');
    expect(data.indicators.find((indicator) => indicator.key === 'matchingsOverdue.trial')?.value).toBe(1);
    // The lists' totals are not all zero: the fixture puts records behind them.
    expect(
      data.indicators.filter((indicator) => indicator.listPath && indicator.value > 0).length,
    ).toBeGreaterThan(10);
    for (const query of [
      `?provinceId=${province2}`,
      `?provinceId=${province1}&sex=female`,
      `?headOfficeId=${national}&ageBand=3-5`,
      '?disability=false',
      `?from=${addDays(today, -29)}&to=${today}`,
    ]) {
      const filtered = await answer(query);
      await expectListsMatch(t, filtered, tokens.admin);
    }
    const kampotOnly = await answer(`?provinceId=${province2}`);
    const adopted = kampotOnly.indicators.find((indicator) => indicator.key === 'adoptedInPeriod');
    expect(adopted?.listPath).toBe(
      `/adoptive-matching?completedIn=${defaultFrom()}..${today}&officeProvinceId=${province2}`,
    );
    // A provincial user's lists are their office's, as their figures are.
    await expectListsMatch(t, await answer('', tokens.provincialReader), tokens.provincialReader);
  });

  it('carries the target a timeliness figure has in the settings, none where it is empty', async () => {
    const targetOf = (data: TReportAnswer['data'], key: string) =>
      data.indicators.find((indicator) => indicator.key === key)?.target;
    const before = await answer();
    expect(before.indicators.filter((indicator) => indicator.target !== undefined)).toEqual([]);
    const settingsUrl = '/api/v1/admin/system-setting';
    const current = (
      await t.app.inject({ method: 'GET', url: settingsUrl, headers: t.bearer(tokens.admin) })
    ).json().data;
    const saved = await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: t.bearer(tokens.admin),
      payload: {
        ...current,
        reportTargetDays: { ...current.reportTargetDays, avgDaysCareToPlacement: 90 },
        reportTargetShares: { ...current.reportTargetShares, shareAdoptedWithin14Months: 75 },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await answer();
    expect(targetOf(after, 'avgDaysCareToPlacement')).toBe(90);
    // A share's target reads as its value does: a fraction.
    expect(targetOf(after, 'shareAdoptedWithin14Months')).toBe(0.75);
    expect(targetOf(after, 'avgDaysAdoptableToMatched')).toBeUndefined();
    expect(after.indicators.filter((indicator) => indicator.target !== undefined)).toHaveLength(2);
    // Emptied again: no target.
    const emptied = await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: t.bearer(tokens.admin),
      payload: { ...saved.json().data, reportTargetShares: { ...current.reportTargetShares } },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(targetOf(await answer(), 'shareAdoptedWithin14Months')).toBeUndefined();
  });

  it('exports the report as a workbook: numbers, dates and words as the JSON answer says, in both languages', async () => {
    const query = `?provinceId=${province2}`;
    const data = await answer(query);
    const [kampotProvince] = await t.app.db.select().from(provinces).where(eq(provinces.id, province2));
    for (const locale of ['en', 'kh'] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/children.xlsx${query}`,
        headers: { ...t.bearer(tokens.admin), locale },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const words = translators[locale].reports.export;
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
        words.sheetIndicators(),
        words.sheetProvince(),
        words.sheetSex(),
        words.sheetAgeBand(),
        words.sheetDisability(),
        words.sheetSeries(),
      ]);
      const [indicators, byProvince, , , , series] = workbook.worksheets;
      expect(indicators.getCell('A1').value).toBe(words.titleChildren());
      // The filters at the top: the period as date cells, the province by its name.
      const filterRow = (label: string) =>
        indicators.getRows(2, 9)?.find((row) => row.getCell(1).value === label);
      expect(filterRow(words.from())?.getCell(2).value).toEqual(new Date(`${data.period.from}T00:00:00Z`));
      expect(filterRow(words.to())?.getCell(2).value).toEqual(new Date(`${data.period.to}T00:00:00Z`));
      expect(filterRow(translators[locale].fields.province())?.getCell(2).value).toBe(
        kampotProvince.name[locale],
      );
      expect(filterRow(translators[locale].fields.sex())?.getCell(2).value).toBe(words.all());
      // Each indicator by the screen's name (issue 35: no internal key): its value a number cell
      // ('—' where it counts nothing), its numerator and denominator too where it has them.
      const rowOf = (key: string) =>
        indicators
          .getRows(1, indicators.rowCount)
          ?.find((one) => one.getCell(1).value === indicatorLabel(translators[locale], key));
      for (const indicator of data.indicators) {
        const row = rowOf(indicator.key);
        expect(row, indicator.key).toBeDefined();
        expect(row?.getCell(3).value, indicator.key).toBe(
          indicator.denominator === 0
            ? `— ${translators[locale].reports.screen.nothingToCount()}`
            : indicator.value,
        );
        expect(row?.getCell(6).value ?? undefined, indicator.key).toBe(indicator.denominator);
        expect(String(row?.getCell(2).value).length, indicator.key).toBeGreaterThan(10);
      }
      expect(
        indicators.getRows(1, indicators.rowCount)?.some((one) => one.getCell(1).value === 'adoptedInPeriod'),
      ).toBe(false);
      // Nothing adopted in Kampot in the period with a known adoptable decision? C is: a share of 1.
      expect(rowOf('shareAdoptedWithin14Months')?.getCell(3).numFmt).toBe('0.0%');
      // Words in the request's language, naming the period's days: a definition in Khmer script in Khmer.
      const adopted = rowOf('adoptedInPeriod');
      const dayWords = (iso: string) => iso.split('-').reverse().join('-');
      expect(String(adopted?.getCell(2).value)).toBe(
        translators[locale].reports.definitions.adoptedInPeriod({
          from: dayWords(data.period.from),
          to: dayWords(data.period.to),
        }),
      );
      expect(String(adopted?.getCell(2).value)).toContain(dayWords(data.period.from));
      if (locale === 'kh') expect(String(adopted?.getCell(2).value)).toMatch(/[\u1780-\u17FF]/);
      // The province breakdown: one row a province, its counts as numbers.
      expect(byProvince.rowCount).toBe(data.breakdowns.province.length + 1);
      expect(byProvince.getCell('A2').value).toBe(data.breakdowns.province[0].name[locale]);
      expect(byProvince.getRow(2).values).toContain(data.breakdowns.province[0].values['children.adopted']);
      // Each month of the period: a date cell each, its days within the period, the counts as numbers.
      expect(series.rowCount).toBe(data.series.length + 1);
      expect(series.getCell('D1').value).toBe(words.series.adoptedInPeriod());
      data.series.forEach((entry, index) => {
        const row = series.getRow(index + 2);
        expect(row.getCell(1).value).toEqual(new Date(`${entry.month}-01T00:00:00Z`));
        expect(row.getCell(2).value).toEqual(new Date(`${entry.from}T00:00:00Z`));
        expect(row.getCell(3).value).toEqual(new Date(`${entry.to}T00:00:00Z`));
        expect(row.getCell(4).value).toBe(entry.values.adoptedInPeriod);
        expect(row.getCell(5).value).toBe(entry.values.servicesGiven);
      });
    }
  });

  it('refuses the workbook to a user without the permission, and a bad filter in the request language', async () => {
    const get = (query: string, token: string, locale = 'en') =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/reports/children.xlsx${query}`,
        headers: { ...t.bearer(token), locale },
      });
    expect((await get('', tokens.refused)).statusCode).toBe(403);
    const english = await get('?ageBand=1-3', tokens.admin);
    const khmer = await get('?ageBand=1-3', tokens.admin, 'kh');
    expect(english.statusCode).toBe(400);
    expect(khmer.statusCode).toBe(400);
    expect(khmer.json().errors).not.toEqual(english.json().errors);
    const order = await get(`?from=${today}&to=${addDays(today, -1)}`, tokens.admin);
    expect(order.statusCode).toBe(400);
    expect(order.body).toContain('from must not be after to');
  });

  it("counts a provincial user's office only", async () => {
    const data = await answer('', tokens.provincial);
    expect(figures(data)).toMatchObject({
      ...statusCounts({ adopted: 1 }),
      adoptedInPeriod: 1,
      'matchings.trial': 0,
      'rejections.trial': 0,
      servicesGiven: 1,
    });
    expect(data.breakdowns.province.map((row) => row.id)).toEqual([String(province2)]);
    // Its own filters cannot widen it.
    expect(figures(await answer(`?headOfficeId=${national}`, tokens.provincial))['children.adopted']).toBe(0);
  });

  it('shows a change at the next request', async () => {
    const before = figures(await answer())['children.registered'];
    await insertChild(t.app.db, { headOfficeId: national, status: 'registered' }, { today, prefix: 'RPT' });
    expect(figures(await answer())['children.registered']).toBe(before + 1);
  });

  it('refuses a user without the permission, and bad filters in the request language', async () => {
    expect((await report('', tokens.refused)).statusCode).toBe(403);
    for (const query of [
      '?ageBand=1-3',
      '?sex=other',
      '?from=2025-13-01',
      '?disability=maybe',
      '?provinceId=x',
    ]) {
      const response = await report(query);
      expect(response.statusCode, query).toBe(400);
    }
    const english = await report(`?from=${today}&to=${addDays(today, -1)}`);
    const khmer = await report(`?from=${today}&to=${addDays(today, -1)}`, tokens.admin, 'kh');
    expect(english.statusCode).toBe(400);
    expect(khmer.statusCode).toBe(400);
    expect(english.body).toContain('from must not be after to');
    expect(khmer.body).not.toEqual(english.body);
    const badBand = await report('?ageBand=1-3', tokens.admin, 'kh');
    expect(badBand.body).not.toEqual((await report('?ageBand=1-3')).body);
  });
});

/**
 * The parents' report on a fixture of its own (its own app: the children's fixture makes
 * applications too), each figure worked out by hand:
 * - P1: pending, national, received 10 days before.
 * - P2: accepted, national, received 100 days before, decided 40 before (60 days), approval ending
 *   20 days ahead (expiring soon), in no matching (waiting).
 * - P3: accepted, national, received 400 days before (outside the period), decided 380 before,
 *   approval ended 5 days before (expired).
 * - P4: matched, Kampot, received 200 days before, decided 180 before (20 days), matched 50 days
 *   before (approval 3 months or more before: waited).
 * - P5: matched, national, received 90 days before, decided 70 before (20 days), matched 30 days
 *   before (40 days after the approval: not waited); its first applicant a woman (all others men).
 * - P6: rejected, national, received 60 days before, decided 50 before (10 days).
 */
describe('GET /reports/parents', () => {
  let p: TTestApp;
  let day: string;
  let nationalOffice: number;
  let kampotOffice: number;
  let kampotProvince: number;
  const parentTokens = {} as Record<'admin' | 'provincial' | 'refused', string>;
  const parents = async (query = '', token = parentTokens.admin) => {
    const response = await p.app.inject({
      method: 'GET',
      url: `/api/v1/reports/parents${query}`,
      headers: { ...p.bearer(token), locale: 'en' },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as TReportAnswer).data;
  };
  const statuses = (counts: Partial<Record<string, number>>) => ({
    'applications.pending': 0,
    'applications.acceptanceRequested': 0,
    'applications.accepted': 0,
    'applications.matched': 0,
    'applications.adopted': 0,
    'applications.rejected': 0,
    ...Object.fromEntries(Object.entries(counts).map(([status, n]) => [`applications.${status}`, n])),
  });

  beforeAll(async () => {
    p = await createTestApp();
    day = isoDateIn(new Date(p.clock.now()));
    const [first, second] = await p.app.db
      .select({ id: provinces.id })
      .from(provinces)
      .orderBy(provinces.id)
      .limit(2);
    kampotProvince = second.id;
    const office = async (code: string, kind: 'national' | 'provincial', provinceId: number) =>
      (
        await p.app.db
          .insert(headOffices)
          .values({ code, name: { kh: code, en: code }, class: kind, provinceId })
          .returning({ id: headOffices.id })
      )[0].id;
    nationalOffice = await office('HO-RPP-NAT', 'national', first.id);
    kampotOffice = await office('HO-RPP-KPT', 'provincial', kampotProvince);
    const options = { today: day, prefix: 'RPP' };
    const application = (headOfficeId: number, values: Record<string, unknown>) =>
      insertApplication(p.app.db, { headOfficeId, ...values }, options);
    await application(nationalOffice, {
      ...pendingApplication,
      applicationDate: addDays(day, -10),
    });
    await application(nationalOffice, {
      applicationDate: addDays(day, -100),
      decisionDate: addDays(day, -40),
      approvedUntil: addDays(day, 20),
    });
    await application(nationalOffice, {
      applicationDate: addDays(day, -400),
      decisionDate: addDays(day, -380),
      approvedUntil: addDays(day, -5),
    });
    const matchedFamily = async (
      headOfficeId: number,
      received: number,
      decided: number,
      matched: number,
      applicant1Sex = 'male',
    ) => {
      const family = await application(headOfficeId, {
        applicant1Sex,
        status: 'matched',
        applicationDate: addDays(day, -received),
        decisionDate: addDays(day, -decided),
        approvedUntil: addDays(day, 300),
      });
      await insertMatching(
        p.app.db,
        { headOfficeId, parentId: family.id, proposedDate: addDays(day, -matched) },
        options,
      );
    };
    await matchedFamily(kampotOffice, 200, 180, 50);
    // P5's first applicant is a woman (the report's sex filter, issue 35).
    await matchedFamily(nationalOffice, 90, 70, 30, 'female');
    await application(nationalOffice, {
      status: 'rejected',
      applicationDate: addDays(day, -60),
      decisionDate: addDays(day, -50),
      approvedUntil: null,
    });
    parentTokens.admin = (await p.signIn('admin', 'admin-pass-123')).accessToken;
    const provincial = await p.createUser('parents-kampot', ['adopted_child_reports:read']);
    await p.app.db.update(users).set({ headOfficeId: kampotOffice }).where(eq(users.id, provincial.id));
    parentTokens.provincial = (await p.signIn('parents-kampot', userPassword)).accessToken;
    await p.createUser('parents-refused', ['adoptive_parents:read']);
    parentTokens.refused = (await p.signIn('parents-refused', userPassword)).accessToken;
  }, 60_000);
  afterAll(() => p?.close());

  it('counts every indicator of the fixture as worked out by hand', async () => {
    const data = await parents();
    expect(figures(data)).toEqual({
      ...statuses({ pending: 1, accepted: 2, matched: 2, rejected: 1 }),
      applicationsReceived: 5,
      // P2 60, P4 20, P5 20, P6 10 days.
      avgDaysApplicationToDecision: 27.5,
      applicationsAwaitingDecision: 1,
      familiesApprovedWaiting: 1,
      shareFamiliesWaited3Months: 0.5,
      approvalsExpiringSoon: 1,
      approvalsExpired: 1,
    });
    const share = data.indicators.find((indicator) => indicator.key === 'shareFamiliesWaited3Months');
    expect(share).toMatchObject({ unit: 'share', numerator: 1, denominator: 2 });
    expect(data.breakdowns.province.find((row) => row.id === String(kampotProvince))?.values).toEqual(
      statuses({ matched: 1 }),
    );
    expect(
      data.breakdowns.sex.map((row) => [
        row.id,
        row.values['applications.pending'],
        row.values['applications.matched'],
      ]),
    ).toEqual([
      ['female', 0, 1],
      ['male', 1, 1],
    ]);
    expect(data.series).toHaveLength(12);
    expect(data.series.reduce((sum, entry) => sum + (entry.values.applicationsReceived ?? 0), 0)).toBe(5);
  });

  it("filters by the first applicant's sex, every figure and its list (issue 35)", async () => {
    const women = await parents('?sex=female');
    expect(figures(women)).toEqual({
      ...statuses({ matched: 1 }),
      applicationsReceived: 1,
      avgDaysApplicationToDecision: 20,
      applicationsAwaitingDecision: 0,
      familiesApprovedWaiting: 0,
      shareFamiliesWaited3Months: 0,
      approvalsExpiringSoon: 0,
      approvalsExpired: 0,
    });
    expect(women.breakdowns.sex.map((row) => row.id)).toEqual(['female']);
    const received = women.indicators.find((indicator) => indicator.key === 'applicationsReceived');
    expect(received?.listPath).toContain('applicantSex=female');
    await expectListsMatch(p, women, parentTokens.admin);
    const men = await parents('?sex=male');
    expect(figures(men)).toMatchObject({ ...statuses({ pending: 1, accepted: 2, matched: 1, rejected: 1 }) });
    await expectListsMatch(p, men, parentTokens.admin);
    await expectMonthsMatch(p, men, parentTokens.admin, ['applicationsReceived']);
  });

  it("honours both ends of the period month by month: each month's row is its list over its days (issue 35)", async () => {
    await expectMonthsMatch(p, await parents(), parentTokens.admin, ['applicationsReceived']);
    // P1 received 10 days before, P6 60, P5 90: a start and an end inside months.
    for (const [query, received] of [
      [`?from=${addDays(day, -59)}`, 1],
      [`?from=${addDays(day, -95)}&to=${addDays(day, -55)}`, 2],
      [`?from=${addDays(day, -60)}&to=${addDays(day, -60)}`, 1],
    ] as const) {
      const data = await parents(query);
      expect(figures(data).applicationsReceived, query).toBe(received);
      await expectMonthsMatch(p, data, parentTokens.admin, ['applicationsReceived']);
    }
  });

  it("counts a provincial user's office only, and a province's", async () => {
    const kampotOnly = {
      ...statuses({ matched: 1 }),
      applicationsReceived: 1,
      avgDaysApplicationToDecision: 20,
      shareFamiliesWaited3Months: 1,
      familiesApprovedWaiting: 0,
      approvalsExpired: 0,
    };
    expect(figures(await parents('', parentTokens.provincial))).toMatchObject(kampotOnly);
    expect(figures(await parents(`?provinceId=${kampotProvince}`))).toMatchObject(kampotOnly);
  });

  it("opens each figure's list, which counts the same applications, with and without a province", async () => {
    const data = await parents();
    const checked = await expectListsMatch(p, data, parentTokens.admin);
    expect(checked).toEqual(data.indicators.map((indicator) => indicator.key));
    await expectListsMatch(p, await parents(`?provinceId=${kampotProvince}`), parentTokens.admin);
    await expectListsMatch(p, await parents(`?headOfficeId=${nationalOffice}`), parentTokens.admin);
  });

  it("exports the parents' report as a workbook, its figures as numbers", async () => {
    const data = await parents();
    const response = await p.app.inject({
      method: 'GET',
      url: '/api/v1/reports/parents.xlsx',
      headers: { ...p.bearer(parentTokens.admin), locale: 'kh' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const indicators = workbook.worksheets[0];
    expect(indicators.getCell('A1').value).toBe(translators.kh.reports.export.titleParents());
    for (const indicator of data.indicators) {
      const row = indicators
        .getRows(1, indicators.rowCount)
        ?.find((one) => one.getCell(1).value === indicatorLabel(translators.kh, indicator.key));
      expect(row?.getCell(3).value, indicator.key).toBe(indicator.value);
    }
    // No sheet for a breakdown an application cannot have (age band, disability: a child's).
    const words = translators.kh.reports.export;
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      words.sheetIndicators(),
      words.sheetProvince(),
      words.sheetSex(),
      words.sheetSeries(),
    ]);
    // Its sex filter is the first applicant's; no age band nor disability filter.
    const labels = indicators.getRows(2, 8)?.map((row) => row.getCell(1).value);
    expect(labels).toContain(translators.kh.reports.filters.applicantSex());
    expect(labels).not.toContain(translators.kh.fields.ageBand());
    const series = workbook.worksheets[3];
    expect(series.getCell('D1').value).toBe(words.series.applicationsReceived());
    expect(series.getCell(`A${data.series.length + 1}`).value).toEqual(
      new Date(`${data.series.at(-1)?.month}-01T00:00:00Z`),
    );
    expect(
      (
        await p.app.inject({
          method: 'GET',
          url: '/api/v1/reports/parents.xlsx',
          headers: p.bearer(parentTokens.refused),
        })
      ).statusCode,
    ).toBe(403);
  });

  // Last: it adds a family to the fixture. The report counts families matched in the period by their
  // application's office, as every other figure of this report and as the list's office scope does.
  it('the families who waited: a family matched by another office counts where its list shows it', async () => {
    // A family of the national office, matched by the Kampot office in the period.
    const family = await insertApplication(
      p.app.db,
      {
        headOfficeId: nationalOffice,
        status: 'matched',
        applicationDate: addDays(day, -300),
        decisionDate: addDays(day, -250),
        approvedUntil: addDays(day, 300),
      },
      { today: day, prefix: 'RPX' },
    );
    await insertMatching(
      p.app.db,
      { headOfficeId: kampotOffice, parentId: family.id, proposedDate: addDays(day, -20) },
      { today: day, prefix: 'RPX' },
    );
    const reader = await p.createUser('parents-kampot-lists', [
      'adopted_child_reports:read',
      'adoptive_parents:read',
    ]);
    await p.app.db.update(users).set({ headOfficeId: kampotOffice }).where(eq(users.id, reader.id));
    const kampot = (await p.signIn('parents-kampot-lists', userPassword)).accessToken;
    const waited = async (query: string, token: string) => {
      const share = (await parents(query, token)).indicators.find(
        (indicator) => indicator.key === 'shareFamiliesWaited3Months',
      );
      if (!share?.listPath) throw new Error(`no list behind the share (${query})`);
      return { families: share.denominator, listed: await listTotal(p, share.listPath, token) };
    };
    for (const [query, token] of [
      ['', kampot],
      ['', parentTokens.admin],
      [`?provinceId=${kampotProvince}`, parentTokens.admin],
      [`?headOfficeId=${nationalOffice}`, parentTokens.admin],
    ] as const) {
      const { families, listed } = await waited(query, token);
      expect(listed, `${query || 'no filter'} as ${token === kampot ? 'Kampot' : 'admin'}`).toBe(families);
    }
  });

  it('refuses a user without the permission', async () => {
    const response = await p.app.inject({
      method: 'GET',
      url: '/api/v1/reports/parents',
      headers: p.bearer(parentTokens.refused),
    });
    expect(response.statusCode).toBe(403);
  });
});
