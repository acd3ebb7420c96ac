import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGazetteer, seedGazetteer } from '../../server/db/gazetteer';
import {
  addresses,
  communes,
  countries,
  departments,
  districts,
  headOffices,
  organizations,
  positions,
  provinces,
  seedEditions,
  states,
  villages,
} from '../../server/db/schema';
import { seedConfiguration } from '../../server/db/seedConfiguration';
import {
  departmentSeed,
  headOfficeSeed,
  organizationSeed,
  positionSeed,
} from '../../server/db/seedData/organisation';
import { provinceSeed } from '../../server/db/seedData/provinces';
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
import { adminPassword, createTestApp, type TTestApp } from './testApp';

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
  const result: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    // One string a row: comparing 16,000 strings is quick, comparing 16,000 objects is not.
    const rows = await t.app.db.select().from(table).orderBy(asc(table.id));
    result[name] = rows.map((row) => JSON.stringify(row));
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

const gazetteer = readGazetteer();
const gazetteerRows = (length: number) =>
  gazetteer.places
    .filter((place) => place.code.length === length)
    .map((place) => ({ code: place.code, name: { kh: place.kh, en: place.en } }));
const gazetteerCodes = (length: number) => gazetteerRows(length).map((place) => place.code);

describe('configuration seed on a fresh database', () => {
  it('holds the whole gazetteer: 25 provinces, 210 districts, 1,652 communes, 14,578 villages', async () => {
    expect(gazetteerCodes(2)).toEqual(provinceSeed.map((province) => province.code));
    const count = async (table: typeof provinces | typeof districts | typeof communes | typeof villages) =>
      (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;
    const counts = {
      provinces: await count(provinces),
      districts: await count(districts),
      communes: await count(communes),
      villages: await count(villages),
    };
    expect(counts).toEqual({ provinces: 25, districts: 210, communes: 1652, villages: 14_578 });
    expect(gazetteerCodes(4)).toHaveLength(210);
    expect(gazetteerCodes(6)).toHaveLength(1652);
    expect(gazetteerCodes(8)).toHaveLength(14_578);
  });

  it('hangs every place under the place its code begins with, named as the data file names it', async () => {
    const districtsByCode = new Map((await districtRows()).map((row) => [row.code, row]));
    for (const row of districtsByCode.values()) expect(row.code.slice(0, 2), row.code).toBe(row.provinceCode);
    expect(districtsByCode.get('1201')?.name).toEqual({ kh: 'ចំការមន', en: 'Chamkar Mon' });
    expect(districtsByCode.get('0102')?.name).toEqual({ kh: 'មង្គលបូរី', en: 'Mongkol Borey' });
    for (const row of await communeRows()) expect(row.code.slice(0, 4), row.code).toBe(row.districtCode);
    const villageRows = await t.app.db
      .select({ code: villages.code, name: villages.name, communeCode: communes.code })
      .from(villages)
      .innerJoin(communes, eq(villages.communeId, communes.id));
    for (const row of villageRows) expect(row.code.slice(0, 6), row.code).toBe(row.communeCode);
    expect(villageRows.find((row) => row.code === '01020101')?.name).toEqual({ kh: 'អូរធំ', en: 'Ou Thum' });
    // The one village the source names only in Khmer keeps that name in English too.
    expect(villageRows.find((row) => row.code === '02010508')?.name).toEqual({ kh: 'ប៉ៃឡាំ', en: 'ប៉ៃឡាំ' });
  });

  it('gives Banteay Meanchey its districts through the parent-infos API', async () => {
    const { accessToken } = await t.signIn('admin', adminPassword);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/parent-infos/districts/1',
      headers: t.bearer(accessToken),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: { name: TTranslatable }[] };
    expect(body.data.length).toBeGreaterThanOrEqual(9);
    expect(body.data.map((row) => row.name.en)).toContain('Mongkol Borey');
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
    const gazetteerTables = new Set(['districts', 'communes', 'villages']);
    for (const [tableName, rows] of Object.entries(await snapshot())) {
      expect(rows.length, tableName).toBeGreaterThan(0);
      for (const row of rows.map((text) => JSON.parse(text) as { code: string; name: TTranslatable })) {
        const where = `${tableName} ${row.code}`;
        if (!gazetteerTables.has(tableName)) {
          expectBilingual(where, row.name);
          continue;
        }
        // The gazetteer's own spelling: Khmer names may hold quotes, digits or be a number (៣៥).
        expect(row.name.kh, `${where} kh is in Khmer script`).toMatch(/[\u1780-\u17FF]/u);
        expect(row.name.kh, `${where} kh has no stray spaces`).toBe(
          row.name.kh.trim().replace(/ {2,}/g, ' '),
        );
        if (row.code !== '02010508') expect(row.name.en, `${where} en is not Khmer`).toMatch(noKhmer);
      }
    }
  });

  it('seeds codes and names an administrator can save unchanged through the forms', () => {
    const checks: [string, { safeParse: (value: unknown) => { success: boolean } }, { code: string }[]][] = [
      ['district', ZDistrictInput.pick({ code: true, name: true }), gazetteerRows(4)],
      ['commune', ZCommuneInput.pick({ code: true, name: true }), gazetteerRows(6)],
      ['village', ZVillageInput.pick({ code: true, name: true }), gazetteerRows(8)],
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

describe('a later edition of the gazetteer', () => {
  it('renames by code and adds new places, keeping ids, references and places it lacks', async () => {
    const [village] = await t.app.db.select().from(villages).where(eq(villages.code, '01020101'));
    const [commune] = await t.app.db.select().from(communes).where(eq(communes.id, village.communeId));
    // A place the data does not hold (an administrator's), and a record pointing at the village.
    const [own] = await t.app.db
      .insert(villages)
      .values({ code: '01020199', name: { kh: 'ភូមិថ្មី', en: 'Phum Thmei' }, communeId: commune.id })
      .returning();
    const [banteayMeanchey] = await t.app.db.select().from(provinces).where(eq(provinces.code, '01'));
    const [district] = await t.app.db.select().from(districts).where(eq(districts.code, '0102'));
    const [address] = await t.app.db
      .insert(addresses)
      .values({
        provinceId: banteayMeanchey.id,
        districtId: district.id,
        communeId: commune.id,
        villageId: village.id,
        detail: 'ផ្ទះលេខ ១',
      })
      .returning();
    const before = await snapshot();

    const renamed = { kh: 'អូរធំថ្មី', en: 'Ou Thum Thmei' };
    const edition = {
      edition: 'test-edition-2',
      places: [
        ...gazetteer.places.filter((place) => place.code !== '01020101'),
        { code: '01020101', ...renamed },
        { code: '01020150', kh: 'ភូមិទី៥០', en: 'Phum Ti Hasep' },
      ],
    };
    expect(await seedGazetteer(t.app.db, edition)).toBe(true);

    const after = await snapshot();
    const [renamedRow] = await t.app.db.select().from(villages).where(eq(villages.code, '01020101'));
    expect(renamedRow).toMatchObject({ id: village.id, name: renamed, version: village.version + 1 });
    const [added] = await t.app.db.select().from(villages).where(eq(villages.code, '01020150'));
    expect(added).toMatchObject({ name: { kh: 'ភូមិទី៥០', en: 'Phum Ti Hasep' }, communeId: commune.id });
    const [kept] = await t.app.db.select().from(villages).where(eq(villages.id, own.id));
    expect(kept.name).toEqual(own.name);
    // Nothing else moved: the same rows, only the renamed one changed, one added.
    // An edition names every place it holds: the village an administrator renamed above
    // (12010101) takes the edition's name again; no other row moves.
    const unchanged = (rows: string[]) =>
      rows.filter((row) => !/"code":"(01020101|01020150|12010101)"/.test(row));
    const [reverted] = await t.app.db.select().from(villages).where(eq(villages.code, '12010101'));
    expect(reverted.name).toEqual({ kh: 'ភូមិ ១', en: 'Phum 1' });
    expect(unchanged(after.villages)).toEqual(unchanged(before.villages));
    expect(after.villages).toHaveLength(before.villages.length + 1);
    expect(after.districts).toEqual(before.districts);
    expect(after.communes).toEqual(before.communes);
    expect((await t.app.db.select().from(addresses).where(eq(addresses.id, address.id)))[0]).toEqual(address);

    // The same edition again changes nothing.
    expect(await seedGazetteer(t.app.db, edition)).toBe(false);
    expect(await snapshot()).toEqual(after);
  });

  it('applied again in full (its edition forgotten) changes no row', async () => {
    const before = await snapshot();
    await t.app.db.delete(seedEditions);
    expect(await seedGazetteer(t.app.db, { ...gazetteer, edition: 'forgotten' })).toBe(true);
    const after = await snapshot();
    // The data file's names are back on the village the later edition renamed; nothing else moved.
    const without = (rows: string[]) => rows.filter((row) => !row.includes('"code":"01020101"'));
    expect(without(after.villages)).toEqual(without(before.villages));
    expect(after.communes).toEqual(before.communes);
  });
});
