import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  childDisabilities,
  childInfos,
  communes,
  districts,
  headOffices,
  provinces,
  referenceItems,
  statusHistory,
  systemSettings,
  users,
  villages,
} from '../../server/db/schema';
import { childBinding } from '../../server/modules/children/childBinding';
import { searchCondition } from '../../server/resources/pagedList';
import { isoDateIn } from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import { addDays } from '../../src/domain/serviceSchedule';
import { createTestApp, type TTestApp, userPassword } from './testApp';

let t: TTestApp;
const tokens: Record<string, string> = {};
let officeA: number;
let officeB: number;
let provinceA: number;
let provinceB: number;
let districtA: number;
let districtB: number;
let communeA: number;
let villageA: number;
const reference: Record<string, number[]> = {};

const today = () => isoDateIn(new Date(t.clock.now()));

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('clerk', [
    'adoptive_children:read',
    'adoptive_children:write',
    'adoptive_children:update',
    'adoptive_children:delete',
  ]);
  await t.createUser('reader', ['adoptive_children:read']);
  await t.createUser('nobody', ['users:read']);
  for (const username of ['clerk', 'reader', 'nobody']) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
  const [p1, p2] = await t.app.db
    .select({ id: provinces.id })
    .from(provinces)
    .orderBy(provinces.code)
    .limit(2);
  provinceA = p1.id;
  provinceB = p2.id;
  const offices = await t.app.db
    .insert(headOffices)
    .values([
      { code: 'HO-A', name: { kh: 'ការិយាល័យក', en: 'Office A' }, class: 'national', provinceId: provinceA },
      // National: the clerk (of office B) works on children of both offices here; a provincial
      // clerk would see office B's only (tests/api/officeScope.test.ts).
      { code: 'HO-B', name: { kh: 'ការិយាល័យខ', en: 'Office B' }, class: 'national', provinceId: provinceB },
    ])
    .returning({ id: headOffices.id });
  [officeA, officeB] = offices.map((office) => office.id);
  await t.app.db.update(users).set({ headOfficeId: officeB }).where(eq(users.username, 'clerk'));
  const name = (en: string) => ({ kh: `ខ ${en}`, en });
  [districtA, districtB] = (
    await t.app.db
      .insert(districts)
      .values([
        { code: 'T-D1', name: name('District 1'), provinceId: provinceA },
        { code: 'T-D2', name: name('District 2'), provinceId: provinceB },
      ])
      .returning({ id: districts.id })
  ).map((row) => row.id);
  [communeA] = (
    await t.app.db
      .insert(communes)
      .values({ code: 'T-C1', name: name('Commune 1'), districtId: districtA })
      .returning({ id: communes.id })
  ).map((row) => row.id);
  [villageA] = (
    await t.app.db
      .insert(villages)
      .values({ code: 'T-V1', name: name('Village 1'), communeId: communeA })
      .returning({ id: villages.id })
  ).map((row) => row.id);
  const items = await t.app.db
    .select({ id: referenceItems.id, list: referenceItems.list })
    .from(referenceItems)
    .orderBy(referenceItems.id);
  for (const item of items) {
    reference[item.list] ??= [];
    reference[item.list].push(item.id);
  }
}, 60_000);
afterAll(() => t?.close());

const auth = (username: string) => t.bearer(tokens[username]);
const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  username = 'clerk',
  locale = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...auth(username), locale },
  });

/**
 * Each child made here is another child (issue 35 refuses a likely duplicate): born a day before the
 * last one, unless the test says when.
 */
let made = 0;
const validChild = (extra: Record<string, unknown> = {}) => {
  made += 1;
  return {
    familyNameKh: 'សុខ',
    givenNameKh: 'ចន្ទា',
    familyNameEn: 'Sok',
    givenNameEn: 'Chanthea',
    sex: 'female',
    dateOfBirth: addDays(yearsBefore(today(), 4), -made),
    dateOfBirthEstimated: false,
    headOfficeId: officeA,
    disabilityIds: [],
    ...extra,
  };
};

