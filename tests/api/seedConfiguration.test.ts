import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  communes,
  countries,
  departments,
  districts,
  headOffices,
  organizations,
  positions,
  provinces,
  states,
  villages,
} from '../../server/db/schema';
import { seedConfiguration } from '../../server/db/seedConfiguration';
import { communeSeed, districtSeed, villageSeed } from '../../server/db/seedData/geography';
import {
  departmentSeed,
  headOfficeSeed,
  organizationSeed,
  positionSeed,
} from '../../server/db/seedData/organisation';
import { stateSeed } from '../../server/db/seedData/states';
import { ZCommuneInput } from '../../src/domain/resources/commune';
import { ZDepartmentInput } from '../../src/domain/resources/department';
import { ZDistrictInput } from '../../src/domain/resources/district';
import { ZHeadOfficeInput } from '../../src/domain/resources/headOffice';
import { ZOrganizationInput } from '../../src/domain/resources/organization';
import { ZPositionInput } from '../../src/domain/resources/position';
import { ZStateInput } from '../../src/domain/resources/state';
import { ZVillageInput } from '../../src/domain/resources/village';
import type { TTranslatable } from '../../src/domain/translatable';
import { createTestApp, type TTestApp } from './testApp';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const tables = {
  districts,
  communes,
  villages,
  states,
  organizations,
  departments,
  positions,
  headOffices,
};

/** Every row of the seeded tables, as the re-seed must leave them. */
const snapshot = async () => {
  const result: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    result[name] = await t.app.db.select().from(table).orderBy(asc(table.id));
  }
  return result;
};

const districtRows = () =>
  t.app.db
    .select({ code: districts.code, name: districts.name, provinceCode: provinces.code })
    .from(districts)
    .innerJoin(provinces, eq(districts.provinceId, provinces.id));

const communeRows = () =>
  t.app.db
    .select({
      code: communes.code,
      districtCode: districts.code,
      provinceCode: provinces.code,
    })
    .from(communes)
    .innerJoin(districts, eq(communes.districtId, districts.id))
    .innerJoin(provinces, eq(districts.provinceId, provinces.id));

const khmerOnly = /^[\u1780-\u17FF\u19E0-\u19FF ]+$/u;
const khmerLetter = /[\u1780-\u17B3]/u;
const noKhmer = /^[^\u1780-\u17FF\u19E0-\u19FF]+$/u;

const expectBilingual = (where: string, name: TTranslatable) => {
  expect(name.kh.trim(), `${where} kh`).not.toBe('');
  expect(name.en.trim(), `${where} en`).not.toBe('');
  expect(name.kh, `${where} kh is Khmer script`).toMatch(khmerOnly);
  expect(name.kh, `${where} kh has a Khmer letter`).toMatch(khmerLetter);
  expect(name.en, `${where} en is not Khmer`).toMatch(noKhmer);
  expect(name.kh, `${where} kh has no stray spaces`).toBe(name.kh.trim().replace(/ {2,}/g, ' '));
  expect(name.en, `${where} en has no stray spaces`).toBe(name.en.trim().replace(/ {2,}/g, ' '));
};

