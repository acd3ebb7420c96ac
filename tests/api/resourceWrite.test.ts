import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  auditLog,
  communes,
  departments,
  districts,
  headOffices,
  organizations,
  positions,
  provinces,
  states,
  users,
  villages,
} from '../../server/db/schema';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * Create, get, patch and delete of the generic resource routes (issue 3): versions, the hierarchy,
 * field-first messages in both languages, duplicates, deletes refused while in use, and the audit
 * trail. Every refused request is checked to have changed nothing.
 */

type TName = { kh: string; en: string };
type TRecord = Record<string, unknown> & { id: number; version: number };

let t: TTestApp;
let adminToken: string;
let adminId: number;

const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  locale?: 'kh' | 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { ...t.bearer(adminToken), ...(locale ? { locale } : {}) },
  });

const create = async (base: string, body: Record<string, unknown>): Promise<TRecord> => {
  const response = await api('POST', base, body);
  if (response.statusCode !== 201) throw new Error(`POST ${base} failed: ${response.body}`);
  return response.json().data;
};

const read = async (base: string, id: number) => {
  const response = await api('GET', `${base}/${id}`);
  return { status: response.statusCode, data: response.json().data as TRecord | undefined };
};

const rowCount = async (table: PgTable) => {
  const [{ rows }] = await t.app.db.select({ rows: sql<number>`count(*)::int` }).from(table);
  return rows;
};

const auditCount = async () => rowCount(auditLog);

const auditOf = (entity: string, entityId: number) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.id));

const name = (en: string): TName => ({ kh: `ឈ្មោះ ${en}`, en });

/** Fixtures every test may read; tests that change or delete rows make their own. */
const fixture = {} as Record<
  | 'province'
  | 'otherProvince'
  | 'district'
  | 'commune'
  | 'village'
  | 'organization'
  | 'department'
  | 'countryId',
  number
>;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.signIn('admin', adminPassword)).accessToken;
  [{ id: adminId }] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  fixture.province = (await create('/provinces', { code: 'RWP1', name: name('Province one') })).id;
  fixture.otherProvince = (await create('/provinces', { code: 'RWP2', name: name('Province two') })).id;
  fixture.district = (
    await create('/districts', { code: 'RWD1', name: name('District'), provinceId: fixture.province })
  ).id;
  fixture.commune = (
    await create('/communes', { code: 'RWC1', name: name('Commune'), districtId: fixture.district })
  ).id;
  fixture.village = (
    await create('/villages', { code: 'RWV1', name: name('Village'), communeId: fixture.commune })
  ).id;
  fixture.organization = (await create('/organizations', { code: 'RWO1', name: name('Organization') })).id;
  fixture.department = (
    await create('/departments', {
      code: 'RWDP1',
      name: name('Department'),
      organizationId: fixture.organization,
    })
  ).id;
  const countriesResponse = await api('GET', '/states/countries');
  fixture.countryId = countriesResponse.json().data[0].id;
});
afterAll(() => t?.close());