type TChild = Record<string, unknown> & { id: number; code: string; version: number; status: string };
const create = async (extra: Record<string, unknown> = {}): Promise<TChild> => {
  const response = await api('POST', '/child-infos', validChild(extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
};
const countChildren = async () => (await t.app.db.select({ id: childInfos.id }).from(childInfos)).length;

describe('child records: create, read, update, delete', () => {
  it("starts a new child's status history with its registration, by whom and when", async () => {
    const started = t.clock.now();
    const child = await create();
    const ended = t.clock.now();
    const response = await api('GET', `/child-infos/status-history/${child.id}`, undefined, 'reader');
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data;
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        action: 'register',
        fromStatus: '',
        toStatus: 'registered',
        payload: {},
        user: { id: expect.any(Number), name: expect.any(String) },
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    const at = new Date(rows[0].at).getTime();
    expect(at).toBeGreaterThanOrEqual(started);
    expect(at).toBeLessThanOrEqual(ended);
    // A refused create leaves no history row behind (the same transaction).
    const before = (await t.app.db.select().from(statusHistory)).length;
    const refused = await api('POST', '/child-infos', validChild({ headOfficeId: 999_999 }));
    expect(refused.statusCode).toBe(400);
    expect((await t.app.db.select().from(statusHistory)).length).toBe(before);
  });

  it('gives each new child its own generated code and the registered status', async () => {
    const year = today().slice(0, 4);
    const next = await api('GET', '/child-infos/get-child-doc-number');
    expect(next.statusCode).toBe(200);
    const first = await create();
    expect(next.json().data.code).toBe(first.code);
    const second = await create({ familyNameKh: 'ចាន់', givenNameKh: 'ដារ៉ា', sex: 'male' });
    expect(first.code).toMatch(new RegExp(`^CH-${year}-\\d{6}$`));
    expect(second.code).toMatch(new RegExp(`^CH-${year}-\\d{6}$`));
    expect(second.code).not.toBe(first.code);
    expect(Number(second.code.slice(-6))).toBe(Number(first.code.slice(-6)) + 1);
    expect(first.status).toBe('registered');
    expect(first).toMatchObject({
      nameKh: 'សុខ ចន្ទា',
      nameEn: 'Sok Chanthea',
      age: 4,
      headOffice: { id: officeA, code: 'HO-A', name: { en: 'Office A' } },
      hasPhoto: false,
      version: 1,
    });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'child_infos'), eq(auditLog.entityId, first.id)));
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('takes the code prefix from the system settings, numbering each prefix on its own', async () => {
    const year = today().slice(0, 4);
    // A prefix with LIKE's wildcards: the numbering must not read other prefixes' codes.
    await t.app.db.insert(systemSettings).values({ key: 'childCodePrefix', value: 'K_%' });
    try {
      const first = await create();
      const second = await create();
      expect([first.code, second.code]).toEqual([`K_%-${year}-000001`, `K_%-${year}-000002`]);
    } finally {
      await t.app.db.delete(systemSettings).where(eq(systemSettings.key, 'childCodePrefix'));
    }
    const back = await create();
    expect(back.code).toMatch(new RegExp(`^CH-${year}-\\d{6}$`));
  });

  it('gives different codes to creates sent at the same moment', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => api('POST', '/child-infos', validChild())),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const codes = responses.map((response) => response.json().data.code);
    expect(new Set(codes).size).toBe(5);
  });

  it('refuses a code, a status or an unknown key in the body (the server owns them)', async () => {
    const before = await countChildren();
    for (const extra of [{ code: 'CH-X' }, { status: 'adopted' }, { photo: 'x.png' }]) {
      const response = await api('POST', '/child-infos', validChild(extra));
      expect(response.statusCode).toBe(400);
    }
    const child = await create();
    const patch = await api('PATCH', `/child-infos/${child.id}`, { version: 1, status: 'adopted' });
    expect(patch.statusCode).toBe(400);
    expect(await countChildren()).toBe(before + 1);
  });

  it('stores disabilities on create and replaces them on update', async () => {
    const [d1, d2, d3] = reference.child_disabilities;
    const child = await create({ disabilityIds: [d2, d1] });
    expect(child.disabilityIds).toEqual([d1, d2]);
    const read = await api('GET', `/child-infos/${child.id}`, undefined, 'reader');
    expect(read.json().data.disabilityIds).toEqual([d1, d2]);
    const patched = await api('PATCH', `/child-infos/${child.id}`, { version: 1, disabilityIds: [d3] });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ disabilityIds: [d3], version: 2 });
    const rows = await t.app.db
      .select({ id: childDisabilities.disabilityId })
      .from(childDisabilities)
      .where(eq(childDisabilities.childId, child.id));
    expect(rows.map((row) => row.id)).toEqual([d3]);
    // A name change leaves the disabilities alone.
    const renamed = await api('PATCH', `/child-infos/${child.id}`, { version: 2, givenNameEn: 'Dara' });
    expect(renamed.json().data).toMatchObject({ disabilityIds: [d3], nameEn: 'Sok Dara' });
    const cleared = await api('PATCH', `/child-infos/${child.id}`, { version: 3, disabilityIds: [] });
    expect(cleared.json().data.disabilityIds).toEqual([]);
  });

  it('refuses an item of another reference list, changing nothing', async () => {
    const before = await countChildren();
    const wrongDisability = await api(
      'POST',
      '/child-infos',
      validChild({ disabilityIds: [reference.health_status[0]] }),
    );
    expect(wrongDisability.statusCode).toBe(400);
    expect(wrongDisability.json().errors[0]).toMatch(/^disabilityIds /);
    const wrongReason = await api(
      'POST',
      '/child-infos',
      validChild({ keepingReasonId: reference.family_types[0] }),
    );
    expect(wrongReason.statusCode).toBe(400);
    expect(wrongReason.json().errors[0]).toMatch(/^keepingReasonId /);
    expect(await countChildren()).toBe(before);
    const good = await create({
      keepingReasonId: reference.keeping_reasons[0],
      livingWithId: reference.living_with[0],
      familyTypeId: reference.family_types[0],
      healthStatusId: reference.health_status[0],
    });
    expect(good.keepingReasonId).toBe(reference.keeping_reasons[0]);
  });

  it('needs a whole name in Khmer or in Latin letters, in the request language', async () => {
    const before = await countChildren();
    const halfNames = validChild({ givenNameKh: undefined, familyNameEn: undefined });
    const en = await api('POST', '/child-infos', halfNames);
    expect(en.statusCode).toBe(400);
    expect(en.json().errors[0]).toMatch(/^familyNameKh .*whole name/);
    const kh = await api('POST', '/child-infos', halfNames, 'clerk', 'kh');
    expect(kh.statusCode).toBe(400);
    expect(kh.json().errors[0]).toMatch(/^familyNameKh .*ឈ្មោះពេញ/);
    expect(await countChildren()).toBe(before);
    // Latin only is enough, Khmer only too.
    await create({ familyNameKh: undefined, givenNameKh: undefined });
    const khmerOnly = await create({ familyNameEn: undefined, givenNameEn: undefined });
    // An edit that would leave no whole name is refused; clearing one script while the other is whole is fine.
    const cleared = await api('PATCH', `/child-infos/${khmerOnly.id}`, { version: 1, givenNameKh: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().errors[0]).toMatch(/^familyNameKh /);
    const swapped = await api('PATCH', `/child-infos/${khmerOnly.id}`, {
      version: 1,
      givenNameKh: null,
      familyNameEn: 'Sok',
      givenNameEn: 'Dara',
    });
    expect(swapped.statusCode).toBe(200);
    expect(swapped.json().data).toMatchObject({ nameKh: 'សុខ', nameEn: 'Sok Dara', givenNameKh: null });
  });

  it('takes a new date of birth from today back to (not including) 18 years ago', async () => {
    const now = today();
    const before = await countChildren();
    const tomorrow = new Date(Date.parse(`${now}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    for (const dateOfBirth of [tomorrow, yearsBefore(now, 18), '1990-05-01']) {
      const response = await api('POST', '/child-infos', validChild({ dateOfBirth }));
      expect(response.statusCode, dateOfBirth).toBe(400);
      expect(response.json().errors[0]).toMatch(/^dateOfBirth /);
    }
    const impossible = await api('POST', '/child-infos', validChild({ dateOfBirth: '2020-02-30' }));
    expect(impossible.statusCode).toBe(400);
    expect(await countChildren()).toBe(before);
    const dayAfter18 = new Date(Date.parse(`${yearsBefore(now, 18)}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    const oldest = await create({ dateOfBirth: dayAfter18 });
    expect(oldest.age).toBe(17);
    const newborn = await create({ dateOfBirth: now });
    expect(newborn.age).toBe(0);
    // An edit may keep or correct an older date, never one in the future.
    const older = await api('PATCH', `/child-infos/${oldest.id}`, { version: 1, dateOfBirth: '2000-01-01' });
    expect(older.statusCode).toBe(200);
    const future = await api('PATCH', `/child-infos/${newborn.id}`, { version: 1, dateOfBirth: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0]).toMatch(/^dateOfBirth /);
    const admitted = await api('PATCH', `/child-infos/${newborn.id}`, { version: 1, admittedOn: tomorrow });
    expect(admitted.statusCode).toBe(400);
    expect(admitted.json().errors[0]).toMatch(/^admittedOn /);
    const [row] = await t.app.db.select().from(childInfos).where(eq(childInfos.id, newborn.id));
    expect(row).toMatchObject({ dateOfBirth: now, admittedOn: null, version: 1 });
  });

  it('keeps the birth place levels consistent', async () => {
    const before = await countChildren();
    const mismatch = await api(
      'POST',
      '/child-infos',
      validChild({ birthProvinceId: provinceB, birthDistrictId: districtA }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors[0]).toMatch(/^birthDistrictId /);
    const unknown = await api('POST', '/child-infos', validChild({ birthVillageId: 999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0]).toMatch(/^birthVillageId /);
    expect(await countChildren()).toBe(before);
    const child = await create({
      birthProvinceId: provinceA,
      birthDistrictId: districtA,
      birthCommuneId: communeA,
      birthVillageId: villageA,
    });
    expect(child.birthProvince).toMatchObject({ id: provinceA });
    // Moving the province alone leaves the district outside it.
    const moved = await api('PATCH', `/child-infos/${child.id}`, { version: 1, birthProvinceId: provinceB });
    expect(moved.statusCode).toBe(400);
    const movedAll = await api('PATCH', `/child-infos/${child.id}`, {
      version: 1,
      birthProvinceId: provinceB,
      birthDistrictId: districtB,
      birthCommuneId: null,
      birthVillageId: null,
    });
    expect(movedAll.statusCode, movedAll.body).toBe(200);
  });

  it('refuses a stale version with 409, changing nothing', async () => {
    const child = await create();
    const first = await api('PATCH', `/child-infos/${child.id}`, { version: 1, notes: 'first' });
    expect(first.statusCode).toBe(200);
    const stale = await api('PATCH', `/child-infos/${child.id}`, {
      version: 1,
      notes: 'second',
      disabilityIds: [reference.child_disabilities[0]],
    });
    expect(stale.statusCode).toBe(409);
    const read = (await api('GET', `/child-infos/${child.id}`)).json().data;
    expect(read).toMatchObject({ notes: 'first', version: 2, disabilityIds: [] });
  });

  it('deletes a registered child, and refuses one in the workflow', async () => {
    const child = await create({ disabilityIds: [reference.child_disabilities[0]] });
    const removed = await api('DELETE', `/child-infos/${child.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await api('GET', `/child-infos/${child.id}`)).statusCode).toBe(404);
    const inCare = await create();
    await t.app.db.update(childInfos).set({ status: 'longTerm' }).where(eq(childInfos.id, inCare.id));
    const refused = await api('DELETE', `/child-infos/${inCare.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/registered/);
    expect((await api('GET', `/child-infos/${inCare.id}`)).statusCode).toBe(200);
    // An adopted child is the law's (issue 27, tests/api/keptRecords.test.ts).
    const adopted = await create();
    await t.app.db.update(childInfos).set({ status: 'adopted' }).where(eq(childInfos.id, adopted.id));
    const kept = await api('DELETE', `/child-infos/${adopted.id}`);
    expect(kept.statusCode).toBe(409);
    expect(kept.json().message).toMatch(/kept by law: an adopted child/);
    expect((await api('GET', `/child-infos/${adopted.id}`)).statusCode).toBe(200);
  });

  it("never gives a deleted child's code again, even when it was the year's last", async () => {
    const last = await create();
    expect((await api('DELETE', `/child-infos/${last.id}`)).statusCode).toBe(200);
    const next = await create();
    expect(next.code).not.toBe(last.code);
    expect(Number(next.code.slice(-6))).toBe(Number(last.code.slice(-6)) + 1);
  });
});

describe('child permissions', () => {
  it('refuses users without the permission, changing nothing', async () => {
    const child = await create();
    const before = await countChildren();
    expect((await api('POST', '/child-infos', validChild(), 'reader')).statusCode).toBe(403);
    expect(
      (await api('PATCH', `/child-infos/${child.id}`, { version: 1, notes: 'x' }, 'reader')).statusCode,
    ).toBe(403);
    expect((await api('DELETE', `/child-infos/${child.id}`, undefined, 'reader')).statusCode).toBe(403);
    expect((await api('GET', '/child-infos', undefined, 'nobody')).statusCode).toBe(403);
    expect((await api('GET', `/child-infos/${child.id}`, undefined, 'nobody')).statusCode).toBe(403);
    expect((await api('GET', '/child-infos/get-child-doc-number', undefined, 'reader')).statusCode).toBe(403);
    expect((await api('GET', '/child-infos/export', undefined, 'nobody')).statusCode).toBe(403);
    expect(await countChildren()).toBe(before);
    const [row] = await t.app.db.select().from(childInfos).where(eq(childInfos.id, child.id));
    expect(row.version).toBe(1);
  });
});

describe('child list: search, filters, sort', () => {
  let ids: Record<string, number> = {};
  const list = async (query: string, username = 'reader') => {
    const response = await api('GET', `/child-infos?take=1000&${query}`, undefined, username);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as TChild[]).filter((row) => Object.values(ids).includes(row.id));
  };

  beforeAll(async () => {
    const [d1] = reference.child_disabilities;
    const now = today();
    const made = {
      srey: await create({
        familyNameKh: 'ពៅ',
        givenNameKh: 'ស្រីនាង',
        familyNameEn: 'Pov',
        givenNameEn: 'Sreyneang',
        dateOfBirth: yearsBefore(now, 1),
        birthProvinceId: provinceA,
        disabilityIds: [d1],
      }),
      bora: await create({
        familyNameKh: 'ហេង',
        givenNameKh: 'បូរ៉ា',
        familyNameEn: 'Heng',
        givenNameEn: 'Bora',
        sex: 'male',
        dateOfBirth: yearsBefore(now, 7),
        birthProvinceId: provinceB,
        headOfficeId: officeB,
      }),
      latin: await create({
        familyNameKh: undefined,
        givenNameKh: undefined,
        familyNameEn: 'Zzyzx',
        givenNameEn: 'Quill',
        sex: 'male',
        dateOfBirth: yearsBefore(now, 13),
      }),
    };
    ids = Object.fromEntries(Object.entries(made).map(([key, row]) => [key, row.id]));
    await t.app.db.update(childInfos).set({ status: 'adoptable' }).where(eq(childInfos.id, ids.bora));
  });

  const namesOf = (rows: TChild[]) =>
    rows.map((row) => Object.entries(ids).find(([, id]) => id === row.id)?.[0]);

  it('searches through the trigram index rather than reading every child', async () => {
    // With scans priced out, the planner takes the index only if it holds the search's expression.
    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const condition = searchCondition('chan', childBinding.search);
      const result = await tx.execute(
        sql`explain select ${childInfos.id} from ${childInfos} where ${condition}`,
      );
      return (result as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row).join(' '))
        .join('\n');
    });
    expect(plan).toContain('child_infos_search_trgm_idx');
  });

  it('finds children by Khmer name, Latin name (any case) and code, every word matching', async () => {
    expect(namesOf(await list(`search=${encodeURIComponent('ស្រីនាង')}`))).toEqual(['srey']);
    expect(namesOf(await list(`search=${encodeURIComponent('ហេង បូរ៉ា')}`))).toEqual(['bora']);
    expect(namesOf(await list('search=zzYZX'))).toEqual(['latin']);
    expect(namesOf(await list('search=heng%20quill'))).toEqual([]);
    const [row] = await t.app.db
      .select({ code: childInfos.code })
      .from(childInfos)
      .where(eq(childInfos.id, ids.bora));
    expect(namesOf(await list(`search=${row.code}`))).toEqual(['bora']);
  });

  it('filters by status, sex, age band, province, head office and disability', async () => {
    const sorted = (rows: TChild[]) => namesOf(rows).sort();
    expect(sorted(await list('status=adoptable'))).toEqual(['bora']);
    expect(sorted(await list('sex=male'))).toEqual(['bora', 'latin']);
    expect(sorted(await list('sex=female'))).toEqual(['srey']);
    expect(sorted(await list('ageBand=0-2'))).toEqual(['srey']);
    expect(sorted(await list('ageBand=3-5'))).toEqual([]);
    expect(sorted(await list('ageBand=6-11'))).toEqual(['bora']);
    expect(sorted(await list('ageBand=12-17'))).toEqual(['latin']);
    expect(sorted(await list(`provinceId=${provinceB}`))).toEqual(['bora']);
    expect(sorted(await list(`headOfficeId=${officeB}`))).toEqual(['bora']);
    expect(sorted(await list(`disabilityId=${reference.child_disabilities[0]}`))).toEqual(['srey']);
    expect(sorted(await list(`sex=male&headOfficeId=${officeA}`))).toEqual(['latin']);
    expect((await api('GET', '/child-infos?ageBand=20-30', undefined, 'reader')).statusCode).toBe(400);
    expect((await api('GET', '/child-infos?status=lost', undefined, 'reader')).statusCode).toBe(400);
  });

  it('counts the filtered rows for the pager', async () => {
    const response = await api('GET', '/child-infos?take=1&status=adoptable', undefined, 'reader');
    expect(response.json().paginateMeta.itemCount).toBe(1);
    const disabled = await api(
      'GET',
      `/child-infos?take=1&disabilityId=${reference.child_disabilities[0]}&search=ស្រីនាង`,
      undefined,
      'reader',
    );
    expect(disabled.json().paginateMeta.itemCount).toBe(1);
  });

  it('sorts by age, Latin name and code', async () => {
    expect(namesOf(await list('sort=age&order=asc'))).toEqual(['srey', 'bora', 'latin']);
    expect(namesOf(await list('sort=age&order=desc'))).toEqual(['latin', 'bora', 'srey']);
    expect(namesOf(await list('sort=nameEn&order=asc'))).toEqual(['bora', 'srey', 'latin']);
    expect(namesOf(await list('sort=code&order=desc'))).toEqual(['latin', 'bora', 'srey']);
    expect(namesOf(await list('sort=province&order=asc')).length).toBe(3);
  });
});

