import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateIn } from '../../src/domain/programmeTime';
import type { TReportAnswer } from '../../src/domain/reports/reportAnswer';
import { insertChild } from './support/recordFixtures';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * The reports' and the dashboard's kept counts (issue 24): an answer may be up to 5 minutes old and
 * its `asOf` says when its counts were taken; a refresh moves it. This app keeps the server's own
 * 5 minutes (the other API tests read fresh counts at every request) and no background refresh.
 */
let t: TTestApp;
let token: string;
let office: number;
const minute = 60_000;

const report = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/reports/children',
    headers: { ...t.bearer(token), locale: 'en' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const data = (response.json() as TReportAnswer).data;
  const registered = data.indicators.find((one) => one.key === 'children.registered')?.value;
  return { asOf: Date.parse(data.asOf), registered: registered ?? 0 };
};
const dashboard = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/dashboard',
    headers: { ...t.bearer(token), locale: 'en' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data as {
    asOf: string;
    children?: { byStatus: { key: string; value: number }[] };
  };
  return {
    asOf: Date.parse(data.asOf),
    registered: data.children?.byStatus.find((one) => one.key === 'registered')?.value ?? 0,
  };
};
const addRegistered = () =>
  insertChild(
    t.app.db,
    { headOfficeId: office, status: 'registered' },
    { today: isoDateIn(new Date(t.clock.now())), prefix: 'SUM' },
  );

beforeAll(async () => {
  t = await createTestApp({ reportSummaryMaxAgeS: 300 });
  token = (await t.signIn('admin', adminPassword)).accessToken;
  office = await t.createHeadOffice('HO-SUM');
});
afterAll(async () => t?.close());

describe('the kept counts of the reports and the dashboard', () => {
  it('answers counts at most 5 minutes old, says when they were taken, and takes new ones after', async () => {
    const first = await report();
    expect(t.clock.now() - first.asOf).toBeLessThan(minute);
    await addRegistered();
    t.clock.advance(4 * minute);
    // Within 5 minutes the kept counts answer: the same asOf, the new child not yet counted.
    const kept = await report();
    expect(kept).toEqual(first);
    expect((await dashboard()).asOf).toBe(first.asOf);
    t.clock.advance(1 * minute + 1000);
    // Past 5 minutes: taken again before answering.
    const next = await report();
    expect(next.asOf).toBeGreaterThan(first.asOf);
    expect(t.clock.now() - next.asOf).toBeLessThan(minute);
    expect(next.registered).toBe(first.registered + 1);
  });

  it('counts a change at once after a refresh, in the reports and on the dashboard', async () => {
    const before = await report();
    const onDashboard = await dashboard();
    expect(onDashboard.registered).toBe(before.registered);
    await addRegistered();
    t.clock.advance(1000);
    const takenAt = await t.app.reportSummaries.refresh();
    const after = await report();
    expect(after).toEqual({ asOf: takenAt.getTime(), registered: before.registered + 1 });
    expect(await dashboard()).toEqual({ asOf: takenAt.getTime(), registered: before.registered + 1 });
  });
});
