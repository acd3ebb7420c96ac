import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  childInfos,
  headOffices,
  postAdoptionServices,
  provinces,
  users,
} from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { addDays } from '../../src/domain/serviceSchedule';
import {
  insertChild,
  insertCompletedMatching,
  insertService,
  type TCompletedMatching,
  type TServiceOverrides,
} from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Bulk actions on lists (issue 26): `POST {apiBase}/bulk/{action}` answers each row changed,
 * unchanged or refused (with why, in the request's language), every row on its own; office scope
 * and permission per row; a changed row goes through the form's update path (version, audit,
 * timeline); at most 500 ids; the export of a selection (`ids=`).
 */
let t: TTestApp;
let today: string;
let national: number;
let kampot: number;
let takeo: number;
type TUser =
  | 'supervisor'
  | 'provincial'
  | 'reader'
  | 'officerA'
  | 'officerB'
  | 'readOnlyOfficer'
  | 'kampotOfficer';
const tokens = {} as Record<TUser, string>;
const userIds = {} as Record<TUser, number>;
let nationalMatching: TCompletedMatching;
let kampotMatching: TCompletedMatching;

const records = () => ({ prefix: 'BK', today });

const call = (url: string, payload: unknown, token: string = tokens.supervisor, locale: 'en' | 'kh' = 'en') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...t.bearer(token), locale },
    payload: payload as object,
  });

const service = (matching: TCompletedMatching, values: TServiceOverrides = {}) =>
  insertService(t.app.db, matching, { officerId: userIds.officerA, ...values }, records());

const servicesByIds = (ids: number[]) =>
  t.app.db
    .select({
      id: postAdoptionServices.id,
      officerId: postAdoptionServices.officerId,
      plannedDate: postAdoptionServices.plannedDate,
      version: postAdoptionServices.version,
    })
    .from(postAdoptionServices)
    .where(inArray(postAdoptionServices.id, ids))
    .orderBy(postAdoptionServices.id);

const auditsOf = (entity: string, id: number) =>
  t.app.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)));

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  const [province] = await t.app.db
    .select({ id: provinces.id })
    .from(provinces)
    .orderBy(provinces.code)
    .limit(1);
  const office = async (code: string, kind: 'national' | 'provincial') =>
    (
      await t.app.db
        .insert(headOffices)
        .values({ code, name: { kh: code, en: code }, class: kind, provinceId: province.id })
        .returning({ id: headOffices.id })
    )[0].id;
  national = await office('HO-BK-NAT', 'national');
  kampot = await office('HO-BK-KPT', 'provincial');
  takeo = await office('HO-BK-TKO', 'provincial');
  const both = (...actions: string[]) =>
    actions.flatMap((action) => [`post_adoption_services:${action}`, `adoptive_children:${action}`]);
  const created = {
    supervisor: await t.createUser('bk-supervisor', both('read', 'update')),
    provincial: await t.createUser('bk-provincial', both('read', 'update')),
    reader: await t.createUser('bk-reader', [...both('read'), 'post_adoption_services:write']),
    // Officers record the services given to them: they may update them (issue 35).
    officerA: await t.createUser('bk-officer-a', both('read', 'update'), { name: 'Officer A' }),
    officerB: await t.createUser('bk-officer-b', both('read', 'update'), { name: 'Officer B' }),
    readOnlyOfficer: await t.createUser('bk-read-only', both('read'), { name: 'Dara Read' }),
    kampotOfficer: await t.createUser('bk-kampot-officer', both('read', 'update'), { name: 'Sokha Kampot' }),
  };
  for (const user of [created.provincial, created.kampotOfficer])
    await t.app.db.update(users).set({ headOfficeId: kampot }).where(eq(users.id, user.id));
  for (const [name, user] of Object.entries(created)) {
    userIds[name as TUser] = user.id;
    tokens[name as TUser] = (await t.signIn(user.username, userPassword)).accessToken;
  }
  nationalMatching = await insertCompletedMatching(t.app.db, { headOfficeId: national }, records());
  kampotMatching = await insertCompletedMatching(t.app.db, { headOfficeId: kampot }, records());
}, 60_000);
afterAll(() => t?.close());

