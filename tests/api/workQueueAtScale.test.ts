import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../server/audit';
import { adoptiveMatchings, childInfos, headOffices, provinces, users } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { addDays } from '../../src/domain/serviceSchedule';
import type { TWorkQueue } from '../../src/domain/workQueue';
import {
  insertChild,
  insertCompletedMatching,
  insertMatching,
  insertService,
} from './support/recordFixtures';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 37: the work queue's first page read in index order per source, its total exact up to the
 * server's limit (set to 5 here) and estimated above it ('about'); the dashboard's last changes of
 * a provincial user read by the office kept on the audit row, which follows a record that moves
 * office and is emptied when the record is deleted.
 */
let t: TTestApp;
let today: string;
const offices = {} as Record<'big' | 'small' | 'other', number>;
const tokens = {} as Record<'big' | 'small' | 'other' | 'admin' | 'noQueue', string>;
const options = { prefix: 'WS' };

const get = async <T>(url: string, token: string): Promise<{ status: number; body: T }> => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...t.bearer(token), locale: 'en' },
  });
  return { status: response.statusCode, body: response.json() as T };
};
const queue = async (token: string) => (await get<TWorkQueue>('/work-queue', token)).body;
type TDashboardAnswer = {
  data: {
    workQueue?: { total: number; totalExact: boolean };
    changes?: { entity: string; entityId: number; action: string }[];
  };
};
const dashboard = async (token: string) => (await get<TDashboardAnswer>('/dashboard', token)).body.data;

const readAll = [
  'adoptive_children:read',
  'adoptive_parents:read',
  'matchings:read',
  'matchings:update',
  'matchings:approve',
  'post_adoption_services:read',
];

beforeAll(async () => {
  t = await createTestApp({ workQueueExactLimit: 5 });
  today = isoDateIn(new Date(t.clock.now()));
  const [province] = await t.app.db.select({ id: provinces.id }).from(provinces).limit(1);
  for (const name of ['big', 'small', 'other'] as const) {
    const [office] = await t.app.db
      .insert(headOffices)
      .values({
        code: `HO-WS-${name}`,
        name: { kh: name, en: name },
        class: 'provincial',
        provinceId: province.id,
      })
      .returning({ id: headOffices.id });
    offices[name] = office.id;
    const user = await t.createUser(`ws-${name}`, readAll);
    await t.app.db.update(users).set({ headOfficeId: office.id }).where(eq(users.id, user.id));
    tokens[name] = (await t.signIn(`ws-${name}`, userPassword)).accessToken;
  }
  await t.createUser('ws-no-queue', ['adoptive_children:read']);
  tokens.noQueue = (await t.signIn('ws-no-queue', userPassword)).accessToken;
  tokens.admin = (await t.signIn('admin', adminPassword)).accessToken;
  // The big office: 9 matchings past their stage's expected days, in three statuses; 4 overdue services.
  const statuses = ['proposed', 'testing', 'warrantPending'] as const;
  for (let index = 0; index < 9; index += 1) {
    const entered = addDays(today, -200 - index * 3);
    await insertMatching(
      t.app.db,
      {
        headOfficeId: offices.big,
        status: statuses[index % 3],
        stageEnteredOn: entered,
        lastStepDate: entered,
        proposedDate: entered,
      },
      options,
    );
  }
  const done = await insertCompletedMatching(t.app.db, { headOfficeId: offices.big }, options);
  for (let index = 0; index < 4; index += 1)
    await insertService(t.app.db, done, { plannedDate: addDays(today, -10 - index) }, options);
  // The small office: two overdue matchings, under the limit.
  for (let index = 0; index < 2; index += 1) {
    const entered = addDays(today, -300 - index);
    await insertMatching(
      t.app.db,
      { headOfficeId: offices.small, stageEnteredOn: entered, lastStepDate: entered, proposedDate: entered },
      options,
    );
  }
}, 60_000);
afterAll(() => t?.close());

