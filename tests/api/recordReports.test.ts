import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headOffices, provinces, statusHistory, users } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import type { TRecordReport } from '../../src/domain/recordReport';
import { addDays } from '../../src/domain/serviceSchedule';
import {
  insertApplication,
  insertChild,
  insertCompletedMatching,
  insertMatching,
  insertService,
} from './support/recordFixtures';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The printable report of one record (`GET /record-reports/{child|parent}/{id}`, issue 24): a
 * child's or an application's matchings, oldest first, each with its own status history and its
 * services; services only for who may read them; another office's record is a 404.
 */
let t: TTestApp;
let today: string;
const tokens = {} as Record<'admin' | 'matcher' | 'provincial' | 'nobody', string>;
const ids = {} as Record<'child' | 'family' | 'first' | 'second' | 'kampotChild' | 'lonely', number>;

const get = (url: string, token: string, locale = 'en') =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...t.bearer(token), locale } });
const report = async (url: string, token: string): Promise<TRecordReport> => {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  const db = t.app.db;
  const options = { prefix: 'RR', today };
  const [province] = await db.select({ id: provinces.id }).from(provinces).limit(1);
  const office = async (code: string, kind: 'national' | 'provincial') =>
    (
      await db
        .insert(headOffices)
        .values({ code, name: { kh: code, en: code }, class: kind, provinceId: province.id })
        .returning({ id: headOffices.id })
    )[0].id;
  const national = await office('HO-RR-NAT', 'national');
  const kampot = await office('HO-RR-KPT', 'provincial');

  // One child in two matchings with two families: the first rejected at the trial, the second
  // completed with two services (one given, with a concern; one pending).
  ids.child = (await insertChild(db, { headOfficeId: national, status: 'adopted' }, options)).id;
  const first = await insertMatching(
    db,
    {
      headOfficeId: national,
      childId: ids.child,
      status: 'rejected',
      proposedDate: addDays(today, -400),
      rejectedOn: addDays(today, -350),
    },
    options,
  );
  ids.first = first.id;
  const second = await insertCompletedMatching(
    db,
    { headOfficeId: national, childId: ids.child, completedOn: addDays(today, -100) },
    options,
  );
  ids.second = second.id;
  ids.family = second.parentId;
  const at = (day: string) => new Date(`${day}T03:00:00Z`);
  await db.insert(statusHistory).values([
    {
      entity: 'adoptive_matchings',
      entityId: first.id,
      action: 'create',
      fromStatus: '',
      toStatus: 'proposed',
      at: at(addDays(today, -400)),
    },
    {
      entity: 'adoptive_matchings',
      entityId: first.id,
      action: 'reject',
      fromStatus: 'proposed',
      toStatus: 'rejected',
      at: at(addDays(today, -350)),
    },
    {
      entity: 'adoptive_matchings',
      entityId: second.id,
      action: 'create',
      fromStatus: '',
      toStatus: 'proposed',
      at: at(addDays(today, -300)),
    },
    {
      entity: 'adoptive_matchings',
      entityId: second.id,
      action: 'test-adoption',
      fromStatus: 'adoptionConfirmed',
      toStatus: 'testing',
      payload: { date: addDays(today, -280) },
      at: at(addDays(today, -279)),
    },
    {
      entity: 'adoptive_matchings',
      entityId: second.id,
      action: 'child-keep',
      fromStatus: 'warranted',
      toStatus: 'keepRequested',
      at: at(addDays(today, -120)),
    },
    {
      entity: 'adoptive_matchings',
      entityId: second.id,
      action: 'approve-keep',
      fromStatus: 'keepRequested',
      toStatus: 'completed',
      at: at(addDays(today, -100)),
    },
  ]);
  await insertService(
    db,
    second,
    {
      plannedDate: addDays(today, -10),
      status: 'confirmed',
      actualDate: addDays(today, -9),
      concern: true,
      findings: { health: 'good', schooling: 'concern', integration: 'good', notes: 'Missed school.' },
    },
    options,
  );
  await insertService(db, second, { plannedDate: addDays(today, 80) }, options);

  ids.lonely = (await insertChild(db, { headOfficeId: national }, options)).id;
  const kampotFamily = await insertApplication(db, { headOfficeId: kampot, status: 'matched' }, options);
  ids.kampotChild = (
    await insertMatching(db, { headOfficeId: kampot, parentId: kampotFamily.id }, options)
  ).childId;

  await t.createUser('matcher', ['adoptive_children:read', 'matchings:read']);
  const provincial = await t.createUser('provincial', [
    'adoptive_children:read',
    'matchings:read',
    'post_adoption_services:read',
  ]);
  await db.update(users).set({ headOfficeId: kampot }).where(eq(users.id, provincial.id));
  await t.createUser('nobody', ['adoptive_children:read']);
  tokens.admin = (await t.signIn('admin', adminPassword)).accessToken;
  for (const name of ['matcher', 'provincial', 'nobody'] as const)
    tokens[name] = (await t.signIn(name, userPassword)).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /record-reports/{kind}/{id}', () => {
  it("gives a child's matchings oldest first, each with its own steps and services", async () => {
    const data = await report(`/record-reports/child/${ids.child}`, tokens.admin);
    expect(data.servicesShown).toBe(true);
    expect(data.matchings.map((matching) => [matching.id, matching.status])).toEqual([
      [ids.first, 'rejected'],
      [ids.second, 'completed'],
    ]);
    const [first, second] = data.matchings;
    expect(first.history.map((step) => step.action)).toEqual(['create', 'reject']);
    expect(first.services).toEqual([]);
    expect(second.history.map((step) => step.toStatus)).toEqual([
      'proposed',
      'testing',
      'keepRequested',
      'completed',
    ]);
    expect(second.history[1].payload).toEqual({ date: addDays(today, -280) });
    expect(second.parent.id).toBe(ids.family);
    expect(second.completedOn).toBe(addDays(today, -100));
    expect(second.services.map((service) => [service.plannedDate, service.status, service.concern])).toEqual([
      [addDays(today, -10), 'confirmed', true],
      [addDays(today, 80), 'pending', false],
    ]);
    expect(second.services[0].findings).toMatchObject({ schooling: 'concern', notes: 'Missed school.' });
  });

  it("gives an application's matchings: the child it adopted and that matching's services", async () => {
    const data = await report(`/record-reports/parent/${ids.family}`, tokens.admin);
    expect(data.matchings.map((matching) => [matching.id, matching.child.id])).toEqual([
      [ids.second, ids.child],
    ]);
    expect(data.matchings[0].services).toHaveLength(2);
  });

  it('answers no matching for a record in none', async () => {
    expect((await report(`/record-reports/child/${ids.lonely}`, tokens.admin)).matchings).toEqual([]);
  });

  it('leaves the services out for a user who may not read them, and says so', async () => {
    const data = await report(`/record-reports/child/${ids.child}`, tokens.matcher);
    expect(data.servicesShown).toBe(false);
    expect(data.matchings.map((matching) => matching.services.length)).toEqual([0, 0]);
    expect(data.matchings).toHaveLength(2);
  });

  it("answers 404 for another office's record, and for a record that does not exist", async () => {
    expect((await get(`/record-reports/child/${ids.child}`, tokens.provincial)).statusCode).toBe(404);
    expect((await get(`/record-reports/parent/${ids.family}`, tokens.provincial)).statusCode).toBe(404);
    expect(
      (await report(`/record-reports/child/${ids.kampotChild}`, tokens.provincial)).matchings,
    ).toHaveLength(1);
    expect((await get('/record-reports/child/2147483000', tokens.admin)).statusCode).toBe(404);
  });

  it('refuses a user who may not read matchings, and a bad kind is a 400 in the request language', async () => {
    expect((await get(`/record-reports/child/${ids.child}`, tokens.nobody)).statusCode).toBe(403);
    const bad = await get(`/record-reports/matching/${ids.child}`, tokens.admin, 'kh');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/[\u1780-\u17FF]/);
  });
});