describe('assigning services to an officer', () => {
  it('answers each row changed or unchanged, bumps versions and writes each change to its timeline', async () => {
    const first = await service(nationalMatching);
    const second = await service(kampotMatching);
    const already = await service(nationalMatching, { officerId: userIds.officerB });
    const response = await call('/service-after-adoption/bulk/assign-officer', {
      ids: [first.id, second.id, already.id],
      officerId: userIds.officerB,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      { id: first.id, status: 'changed' },
      { id: second.id, status: 'changed' },
      { id: already.id, status: 'unchanged' },
    ]);
    const rows = await servicesByIds([first.id, second.id, already.id]);
    expect(rows.map((row) => [row.officerId, row.version])).toEqual([
      [userIds.officerB, first.version + 1],
      [userIds.officerB, second.version + 1],
      [userIds.officerB, already.version],
    ]);
    expect(await auditsOf('post_adoption_services', first.id)).toEqual([{ action: 'update' }]);
    expect(await auditsOf('post_adoption_services', already.id)).toEqual([]);
    const timeline = await t.app.inject({
      method: 'GET',
      url: `/api/v1/service-after-adoption/timeline/${first.id}`,
      headers: { ...t.bearer(tokens.supervisor), locale: 'en' },
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    const [entry] = timeline.json().data;
    expect(entry.action).toBe('update');
    expect(entry.changes).toContainEqual(
      expect.objectContaining({ field: 'officer', to: expect.objectContaining({ id: userIds.officerB }) }),
    );
  });

  it('refuses as not found the rows out of the user office, in the user language, and changes the others', async () => {
    const own = await service(kampotMatching);
    const other = await service(nationalMatching);
    const response = await call(
      '/service-after-adoption/bulk/assign-officer',
      { ids: [own.id, other.id], officerId: userIds.officerB },
      tokens.provincial,
      'kh',
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual([
      { id: own.id, status: 'changed' },
      { id: other.id, status: 'refused', message: 'រកមិនឃើញសំណើ។' },
    ]);
    const [, untouched] = await servicesByIds([own.id, other.id]);
    expect(untouched).toMatchObject({ officerId: userIds.officerA, version: other.version });
  });

  it('refuses a row read at a stale version, and an officer who is no active user (400), changing nothing', async () => {
    const fresh = await service(nationalMatching);
    const stale = await service(nationalMatching);
    await t.app.db
      .update(postAdoptionServices)
      .set({ version: stale.version + 1 })
      .where(eq(postAdoptionServices.id, stale.id));
    const response = await call('/service-after-adoption/bulk/assign-officer', {
      ids: [
        { id: fresh.id, version: fresh.version },
        { id: stale.id, version: stale.version },
      ],
      officerId: userIds.officerB,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [changed, refused] = response.json().data;
    expect(changed).toEqual({ id: fresh.id, status: 'changed' });
    expect(refused).toMatchObject({ id: stale.id, status: 'refused' });
    expect(refused.message).toMatch(/changed by someone else/i);
    expect((await servicesByIds([stale.id]))[0].officerId).toBe(userIds.officerA);

    const [inactive] = await t.app.db
      .update(users)
      .set({ active: false })
      .where(eq(users.id, userIds.officerB))
      .returning({ id: users.id });
    try {
      const unknown = await call('/service-after-adoption/bulk/assign-officer', {
        ids: [stale.id],
        officerId: inactive.id,
      });
      expect(unknown.statusCode, unknown.body).toBe(400);
      expect(unknown.json().errors).toEqual(['officerId must be an active user.']);
    } finally {
      await t.app.db.update(users).set({ active: true }).where(eq(users.id, userIds.officerB));
    }
  });

  it('refuses (400, both languages) an officer who may not update services, or whose provincial office does not keep them, changing nothing', async () => {
    const national1 = await service(nationalMatching);
    const national2 = await service(nationalMatching);
    const kampot1 = await service(kampotMatching);
    const before = await servicesByIds([national1.id, national2.id, kampot1.id]);
    const assign = (
      officerId: number,
      locale: 'en' | 'kh' = 'en',
      ids = [national1.id, national2.id, kampot1.id],
    ) => call('/service-after-adoption/bulk/assign-officer', { ids, officerId }, tokens.supervisor, locale);

    const readOnly = await assign(userIds.readOnlyOfficer);
    expect(readOnly.statusCode, readOnly.body).toBe(400);
    expect(readOnly.json().errors).toEqual([
      'officerId: Dara Read may not update services after adoption, so could not record them. Choose an officer whose role may, or ask an administrator to give it.',
    ]);
    const readOnlyKh = await assign(userIds.readOnlyOfficer, 'kh');
    expect(readOnlyKh.statusCode).toBe(400);
    expect(readOnlyKh.json().errors[0]).toContain('Dara Read');
    expect(readOnlyKh.json().errors[0]).toContain('មិនមានសិទ្ធិកែប្រែ');

    // Of the Kampot office: the national office's services are not theirs to open.
    const away = await assign(userIds.kampotOfficer);
    expect(away.statusCode, away.body).toBe(400);
    const codes = [national1.code, national2.code].sort().join(', ');
    expect(away.json().errors).toEqual([
      `officerId: Sokha Kampot works for a provincial office that does not keep ${codes}. Choose an officer of the office that keeps them, or of a national office.`,
    ]);
    const awayKh = await assign(userIds.kampotOfficer, 'kh');
    expect(awayKh.json().errors[0]).toContain(codes);
    expect(awayKh.json().errors[0]).toContain('ការិយាល័យខេត្ត');
    expect(await servicesByIds([national1.id, national2.id, kampot1.id])).toEqual(before);

    // The Kampot office's own services are theirs.
    const own = await assign(userIds.kampotOfficer, 'en', [kampot1.id]);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toEqual([{ id: kampot1.id, status: 'changed' }]);

    // The service's form holds them to the same rule.
    const form = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/service-after-adoption/${national1.id}`,
      headers: { ...t.bearer(tokens.supervisor), locale: 'en' },
      payload: { officerId: userIds.readOnlyOfficer, version: national1.version },
    });
    expect(form.statusCode, form.body).toBe(400);
    expect(form.json().errors[0]).toMatch(/^officerId: Dara Read may not update/);
  });

  it('takes at most 500 ids: 501 is a 400 that says so, and nothing changes', async () => {
    const row = await service(nationalMatching);
    const ids = [row.id, ...Array.from({ length: 500 }, (_, index) => 2_000_000 + index)];
    const tooMany = await call('/service-after-adoption/bulk/assign-officer', {
      ids,
      officerId: userIds.officerB,
    });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json().errors).toEqual([
      'ids may hold at most 500 records at once: choose fewer and try again.',
    ]);
    expect((await servicesByIds([row.id]))[0].officerId).toBe(userIds.officerA);

    const inKhmer = await call(
      '/service-after-adoption/bulk/assign-officer',
      { ids, officerId: userIds.officerB },
      tokens.supervisor,
      'kh',
    );
    expect(inKhmer.statusCode).toBe(400);
    expect(inKhmer.json().errors[0]).toContain('500');
    expect(inKhmer.json().errors[0]).toContain('សូមជ្រើស');

    const fiveHundred = await call('/service-after-adoption/bulk/assign-officer', {
      ids: ids.slice(0, 500),
      officerId: userIds.officerB,
    });
    expect(fiveHundred.statusCode, fiveHundred.body).toBe(200);
    const answered = fiveHundred.json().data as { status: string }[];
    expect(answered).toHaveLength(500);
    expect(answered[0]).toEqual({ id: row.id, status: 'changed' });
    expect(answered.slice(1).every((entry) => entry.status === 'refused')).toBe(true);
  });

  it('is refused (403) to a user without the update permission, and checks the body (400)', async () => {
    const row = await service(nationalMatching);
    const refused = await call(
      '/service-after-adoption/bulk/assign-officer',
      { ids: [row.id], officerId: userIds.officerB },
      tokens.reader,
    );
    expect(refused.statusCode).toBe(403);
    expect((await servicesByIds([row.id]))[0]).toMatchObject({
      officerId: userIds.officerA,
      version: row.version,
    });
    for (const body of [
      { ids: [], officerId: userIds.officerB },
      { ids: [row.id] },
      { ids: ['x'], officerId: 1 },
    ]) {
      const bad = await call('/service-after-adoption/bulk/assign-officer', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('replanning services by a number of days', () => {
  it('moves pending services, refuses given ones and days before the adoption, each row on its own', async () => {
    const pending = await service(nationalMatching, { plannedDate: today });
    const given = await service(nationalMatching, {
      status: 'confirmed',
      actualDate: today,
      plannedDate: today,
    });
    const early = await service(nationalMatching, {
      plannedDate: addDays(nationalMatching.completedOn, 5),
    });
    const response = await call('/service-after-adoption/bulk/replan', {
      ids: [pending.id, given.id, early.id],
      days: -10,
    });
    expect(response.statusCode, response.body).toBe(200);
    const [moved, kept, beforeAdoption] = response.json().data;
    expect(moved).toEqual({ id: pending.id, status: 'changed' });
    expect(kept).toEqual({
      id: given.id,
      status: 'refused',
      message: 'Only a pending service is replanned: this one was already given or found not given.',
    });
    expect(beforeAdoption).toMatchObject({ id: early.id, status: 'refused' });
    expect(beforeAdoption.message).toMatch(/plannedDate/);
    const rows = await servicesByIds([pending.id, given.id, early.id]);
    expect(rows.map((row) => row.plannedDate)).toEqual([
      addDays(today, -10),
      today,
      addDays(nationalMatching.completedOn, 5),
    ]);
  });

  it('keeps the days within a year either way; 0 days changes nothing', async () => {
    const row = await service(nationalMatching, { plannedDate: today });
    const tooFar = await call('/service-after-adoption/bulk/replan', { ids: [row.id], days: 366 });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().errors).toEqual(['days: Number has to be between -365 and 365']);
    const none = await call('/service-after-adoption/bulk/replan', { ids: [row.id], days: 0 });
    expect(none.json().data).toEqual([{ id: row.id, status: 'unchanged' }]);
  });
});

describe('moving children to another head office', () => {
  it('checks scope and the office a provincial user may assign, per row', async () => {
    const ownChild = await insertChild(t.app.db, { headOfficeId: kampot }, records());
    const otherChild = await insertChild(t.app.db, { headOfficeId: takeo }, records());
    // A provincial user may give a child to their own office only.
    const elsewhere = await call(
      '/child-infos/bulk/move-head-office',
      { ids: [ownChild.id, otherChild.id], headOfficeId: national },
      tokens.provincial,
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().data).toEqual([
      { id: ownChild.id, status: 'refused', message: expect.stringMatching(/^headOfficeId/) },
      { id: otherChild.id, status: 'refused', message: 'Request Not Found.' },
    ]);
    const own = await call(
      '/child-infos/bulk/move-head-office',
      { ids: [ownChild.id], headOfficeId: kampot },
      tokens.provincial,
    );
    expect(own.json().data).toEqual([{ id: ownChild.id, status: 'unchanged' }]);

    // A national supervisor moves them both; each move is on the child's timeline.
    const versions = () =>
      t.app.db
        .select({ office: childInfos.headOfficeId, version: childInfos.version })
        .from(childInfos)
        .where(inArray(childInfos.id, [ownChild.id, otherChild.id]))
        .orderBy(childInfos.id);
    const before = await versions();
    const moved = await call('/child-infos/bulk/move-head-office', {
      ids: [ownChild.id, otherChild.id],
      headOfficeId: national,
    });
    expect(moved.json().data).toEqual([
      { id: ownChild.id, status: 'changed' },
      { id: otherChild.id, status: 'changed' },
    ]);
    expect(await versions()).toEqual(before.map((row) => ({ office: national, version: row.version + 1 })));
    const timeline = await t.app.inject({
      method: 'GET',
      url: `/api/v1/child-infos/timeline/${otherChild.id}`,
      headers: { ...t.bearer(tokens.supervisor), locale: 'en' },
    });
    expect(timeline.json().data[0].changes).toContainEqual(expect.objectContaining({ field: 'headOffice' }));
    // The provincial user no longer sees the child moved out of their office.
    const gone = await call(
      '/child-infos/bulk/move-head-office',
      { ids: [ownChild.id], headOfficeId: kampot },
      tokens.provincial,
    );
    expect(gone.json().data).toEqual([{ id: ownChild.id, status: 'refused', message: 'Request Not Found.' }]);
  });
});

describe('the export of a selection', () => {
  it('holds only the ids asked for, within the user office', async () => {
    const picked = await service(kampotMatching);
    const outOfScope = await service(nationalMatching);
    await service(kampotMatching);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/service-after-adoption/export?format=csv&ids=${picked.id},${outOfScope.id}`,
      headers: { ...t.bearer(tokens.provincial), locale: 'en' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(picked.code);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: `/api/v1/service-after-adoption/export?ids=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`,
      headers: { ...t.bearer(tokens.provincial), locale: 'en' },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