describe('the work queue at scale (issue 37)', () => {
  it("answers a total above the limit as estimated ('about'), with every item of the page in order", async () => {
    const big = await queue(tokens.big);
    expect(big.totalExact).toBe(false);
    expect(big.total).toBeGreaterThan(5);
    // Every item is still there (fewer than 200), oldest first, then by id.
    expect(big.data.filter((item) => item.reason === 'overdue')).toHaveLength(9);
    expect(big.data.filter((item) => item.reason === 'serviceOverdue')).toHaveLength(4);
    const keys = big.data.map((item) => `${item.since} ${String(item.entityId).padStart(9, '0')}`);
    expect(keys).toEqual([...keys].sort());
    // The dashboard's card says the same.
    expect((await dashboard(tokens.big)).workQueue).toEqual({ total: big.total, totalExact: false });
  });

  it('answers a total within the limit exactly, and only the office’s own items', async () => {
    const small = await queue(tokens.small);
    // Two proposals past their expected days: overdue, and their caseworker's next step.
    expect(small).toMatchObject({ total: 4, totalExact: true });
    expect(small.data.map((item) => item.reason).sort()).toEqual([
      'nextStep',
      'nextStep',
      'overdue',
      'overdue',
    ]);
    expect((await dashboard(tokens.small)).workQueue).toEqual({ total: 4, totalExact: true });
    const other = await queue(tokens.other);
    expect(other).toEqual({ data: [], total: 0, totalExact: true });
  });

  it('still answers nothing to a user who may read none of it, and refuses one without a session', async () => {
    expect(await queue(tokens.noQueue)).toEqual({ data: [], total: 0, totalExact: true });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/work-queue' });
    expect(anonymous.statusCode).toBe(401);
    const anonymousDashboard = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard' });
    expect(anonymousDashboard.statusCode).toBe(401);
  });
});

describe("the dashboard's last changes of a provincial user (issue 37)", () => {
  it('follows a record that moves office and forgets a deleted one, for them only', async () => {
    const child = await insertChild(t.app.db, { headOfficeId: offices.other }, options);
    await writeAudit(t.app.db, { userId: null, entity: 'child_infos', entityId: child.id, action: 'create' });
    const seen = async (token: string) =>
      ((await dashboard(token)).changes ?? []).some(
        (change) => change.entity === 'child' && change.entityId === child.id,
      );
    expect(await seen(tokens.other)).toBe(true);
    expect(await seen(tokens.small)).toBe(false);

    // Moved to the small office: its past changes go with it.
    await t.app.db.update(childInfos).set({ headOfficeId: offices.small }).where(eq(childInfos.id, child.id));
    expect(await seen(tokens.other)).toBe(false);
    expect(await seen(tokens.small)).toBe(true);

    // Deleted: its office is no longer known, only a user who sees every office sees its changes.
    await t.app.db.delete(childInfos).where(eq(childInfos.id, child.id));
    await writeAudit(t.app.db, { userId: null, entity: 'child_infos', entityId: child.id, action: 'delete' });
    expect(await seen(tokens.small)).toBe(false);
    expect(await seen(tokens.admin)).toBe(true);
  });

  it("shows a matching's and a service's changes to their office only", async () => {
    const [matching] = await t.app.db
      .select({ id: adoptiveMatchings.id })
      .from(adoptiveMatchings)
      .where(eq(adoptiveMatchings.headOfficeId, offices.big))
      .limit(1);
    await writeAudit(t.app.db, {
      userId: null,
      entity: 'adoptive_matchings',
      entityId: matching.id,
      action: 'update',
    });
    const of = async (token: string) =>
      ((await dashboard(token)).changes ?? []).filter(
        (change) => change.entity === 'matching' && change.entityId === matching.id,
      ).length;
    expect(await of(tokens.big)).toBe(1);
    expect(await of(tokens.small)).toBe(0);
    expect(await of(tokens.admin)).toBe(1);
  });
});