describe('child lookups', () => {
  it("answers the signed-in user's head office, or null", async () => {
    const mine = await api('GET', '/child-infos/head-office-user');
    expect(mine.json().data).toEqual({
      id: officeB,
      code: 'HO-B',
      name: { kh: 'ការិយាល័យខ', en: 'Office B' },
      class: 'national',
    });
    const none = await api('GET', '/child-infos/head-office-user', undefined, 'nobody');
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toBeNull();
  });

  it('cascades birth places by the parent id in the path', async () => {
    const districtsOfA = (await api('GET', `/child-infos/districts/${provinceA}`, undefined, 'nobody')).json()
      .data;
    expect(districtsOfA.map((row: { id: number }) => row.id)).toContain(districtA);
    expect(districtsOfA.map((row: { id: number }) => row.id)).not.toContain(districtB);
    const communesOfA = (await api('GET', `/child-infos/communes/${districtA}`, undefined, 'nobody')).json()
      .data;
    expect(communesOfA).toEqual([
      { id: communeA, code: 'T-C1', name: { kh: 'ខ Commune 1', en: 'Commune 1' } },
    ]);
    const villagesOfA = (await api('GET', `/child-infos/villages/${communeA}`, undefined, 'nobody')).json()
      .data;
    expect(villagesOfA.map((row: { id: number }) => row.id)).toEqual([villageA]);
    expect((await api('GET', '/child-infos/villages/abc', undefined, 'nobody')).statusCode).toBe(400);
    for (const path of ['provinces', 'countries', 'head-offices']) {
      const response = await api('GET', `/child-infos/${path}`, undefined, 'nobody');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.length).toBeGreaterThan(0);
    }
  });

  it('serves the active items of each reference list in their order', async () => {
    const [first, second] = reference.family_types;
    await t.app.db.update(referenceItems).set({ active: false }).where(eq(referenceItems.id, first));
    const response = await api('GET', '/family-types', undefined, 'nobody');
    expect(response.statusCode).toBe(200);
    const rows = response.json().data as { id: number; code: string; name: { kh: string } }[];
    expect(rows.map((row) => row.id)).not.toContain(first);
    expect(rows.map((row) => row.id)).toContain(second);
    await t.app.db.update(referenceItems).set({ active: true }).where(eq(referenceItems.id, first));
    for (const path of ['/living-with', '/keeping-reasons', '/child-disabilities', '/health-status']) {
      const list = await api('GET', path, undefined, 'nobody');
      expect(list.statusCode).toBe(200);
      expect(list.json().data.length).toBeGreaterThan(0);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/family-types' });
    expect(anonymous.statusCode).toBe(401);
  });
});
