import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../server/db/schema';
import { areas } from '../../src/domain/areas';
import { isoDateIn } from '../../src/domain/programmeTime';
import { addDays } from '../../src/domain/serviceSchedule';
import { createOffices, createOfficeUser, signInAll } from './support/officesAndUsers';
import {
  insertApplication,
  insertChild,
  insertCompletedMatching,
  insertMatching,
  insertService,
  pendingApplication,
} from './support/recordFixtures';
import { createTestApp, type TTestApp } from './testApp';

/**
 * The dashboard (`GET /dashboard`, issue 24): each user finds the cards their permissions allow,
 * counted within their office, every count worked out below from the fixture by hand; each figure's
 * list finds the same count; the work queue's count is the work queue's own.
 */
let t: TTestApp;
let today: string;
let national: number;
let kampot: number;
const tokens = {} as Record<'admin' | 'registrar' | 'provincial' | 'nobody', string>;
const ids = {} as Record<'childN' | 'childK' | 'parentK', number>;
const codes = {} as Record<'childK' | 'parentK', string>;

type TFigure = { key: string; value: number; listPath?: string };
type TStage = TFigure & { overdue: TFigure; expectedDays: number };
type TChange = {
  id: number;
  entity: string;
  entityId: number | null;
  code: string | null;
  action: string;
  at: string;
};
type TDashboardData = {
  asOf: string;
  scope: { office: { id: number; name: { kh: string; en: string } } | null };
  workQueue?: { total: number };
  children?: { byStatus: TFigure[] };
  matchings?: { byStage: TStage[]; ended: TFigure[] };
  services?: { dueSoon: TFigure; overdue: TFigure };
  applications?: { byStatus: TFigure[]; approvalsExpiring: TFigure; approvalsExpired: TFigure };
  changes?: TChange[];
};

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...t.bearer(token), locale: 'en' } });
const dashboard = async (token: string): Promise<TDashboardData> => {
  const response = await get('/dashboard', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const values = (figures: readonly TFigure[]) =>
  Object.fromEntries(figures.map((figure) => [figure.key, figure.value]));

/** The list's total for a figure: the client list's address on the area's API, first page. */
const listTotal = async (listPath: string, token: string) => {
  const [route, query] = listPath.split('?');
  const area = areas.find((a) => a.routeBase === route);
  expect(area, listPath).toBeDefined();
  const response = await get(`${area?.apiBase}?${query}&page=1&take=10`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().paginateMeta.itemCount as number;
};

const records = () => ({ prefix: 'DB', today });
const hoursAgo = (hours: number) => new Date(t.clock.now() - hours * 3_600_000);

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  ({ national, kampot } = await createOffices(t, 'DB'));
  const db = t.app.db;

  // Children without a matching: national 2 adoptable and 1 registered; Kampot 1 adoptable, 1 long-term.
  ids.childN = (await insertChild(db, { headOfficeId: national }, records())).id;
  await insertChild(db, { headOfficeId: national }, records());
  await insertChild(db, { headOfficeId: national, status: 'registered' }, records());
  const childK = await insertChild(db, { headOfficeId: kampot }, records());
  [ids.childK, codes.childK] = [childK.id, childK.code];
  await insertChild(db, { headOfficeId: kampot, status: 'longTerm' }, records());

  // Applications without a matching: national 1 pending, 1 accepted ending in 10 days, 1 accepted
  // ended yesterday; Kampot 1 accepted ending in 20 days.
  await insertApplication(db, { headOfficeId: national, ...pendingApplication }, records());
  await insertApplication(db, { headOfficeId: national, approvedUntil: addDays(today, 10) }, records());
  await insertApplication(db, { headOfficeId: national, approvedUntil: addDays(today, -1) }, records());
  const parentK = await insertApplication(
    db,
    { headOfficeId: kampot, approvedUntil: addDays(today, 20) },
    records(),
  );
  [ids.parentK, codes.parentK] = [parentK.id, parentK.code];

  // Matchings, each with its own matched child and matched application (expected days by default:
  // proposal 30, trial 90, warrant 60, keeping 30):
  // national: proposed today (proposal), adoptionPending for 45 days (proposal, overdue),
  // warranted for 10 days (warrant); Kampot: testing for 100 days (trial, overdue).
  await insertMatching(db, { headOfficeId: national }, records());
  await insertMatching(
    db,
    { headOfficeId: national, status: 'adoptionPending', stageEnteredOn: addDays(today, -45) },
    records(),
  );
  await insertMatching(
    db,
    { headOfficeId: national, status: 'warranted', stageEnteredOn: addDays(today, -10) },
    records(),
  );
  await insertMatching(
    db,
    { headOfficeId: kampot, status: 'testing', stageEnteredOn: addDays(today, -100) },
    records(),
  );
  // One completed matching (national: its child and family adopted), with three services: pending
  // in 3 days (due soon, within 14), pending 5 days ago (overdue), confirmed (neither).
  const completed = await insertCompletedMatching(db, { headOfficeId: national }, records());
  await insertService(db, completed, { plannedDate: addDays(today, 3) }, records());
  await insertService(db, completed, { plannedDate: addDays(today, -5) }, records());
  await insertService(
    db,
    completed,
    { plannedDate: addDays(today, -30), status: 'confirmed', actualDate: addDays(today, -30) },
    records(),
  );

  // The audit log: eleven old changes of a national child, then (newest last) a national child's,
  // a Kampot application's, a user's (no record area: never listed) and a Kampot child's.
  for (let i = 0; i < 11; i += 1)
    await db.insert(auditLog).values({
      entity: 'child_infos',
      entityId: ids.childN,
      action: 'update',
      createdAt: hoursAgo(240 + i),
    });
  await db.insert(auditLog).values([
    { entity: 'child_infos', entityId: ids.childN, action: 'create', createdAt: hoursAgo(3) },
    { entity: 'parent_infos', entityId: ids.parentK, action: 'update', createdAt: hoursAgo(2) },
    { entity: 'users', entityId: 1, action: 'update', createdAt: hoursAgo(1) },
    { entity: 'child_infos', entityId: ids.childK, action: 'update', createdAt: hoursAgo(0.5) },
  ]);

  await t.createUser('registrar', ['adoptive_parents:read']);
  await createOfficeUser(t, 'provincial', ['adoptive_children:read', 'matchings:read'], kampot);
  await t.createUser('nobody', ['provinces:read']);
  Object.assign(tokens, await signInAll(t, ['registrar', 'provincial', 'nobody']));
});

afterAll(async () => {
  await t?.close();
});

describe('GET /dashboard', () => {
  it('refuses a request without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard' });
    expect(response.statusCode).toBe(401);
  });

  it('gives a user who may read everything every card, counted by hand', async () => {
    const data = await dashboard(tokens.admin);
    expect(Date.parse(data.asOf)).toBeGreaterThan(0);
    expect(values(data.children?.byStatus ?? [])).toEqual({
      registered: 1,
      adoptable: 3,
      matched: 4,
      adopted: 1,
      longTerm: 1,
      international: 0,
    });
    expect(
      data.matchings?.byStage.map((stage) => [
        stage.key,
        stage.value,
        stage.overdue.value,
        stage.expectedDays,
      ]),
    ).toEqual([
      ['proposal', 2, 1, 30],
      ['trial', 1, 1, 90],
      ['warrant', 1, 0, 60],
      ['keeping', 0, 0, 30],
    ]);
    // The ended matchings too: the card counts every matching the user may see (issue 35).
    expect(values(data.matchings?.ended ?? [])).toEqual({ completed: 1, rejected: 0 });
    // Every office's records: the page says so.
    expect(data.scope).toEqual({ office: null });
    expect([data.services?.dueSoon.value, data.services?.overdue.value]).toEqual([1, 1]);
    expect(values(data.applications?.byStatus ?? [])).toEqual({
      pending: 1,
      acceptanceRequested: 0,
      accepted: 3,
      matched: 4,
      adopted: 1,
      rejected: 0,
    });
    expect([data.applications?.approvalsExpiring.value, data.applications?.approvalsExpired.value]).toEqual([
      2, 1,
    ]);
    // The ten newest changes of record areas: the user's change is not one.
    expect(data.changes).toHaveLength(10);
    expect(data.changes?.slice(0, 3).map((change) => [change.entity, change.entityId])).toEqual([
      ['child', ids.childK],
      ['parent', ids.parentK],
      ['child', ids.childN],
    ]);
    expect(data.changes?.slice(0, 2).map((change) => change.code)).toEqual([codes.childK, codes.parentK]);
    // The work queue's count is the work queue's own.
    const queue = (await get('/work-queue', tokens.admin)).json();
    expect(data.workQueue?.total).toBe(queue.total);
  });

  it("opens each figure's list, which finds the same count", async () => {
    const data = await dashboard(tokens.admin);
    const figures: TFigure[] = [
      ...(data.children?.byStatus ?? []),
      ...(data.matchings?.byStage ?? []),
      ...(data.matchings?.byStage.map((stage) => stage.overdue) ?? []),
      ...(data.matchings?.ended ?? []),
      ...(data.applications?.byStatus ?? []),
      ...(data.applications ? [data.applications.approvalsExpiring, data.applications.approvalsExpired] : []),
      ...(data.services ? [data.services.dueSoon, data.services.overdue] : []),
    ];
    expect(figures).toHaveLength(6 + 4 + 4 + 2 + 6 + 2 + 2);
    for (const figure of figures) {
      expect(figure.listPath, figure.key).toBeDefined();
      expect(await listTotal(figure.listPath as string, tokens.admin), figure.listPath).toBe(figure.value);
    }
    expect(data.matchings?.byStage[0].listPath).toBe('/adoptive-matching?stage=proposal');
    // The overdue ones of a stage (issue 35): the stage entered before its expected days ran out.
    expect(data.matchings?.byStage[1].overdue.listPath).toBe(
      `/adoptive-matching?stage=trial&stageEnteredIn=1900-01-01..${addDays(today, -91)}`,
    );
    expect(data.matchings?.byStage.map((stage) => stage.overdue.value)).toContain(1);
  });

  it('gives a user who reads applications only their card, their queue and their changes', async () => {
    const data = await dashboard(tokens.registrar);
    expect(Object.keys(data).sort()).toEqual(['applications', 'asOf', 'changes', 'scope', 'workQueue']);
    expect(values(data.applications?.byStatus ?? [])).toMatchObject({ pending: 1, accepted: 3 });
    // Approvals ending within 30 days or ended: two and one.
    expect(data.workQueue?.total).toBe(3);
    expect(data.changes?.map((change) => [change.entity, change.entityId])).toEqual([
      ['parent', ids.parentK],
    ]);
  });

  it("counts a provincial user's office only", async () => {
    const data = await dashboard(tokens.provincial);
    expect(Object.keys(data).sort()).toEqual([
      'asOf',
      'changes',
      'children',
      'matchings',
      'scope',
      'workQueue',
    ]);
    // Its office alone, named (issue 35: a provincial user's counts said nothing of it).
    expect(data.scope.office).toEqual({ id: kampot, name: { kh: 'HO-DB-KPT', en: 'HO-DB-KPT' } });
    expect(values(data.children?.byStatus ?? [])).toEqual({
      registered: 0,
      adoptable: 1,
      matched: 1,
      adopted: 0,
      longTerm: 1,
      international: 0,
    });
    expect(data.matchings?.byStage.map((stage) => [stage.key, stage.value, stage.overdue.value])).toEqual([
      ['proposal', 0, 0],
      ['trial', 1, 1],
      ['warrant', 0, 0],
      ['keeping', 0, 0],
    ]);
    // The Kampot trial past its 90 days: the only item of an overdue-stage reader's queue.
    expect(data.workQueue?.total).toBe(1);
    // Its lists find the same counts within its office.
    for (const figure of [
      ...(data.children?.byStatus ?? []),
      ...(data.matchings?.byStage.map((stage) => stage.overdue) ?? []),
      ...(data.matchings?.ended ?? []),
    ])
      expect(await listTotal(figure.listPath as string, tokens.provincial), figure.listPath).toBe(
        figure.value,
      );
    // Changes of the children of its office only (applications it may not read).
    expect(data.changes?.map((change) => [change.entity, change.entityId])).toEqual([['child', ids.childK]]);
  });

  it('counts a record written since at the next request (no cache)', async () => {
    const before = values((await dashboard(tokens.admin)).children?.byStatus ?? []);
    await insertChild(t.app.db, { headOfficeId: kampot, status: 'international' }, records());
    const after = values((await dashboard(tokens.admin)).children?.byStatus ?? []);
    expect(after).toEqual({ ...before, international: before.international + 1 });
  });

  it('gives a user who may read no record area no card', async () => {
    const data = await dashboard(tokens.nobody);
    expect(Object.keys(data).sort()).toEqual(['asOf', 'scope']);
  });
});