describe('create and get', () => {
  it('creates a district under its province, answers it with version 1 and audits it', async () => {
    const auditBefore = await auditCount();
    const response = await api('POST', '/districts', {
      code: 'RWD-NEW',
      name: { kh: 'ស្រុកថ្មី', en: 'New district' },
      provinceId: fixture.province,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data;
    expect(created).toEqual({
      id: expect.any(Number),
      code: 'RWD-NEW',
      name: { kh: 'ស្រុកថ្មី', en: 'New district' },
      provinceId: fixture.province,
      province: { id: fixture.province, code: 'RWP1', name: name('Province one') },
      version: 1,
      updatedAt: expect.any(String),
    });
    expect(await read('/districts', created.id)).toEqual({ status: 200, data: created });

    expect(await auditCount()).toBe(auditBefore + 1);
    const [entry] = await auditOf('districts', created.id);
    expect(entry).toMatchObject({ action: 'create', userId: adminId, createdBy: adminId, before: null });
    expect(entry.after).toMatchObject({
      id: created.id,
      code: 'RWD-NEW',
      provinceId: fixture.province,
      version: 1,
    });
  });

  it('answers 404 for a missing id and 400 naming the id for a malformed one', async () => {
    expect((await api('GET', '/districts/999999')).statusCode).toBe(404);
    for (const id of ['abc', '0', '1.5', '99999999999']) {
      const malformed = await api('GET', `/districts/${id}`);
      expect(malformed.statusCode, id).toBe(400);
      expect(malformed.json().errors, id).toEqual(['id is not valid.']);
    }
  });
});

describe('hierarchy', () => {
  const missing = 999_999;
  const cases: { base: string; table: PgTable; field: string; body: () => Record<string, unknown> }[] = [
    {
      base: '/districts',
      table: districts,
      field: 'provinceId',
      body: () => ({ code: 'RWH1', name: name('x') }),
    },
    {
      base: '/communes',
      table: communes,
      field: 'districtId',
      body: () => ({ code: 'RWH2', name: name('x') }),
    },
    {
      base: '/villages',
      table: villages,
      field: 'communeId',
      body: () => ({ code: 'RWH3', name: name('x') }),
    },
    { base: '/states', table: states, field: 'countryId', body: () => ({ code: 'RWH4', name: name('x') }) },
    {
      base: '/departments',
      table: departments,
      field: 'organizationId',
      body: () => ({ code: 'RWH5', name: name('x') }),
    },
    {
      base: '/positions',
      table: positions,
      field: 'departmentId',
      body: () => ({ code: 'RWH6', name: name('x') }),
    },
    {
      base: '/head-offices',
      table: headOffices,
      field: 'provinceId',
      body: () => ({ code: 'RWH7', name: name('x'), class: 'provincial' }),
    },
    {
      base: '/addresses',
      table: addresses,
      field: 'villageId',
      body: () => ({
        provinceId: fixture.province,
        districtId: fixture.district,
        communeId: fixture.commune,
      }),
    },
    {
      base: '/addresses',
      table: addresses,
      field: 'communeId',
      body: () => ({ provinceId: fixture.province, villageId: fixture.village }),
    },
  ];

  it('refuses a missing parent with 400 naming the field, in English and Khmer, and creates nothing', async () => {
    const auditBefore = await auditCount();
    for (const { base, table, field, body } of cases) {
      const before = await rowCount(table);
      const english = await api('POST', base, { ...body(), [field]: missing }, 'en');
      expect(english.statusCode, `${base} ${field}`).toBe(400);
      expect(english.json(), `${base} ${field}`).toEqual({
        statusCode: 400,
        message: 'The request is not valid.',
        errors: [`${field} does not exist.`],
      });
      const khmer = await api('POST', base, { ...body(), [field]: missing }, 'kh');
      expect(khmer.json().errors, `${base} ${field}`).toEqual([`${field} មិនមានទេ។`]);
      expect(await rowCount(table), `${base} ${field}`).toBe(before);
    }
    expect(await auditCount()).toBe(auditBefore);
  });

  it('refuses a missing parent on patch and keeps the row; an existing one moves it', async () => {
    const commune = await create('/communes', {
      code: 'RWC-MOVE',
      name: name('Mover'),
      districtId: fixture.district,
    });
    const refused = await api('PATCH', `/communes/${commune.id}`, { version: 1, districtId: missing });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual(['districtId does not exist.']);
    expect((await read('/communes', commune.id)).data).toEqual(commune);

    const otherDistrict = await create('/districts', {
      code: 'RWD-OTHER',
      name: name('Other district'),
      provinceId: fixture.otherProvince,
    });
    const moved = await api('PATCH', `/communes/${commune.id}`, { version: 1, districtId: otherDistrict.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      districtId: otherDistrict.id,
      district: { id: otherDistrict.id, code: 'RWD-OTHER' },
      province: { id: fixture.otherProvince, code: 'RWP2' },
      version: 2,
    });
  });

  it('refuses a zero parent id as not valid', async () => {
    const response = await api('POST', '/districts', { code: 'RWH0', name: name('x'), provinceId: 0 });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['provinceId is not valid.']);
  });
});

describe('validation messages', () => {
  it('start with the field name, nested fields with their path, in English and in Khmer', async () => {
    const before = await rowCount(districts);
    const auditBefore = await auditCount();
    const check = async (body: Record<string, unknown>, english: string[], khmer: string[]) => {
      const en = await api('POST', '/districts', body, 'en');
      expect(en.statusCode, JSON.stringify(body)).toBe(400);
      expect(en.json(), JSON.stringify(body)).toEqual({
        statusCode: 400,
        message: 'The request is not valid.',
        errors: english,
      });
      const kh = await api('POST', '/districts', body, 'kh');
      expect(kh.json(), JSON.stringify(body)).toEqual({
        statusCode: 400,
        message: 'ទិន្នន័យមិនត្រឹមត្រូវ។',
        errors: khmer,
      });
    };
    const provinceId = fixture.province;
    await check(
      { code: 'RWV-A', name: { kh: '', en: 'East' }, provinceId },
      ['name.kh is required.'],
      ['name.kh ត្រូវតែបំពេញ។'],
    );
    await check(
      { code: '   ', name: { kh: 'ស្រុក', en: 'East' }, provinceId },
      ['code can not be blank.'],
      ['code មិនអាចទទេបានទេ។'],
    );
    await check(
      { code: 'RWV-B', name: { kh: 'ស្រុក' }, provinceId },
      ['name.en is required.'],
      ['name.en ត្រូវតែបំពេញ។'],
    );
    await check(
      { code: 'x'.repeat(21), name: { kh: 'ស្រុក', en: '  ' }, provinceId },
      ['code must be at most 20 characters long.', 'name.en can not be blank.'],
      ['code ត្រូវមានយ៉ាងច្រើន 20 តួអក្សរ។', 'name.en មិនអាចទទេបានទេ។'],
    );
    await check(
      {},
      ['code is required.', 'name is required.', 'provinceId is required.'],
      ['code ត្រូវតែបំពេញ។', 'name ត្រូវតែបំពេញ។', 'provinceId ត្រូវតែបំពេញ។'],
    );
    await check(
      { code: 'RWV-C', name: name('x'), provinceId: 'one' },
      ['provinceId is not valid.'],
      ['provinceId មិនត្រឹមត្រូវ។'],
    );
    expect(await rowCount(districts)).toBe(before);
    expect(await auditCount()).toBe(auditBefore);
  });

  it('checks a choice against its options', async () => {
    const response = await api('POST', '/head-offices', {
      code: 'RWHO-X',
      name: name('Office'),
      class: 'city',
      provinceId: fixture.province,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(['class is not valid.']);
  });

  it('needs the version on patch and validates the changed fields only', async () => {
    const path = `/districts/${fixture.district}`;
    const noVersion = await api('PATCH', path, { name: name('Renamed') });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().errors).toEqual(['version is required.']);
    const hugeVersion = await api('PATCH', path, { version: 99_999_999_999, name: name('Renamed') });
    expect(hugeVersion.statusCode).toBe(400);
    expect(hugeVersion.json().errors).toEqual(['version is not valid.']);
    const blank = await api('PATCH', path, { version: 1, code: ' ' }, 'kh');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual(['code មិនអាចទទេបានទេ។']);
    expect((await read('/districts', fixture.district)).data).toMatchObject({ version: 1, code: 'RWD1' });
  });
});

describe('duplicate codes', () => {
  it('refuses a code already used with 400 on code, on create and on patch, changing nothing', async () => {
    const before = await rowCount(provinces);
    const english = await api('POST', '/provinces', { code: 'RWP1', name: name('Copy') }, 'en');
    expect(english.statusCode).toBe(400);
    expect(english.json()).toEqual({
      statusCode: 400,
      message: 'The request is not valid.',
      errors: ['code is already used by another record.'],
    });
    const khmer = await api('POST', '/provinces', { code: 'RWP1', name: name('Copy') }, 'kh');
    expect(khmer.json().errors).toEqual(['code ត្រូវបានប្រើដោយកំណត់ត្រាផ្សេងរួចហើយ។']);
    expect(await rowCount(provinces)).toBe(before);

    const village = await create('/villages', {
      code: 'RWV-DUP',
      name: name('Dup'),
      communeId: fixture.commune,
    });
    const auditBefore = await auditCount();
    const patched = await api('PATCH', `/villages/${village.id}`, {
      version: 1,
      code: 'RWV1',
      name: name('Changed'),
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().errors).toEqual(['code is already used by another record.']);
    expect((await read('/villages', village.id)).data).toEqual(village);
    expect(await auditCount()).toBe(auditBefore);
  });
});

describe('update', () => {
  it('changes the row, raises its version and audits before and after', async () => {
    const organization = await create('/organizations', { code: 'RWO-UPD', name: name('Before') });
    const response = await api('PATCH', `/organizations/${organization.id}`, {
      version: 1,
      name: { kh: 'ក្រោយ', en: 'After' },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json().data;
    expect(updated).toMatchObject({
      id: organization.id,
      code: 'RWO-UPD',
      name: { kh: 'ក្រោយ', en: 'After' },
      version: 2,
    });
    expect((await read('/organizations', organization.id)).data).toEqual(updated);

    const entries = await auditOf('organizations', organization.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({
      userId: adminId,
      before: { version: 1, name: name('Before') },
      after: { version: 2, name: { kh: 'ក្រោយ', en: 'After' } },
    });
  });

  it('answers 409 to a stale version, in the request language, and changes nothing', async () => {
    const province = await create('/provinces', { code: 'RWP-STALE', name: name('Stale') });
    const path = `/provinces/${province.id}`;
    expect((await api('PATCH', path, { version: 1, name: name('First edit') })).statusCode).toBe(200);
    const current = (await read('/provinces', province.id)).data;
    const auditBefore = await auditCount();

    const stale = await api('PATCH', path, { version: 1, name: name('Second edit') }, 'en');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      statusCode: 409,
      message:
        'This record was changed by someone else since you opened it. Reload it and apply your changes again.',
    });
    const khmer = await api('PATCH', path, { version: 1, name: name('Second edit') }, 'kh');
    expect(khmer.statusCode).toBe(409);
    expect(khmer.json().message).toBe(
      'កំណត់ត្រានេះត្រូវបានកែប្រែដោយអ្នកផ្សេង ចាប់តាំងពីអ្នកបានបើកវា។ សូមផ្ទុកវាឡើងវិញ ហើយកែប្រែម្ដងទៀត។',
    );
    // A version from the future is as stale as one from the past.
    expect((await api('PATCH', path, { version: 7, name: name('Third edit') })).statusCode).toBe(409);

    expect((await read('/provinces', province.id)).data).toEqual(current);
    expect(current).toMatchObject({ version: 2, name: name('First edit') });
    expect(await auditCount()).toBe(auditBefore);
  });

  it('answers 404 to a patch of a missing row', async () => {
    const response = await api('PATCH', '/provinces/999999', { version: 1, name: name('Nobody') });
    expect(response.statusCode).toBe(404);
  });
});

describe('delete', () => {
  /** Rows of `table` whose `column` points at `id`: what the message counts. */
  const pointingAt = async (table: PgTable, column: PgColumn, id: number) => {
    const [{ rows }] = await t.app.db
      .select({ rows: sql<number>`count(*)::int` })
      .from(table)
      .where(eq(column, id));
    return rows;
  };

  it('refuses with 409 a record other records point at, saying by what, and deletes nothing', async () => {
    const cases = [
      {
        base: '/provinces',
        id: fixture.province,
        children: [districts, districts.provinceId],
        english: 'Districts',
        khmer: 'ស្រុក/ខណ្ឌ',
      },
      {
        base: '/districts',
        id: fixture.district,
        children: [communes, communes.districtId],
        english: 'Communes',
        khmer: 'ឃុំ/សង្កាត់',
      },
      {
        base: '/communes',
        id: fixture.commune,
        children: [villages, villages.communeId],
        english: 'Villages',
        khmer: 'ភូមិ',
      },
      {
        base: '/organizations',
        id: fixture.organization,
        children: [departments, departments.organizationId],
        english: 'Departments',
        khmer: 'នាយកដ្ឋាន',
      },
    ] as const;
    const counts = async () => ({
      provinces: await rowCount(provinces),
      districts: await rowCount(districts),
      communes: await rowCount(communes),
      organizations: await rowCount(organizations),
      audit: await auditCount(),
    });
    const before = await counts();
    for (const { base, id, children, english, khmer } of cases) {
      const row = (await read(base, id)).data;
      const count = await pointingAt(children[0], children[1], id);
      expect(count, base).toBeGreaterThan(0);
      const response = await api('DELETE', `${base}/${id}`, undefined, 'en');
      expect(response.statusCode, base).toBe(409);
      expect(response.json(), base).toEqual({
        statusCode: 409,
        message: `It cannot be deleted: still used by ${english} (${count}).`,
      });
      const khmerResponse = await api('DELETE', `${base}/${id}`, undefined, 'kh');
      expect(khmerResponse.statusCode, base).toBe(409);
      expect(khmerResponse.json().message, base).toBe(`មិនអាចលុបបានទេ៖ នៅមាន${khmer}ប្រើវា (${count})។`);
      expect((await read(base, id)).data, base).toEqual(row);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses to delete a village an address points at', async () => {
    const village = await create('/villages', {
      code: 'RWV-ADDR',
      name: name('Addressed'),
      communeId: fixture.commune,
    });
    const address = await create('/addresses', { villageId: village.id, detail: 'House 12, street 3' });
    const response = await api('DELETE', `/villages/${village.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('It cannot be deleted: still used by Addresses (1).');
    expect((await read('/villages', village.id)).status).toBe(200);
    // Once the address is gone the village can go too.
    expect((await api('DELETE', `/addresses/${address.id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/villages/${village.id}`)).statusCode).toBe(200);
  });

  it('deletes a free record, answers it, audits it, and 404s afterwards', async () => {
    const province = await create('/provinces', { code: 'RWP-DEL', name: name('Doomed') });
    const district = await create('/districts', {
      code: 'RWD-DEL',
      name: name('Doomed'),
      provinceId: province.id,
    });
    expect((await api('DELETE', `/provinces/${province.id}`)).statusCode).toBe(409);

    const response = await api('DELETE', `/districts/${district.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(district);
    expect((await read('/districts', district.id)).status).toBe(404);
    expect((await api('DELETE', `/districts/${district.id}`)).statusCode).toBe(404);

    expect((await api('DELETE', `/provinces/${province.id}`)).statusCode).toBe(200);
    expect((await read('/provinces', province.id)).status).toBe(404);

    const entries = await auditOf('districts', district.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'delete']);
    expect(entries[1]).toMatchObject({
      userId: adminId,
      after: null,
      before: { id: district.id, code: 'RWD-DEL' },
    });
    expect((await auditOf('provinces', province.id)).map((entry) => entry.action)).toEqual([
      'create',
      'delete',
    ]);
  });
});

describe('addresses', () => {
  it('keeps the levels of an address together, on create and on patch, in both languages', async () => {
    const whole = {
      provinceId: fixture.province,
      districtId: fixture.district,
      communeId: fixture.commune,
      villageId: fixture.village,
      detail: 'ផ្ទះលេខ ១២',
    };
    const address = await create('/addresses', whole);
    expect(address).toMatchObject(whole);

    const before = await rowCount(addresses);
    const wrongProvince = await api('POST', '/addresses', { ...whole, provinceId: fixture.otherProvince });
    expect(wrongProvince.statusCode).toBe(400);
    expect(wrongProvince.json().errors).toEqual(['districtId does not lie in the chosen provinceId.']);
    const khmer = await api('POST', '/addresses', { ...whole, provinceId: fixture.otherProvince }, 'kh');
    expect(khmer.json().errors[0]).toMatch(/^districtId /);
    expect(await rowCount(addresses)).toBe(before);

    // A patch is checked against the stored levels it leaves unchanged.
    const otherDistrict = await create('/districts', {
      code: 'RWD-ADDR',
      name: name('Address district'),
      provinceId: fixture.province,
    });
    const moved = await api('PATCH', `/addresses/${address.id}`, {
      districtId: otherDistrict.id,
      version: 1,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors).toEqual(['communeId does not lie in the chosen districtId.']);
    expect((await read('/addresses', address.id)).data).toMatchObject({ ...whole, version: 1 });

    // A partly known address is fine.
    expect((await api('POST', '/addresses', { provinceId: fixture.otherProvince })).statusCode).toBe(201);
  });
});
