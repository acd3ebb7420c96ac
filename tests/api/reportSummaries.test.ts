import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoDateIn } from '../../src/domain/programmeTime';
import type { TReportAnswer } from '../../src/domain/reports/reportAnswer';
import { insertChild } from './support/recordFixtures';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * The reports' and the dashboard's kept counts (issue 37): kept by the transactions that change the
 * records, so an answer is as of now and counts what was just written, with no refresh.
 */
let t: TTestApp;
let token: string;
let office: number;

const report = async () => {
  const asked = t.clock.now();
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/reports/children',
    headers: { ...t.bearer(token), locale: 'en' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const data = (response.json() as TReportAnswer).data;
  const registered = data.indicators.find((one) => one.key === 'children.registered')?.value;
  // As of the request: not taken before it.
  expect(Date.parse(data.asOf)).toBeGreaterThanOrEqual(asked);
  expect(Date.parse(data.asOf)).toBeLessThanOrEqual(t.clock.now());
  return registered ?? 0;
};
const dashboard = async () => {
  const asked = t.clock.now();
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
  expect(Date.parse(data.asOf)).toBeGreaterThanOrEqual(asked);
  expect(Date.parse(data.asOf)).toBeLessThanOrEqual(t.clock.now());
  return data.children?.byStatus.find((one) => one.key === 'registered')?.value ?? 0;
};
const addRegistered = () =>
  insertChild(
    t.app.db,
    { headOfficeId: office, status: 'registered' },
    { today: isoDateIn(new Date(t.clock.now())), prefix: 'SUM' },
  );

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn('admin', adminPassword)).accessToken;
  office = await t.createHeadOffice('HO-SUM');
});
afterAll(async () => t?.close());

describe('the kept counts of the reports and the dashboard', () => {
  it('answer as of now and count a change at once, in the reports and on the dashboard', async () => {
    const before = await report();
    expect(await dashboard()).toBe(before);
    await addRegistered();
    expect(await report()).toBe(before + 1);
    expect(await dashboard()).toBe(before + 1);
  });
});