describe('configuration seed on a fresh database', () => {
  it('gives Phnom Penh its 14 khans and Kandal its 13 districts and municipalities', async () => {
    const rows = await districtRows();
    const codesOf = (provinceCode: string) =>
      rows
        .filter((row) => row.provinceCode === provinceCode)
        .map((row) => row.code)
        .sort();
    expect(codesOf('12')).toEqual(
      Array.from({ length: 14 }, (_, i) => `12${String(i + 1).padStart(2, '0')}`),
    );
    expect(codesOf('08')).toEqual(
      Array.from({ length: 13 }, (_, i) => `08${String(i + 1).padStart(2, '0')}`),
    );
    expect(rows).toHaveLength(districtSeed.length);
    expect(rows.find((row) => row.code === '1201')?.name).toEqual({ kh: 'ចំការមន', en: 'Chamkar Mon' });
    expect(rows.find((row) => row.code === '0811')?.name).toEqual({ kh: 'តាខ្មៅ', en: 'Ta Khmau' });
  });

  it('puts every commune in a seeded district of its own province, with 3+ communes in 4+ districts each', async () => {
    const rows = await communeRows();
    expect(rows).toHaveLength(communeSeed.length);
    for (const row of rows) {
      expect(row.code, `commune ${row.code}`).toMatch(/^\d{6}$/);
      expect(row.code.slice(0, 4), `commune ${row.code} district`).toBe(row.districtCode);
      expect(row.districtCode.slice(0, 2), `commune ${row.code} province`).toBe(row.provinceCode);
    }
    for (const provinceCode of ['12', '08']) {
      const perDistrict = new Map<string, number>();
      for (const row of rows.filter((r) => r.provinceCode === provinceCode)) {
        perDistrict.set(row.districtCode, (perDistrict.get(row.districtCode) ?? 0) + 1);
      }
      const wellSampled = [...perDistrict.values()].filter((n) => n >= 3);
      expect(wellSampled.length, `province ${provinceCode}`).toBeGreaterThanOrEqual(4);
    }
  });

  it('cascades villages: each in a seeded commune, each seeded commune with 3+ villages', async () => {
    const rows = await t.app.db
      .select({ code: villages.code, communeCode: communes.code })
      .from(villages)
      .innerJoin(communes, eq(villages.communeId, communes.id));
    expect(rows).toHaveLength(villageSeed.length);
    const perCommune = new Map<string, number>();
    for (const row of rows) {
      expect(row.code, `village ${row.code}`).toMatch(/^\d{8}$/);
      expect(row.code.slice(0, 6), `village ${row.code} commune`).toBe(row.communeCode);
      perCommune.set(row.communeCode, (perCommune.get(row.communeCode) ?? 0) + 1);
    }
    for (const commune of communeSeed) {
      expect(perCommune.get(commune.code) ?? 0, `villages of ${commune.code}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('has one national head office in Phnom Penh and one provincial office per province', async () => {
    const rows = await t.app.db
      .select({
        code: headOffices.code,
        name: headOffices.name,
        class: headOffices.class,
        provinceCode: provinces.code,
      })
      .from(headOffices)
      .innerJoin(provinces, eq(headOffices.provinceId, provinces.id));
    const national = rows.filter((row) => row.class === 'national');
    const provincial = rows.filter((row) => row.class === 'provincial');
    expect(national).toHaveLength(1);
    expect(national[0]).toMatchObject({ code: 'HO-00', provinceCode: '12' });
    expect(provincial).toHaveLength(25);
    const allProvinces = await t.app.db.select({ code: provinces.code }).from(provinces);
    expect(provincial.map((row) => row.provinceCode).sort()).toEqual(allProvinces.map((p) => p.code).sort());
    expect(rows.find((row) => row.code === 'HO-08')?.name).toEqual({
      kh: 'មន្ទីរសង្គមកិច្ច អតីតយុទ្ធជន និងយុវនីតិសម្បទាខេត្តកណ្ដាល',
      en: 'Provincial Department of Social Affairs, Veterans and Youth Rehabilitation of Kandal',
    });
    expect(rows.find((row) => row.code === 'HO-12')?.name.kh).toContain('រាជធានីភ្នំពេញ');
  });

  it('links states to their countries and positions to departments to organisations', async () => {
    const stateRows = await t.app.db
      .select({ code: states.code, countryCode: countries.code })
      .from(states)
      .innerJoin(countries, eq(states.countryId, countries.id));
    expect(stateRows).toHaveLength(stateSeed.length);
    for (const row of stateRows) expect(row.code.startsWith(`${row.countryCode}-`), row.code).toBe(true);

    const positionRows = await t.app.db
      .select({
        code: positions.code,
        departmentCode: departments.code,
        organizationCode: organizations.code,
      })
      .from(positions)
      .innerJoin(departments, eq(positions.departmentId, departments.id))
      .innerJoin(organizations, eq(departments.organizationId, organizations.id));
    expect(positionRows).toHaveLength(positionSeed.length);
    expect(positionRows).toContainEqual({
      code: 'MOSVY-CW-DIR',
      departmentCode: 'MOSVY-CW',
      organizationCode: 'MOSVY',
    });
    const [ministry] = await t.app.db.select().from(organizations).where(eq(organizations.code, 'MOSVY'));
    expect(ministry.name.kh).toBe('ក្រសួងសង្គមកិច្ច អតីតយុទ្ធជន និងយុវនីតិសម្បទា');
    const childWelfare = await t.app.db
      .select({ code: positions.code })
      .from(positions)
      .innerJoin(departments, eq(positions.departmentId, departments.id))
      .where(eq(departments.code, 'MOSVY-CW'));
    expect(childWelfare.length).toBeGreaterThanOrEqual(5);
  });

  it('names every row in both languages, the Khmer one in Khmer script', async () => {
    for (const [tableName, rows] of Object.entries(await snapshot())) {
      expect(rows.length, tableName).toBeGreaterThan(0);
      for (const row of rows as { code: string; name: TTranslatable }[]) {
        expectBilingual(`${tableName} ${row.code}`, row.name);
      }
    }
  });

  it('seeds codes and names an administrator can save unchanged through the forms', () => {
    const checks: [string, { safeParse: (value: unknown) => { success: boolean } }, { code: string }[]][] = [
      ['district', ZDistrictInput.pick({ code: true, name: true }), districtSeed],
      ['commune', ZCommuneInput.pick({ code: true, name: true }), communeSeed],
      ['village', ZVillageInput.pick({ code: true, name: true }), villageSeed],
      ['state', ZStateInput.pick({ code: true, name: true }), stateSeed],
      ['organization', ZOrganizationInput, organizationSeed],
      ['department', ZDepartmentInput.pick({ code: true, name: true }), departmentSeed],
      ['position', ZPositionInput.pick({ code: true, name: true }), positionSeed],
      ['head office', ZHeadOfficeInput.pick({ code: true, name: true, class: true }), headOfficeSeed],
    ];
    for (const [kind, schema, rows] of checks) {
      for (const row of rows) expect(schema.safeParse(row).success, `${kind} ${row.code}`).toBe(true);
    }
  });
});

describe('seeding again', () => {
  it('changes no row and keeps an administrator’s edits', async () => {
    const edited = { kh: 'ភូមិ ១ (កែ)', en: 'Phum 1 (edited)' };
    await t.app.db.update(villages).set({ name: edited, version: 2 }).where(eq(villages.code, '12010101'));
    await t.app.db.update(headOffices).set({ phone: '023 000 000' }).where(eq(headOffices.code, 'HO-08'));
    const before = await snapshot();

    await seedConfiguration(t.app.db);

    expect(await snapshot()).toEqual(before);
    const [village] = await t.app.db.select().from(villages).where(eq(villages.code, '12010101'));
    expect(village.name).toEqual(edited);
    expect(village.version).toBe(2);
    const [office] = await t.app.db.select().from(headOffices).where(eq(headOffices.code, 'HO-08'));
    expect(office.phone).toBe('023 000 000');
  });
});
