import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headOffices, provinces, users } from '../../server/db/schema';
import { translators } from '../../server/plugins/locale';
import { dictionaryLabels } from '../../src/domain/columnText';
import { isoDateIn } from '../../src/domain/programmeTime';
import type { TResourceDefinition } from '../../src/domain/resource';
import { childResource } from '../../src/domain/resources/child';
import { matchingResource } from '../../src/domain/resources/matching';
import { userResource } from '../../src/domain/resources/user';
import { arrangeColumns, parseColumnsParam } from '../../src/domain/savedViews';
import { insertMatching } from './support/recordFixtures';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 26: every list the resource engine serves is exported (`GET {apiBase}/export`) with its
 * filters, sort, office scope and the view's columns (`columns=`), to users allowed to read it; and
 * lists count exactly up to a limit (here 3), above it the planner's estimate, said to be one.
 */

const exactCountLimit = 3;
let t: TTestApp;
let today: string;
const tokens = {} as Record<
  'matcher' | 'national' | 'auditor' | 'userReader' | 'placeReader' | 'refused',
  string
>;
const codes = {} as Record<'kampot1' | 'kampot2' | 'battambang', string>;

const get = (url: string, token: string, locale = 'en') =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...t.bearer(token), locale } });

const office = async (code: string) => {
  const [province] = await t.app.db.select({ id: provinces.id }).from(provinces).limit(1);
  const [row] = await t.app.db
    .insert(headOffices)
    .values({
      code,
      name: { kh: `ការិយាល័យ ${code}`, en: `Office ${code}` },
      class: 'provincial',
      provinceId: province.id,
    })
    .returning({ id: headOffices.id });
  return row.id;
};

/** The first sheet's rows as arrays of cell values (row 1 the headings). */
const sheetRows = async (payload: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { name: sheet.name, rows };
};

beforeAll(async () => {
  t = await createTestApp({ exactCountLimit });
  today = isoDateIn(new Date(t.clock.now()));
  const kampot = await office('HO-KPT');
  const battambang = await office('HO-BTB');
  codes.kampot1 = (await insertMatching(t.app.db, { headOfficeId: kampot }, { today })).code;
  codes.kampot2 = (
    await insertMatching(t.app.db, { headOfficeId: kampot, status: 'rejected' }, { today })
  ).code;
  codes.battambang = (await insertMatching(t.app.db, { headOfficeId: battambang }, { today })).code;
  const matcher = await t.createUser('matcher', ['matchings:read']);
  await t.app.db.update(users).set({ headOfficeId: kampot }).where(eq(users.id, matcher.id));
  await t.createUser('national', ['matchings:read'], { name: 'Sok National' });
  await t.createUser('auditor', ['audit_logs:read']);
  await t.createUser('userReader', ['users:read'], { name: 'Chan Reader' });
  await t.createUser('placeReader', ['provinces:read']);
  await t.createUser('refused', ['adoptive_children:read']);
  const usernames = ['matcher', 'national', 'auditor', 'userReader', 'placeReader', 'refused'] as const;
  for (const username of usernames) tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  // A change made through the API: the audit log has an entry of it.
  const admin = (await t.signIn('admin', adminPassword)).accessToken;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/provinces',
    headers: t.bearer(admin),
    payload: { code: '98', name: { kh: 'ខេត្តសាកល្បង', en: 'Test Province' } },
  });
  expect(created.statusCode, created.body).toBe(201);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('exports on every list', () => {
  it("exports matchings with the view's columns in its order, in the office's scope only", async () => {
    // As the list's address writes a view's columns (the grid writes them all): a width set by hand,
    // hidden ones with '-'.
    const response = await get(
      `/adoptive-matching/export?format=xlsx&columns=${encodeURIComponent('status:140,-childName,code,-applicants,headOffice:200,-proposedDate,-stageEnteredOn')}&sort=code`,
      tokens.matcher,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="adoptive-matching-${today}.xlsx"`,
    );
    const { name, rows } = await sheetRows(response.rawPayload);
    expect(name).toBe('Matchings');
    expect(rows[0]).toEqual(['Status', 'Code', 'Head office']);
    // The Battambang matching does not exist for a Kampot user.
    expect(rows.slice(1)).toEqual(
      [
        ['Proposed', codes.kampot1, 'Office HO-KPT'],
        ['Rejected', codes.kampot2, 'Office HO-KPT'],
      ].sort((a, b) => a[1].localeCompare(b[1])),
    );

    // A national user sees all three; a filter narrows them, in Khmer.
    const filtered = await get(
      '/adoptive-matching/export?columns=code,status,-childName,-applicants,-proposedDate,-stageEnteredOn,-headOffice&status=proposed',
      tokens.national,
      'kh',
    );
    const khmer = await sheetRows(filtered.rawPayload);
    expect(khmer.rows[0]).toEqual(['លេខកូដ', expect.stringMatching(/[\u1780-\u17FF]/)]);
    expect(
      khmer.rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([codes.kampot1, codes.battambang].sort());
  });

  it("exports the list's own columns when no view names any (users, from the description)", async () => {
    const response = await get('/users/export?format=xlsx&search=Chan%20Reader', tokens.userReader);
    expect(response.statusCode, response.body).toBe(200);
    const { rows } = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(['Username', 'Name', 'Role', 'Head office', 'Active', 'Updated']);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(0, 2)).toEqual(['userReader', 'Chan Reader']);
    expect(rows[1][4]).toBe('Yes');
    // The day is a date cell.
    expect(rows[1][5]).toBeInstanceOf(Date);

    const csv = await get(
      '/users/export?format=csv&search=Chan%20Reader&columns=name,active,-username,-role,-headOffice,-updatedAt',
      tokens.userReader,
      'kh',
    );
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual(['ឈ្មោះ,សកម្ម', 'Chan Reader,បាទ/ចាស']);
  });

  it("exports the audit log's declared columns, or those a view names, by id", async () => {
    const whole = await sheetRows((await get('/audit-logs/export', tokens.auditor)).rawPayload);
    expect(whole.rows[0]).toEqual([
      'When',
      'User',
      'Action',
      'Record',
      'Record code',
      'Fields changed',
      'What changed',
    ]);
    const chosen = await get(
      '/audit-logs/export?columns=entity,action,-changes,-details&format=xlsx',
      tokens.auditor,
    );
    expect(chosen.statusCode, chosen.body).toBe(200);
    const { rows } = await sheetRows(chosen.rawPayload);
    // The named ones first, the list's others after in their order, as the grid shows them.
    expect(rows[0]).toEqual(['Record', 'Action', 'When', 'User', 'Record code']);
    expect(rows.length).toBeGreaterThan(1);
  });

  it("gives a partial `columns=` the grid's arrangement: the named first, the list's others after, hidden ones out", async () => {
    const admin = (await t.signIn('admin', adminPassword)).accessToken;
    const { labelOf } = dictionaryLabels(translators.en);
    const cases: { definition: TResourceDefinition; url: string; columns: string; token: string }[] = [
      {
        definition: matchingResource,
        url: '/adoptive-matching/export',
        columns: 'status:140,-childName,code',
        token: tokens.national,
      },
      {
        definition: userResource,
        url: '/users/export',
        columns: 'active,-username,name:300',
        token: tokens.userReader,
      },
      // A list with its own declared export, and a photo column the grid writes into the address.
      {
        definition: childResource,
        url: '/child-infos/export',
        columns: 'sex,photo:80,-nameKh,code',
        token: admin,
      },
    ];
    for (const { definition, url, columns, token } of cases) {
      const ids = definition.columns.map((column) => column.key);
      // What ResourceGrid shows for this address, as headings (a photo has no cell in a file).
      const expected = arrangeColumns(parseColumnsParam(columns, ids), ids).flatMap((setting) => {
        const column = definition.columns.find((described) => described.key === setting.id);
        return column && !setting.hidden && column.kind !== 'photo'
          ? [labelOf(column.label ?? column.key)]
          : [];
      });
      const response = await get(`${url}?format=xlsx&columns=${encodeURIComponent(columns)}`, token);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      const { rows } = await sheetRows(response.rawPayload);
      expect(rows[0], url).toEqual(expected);
      // Not the whole list: the hidden one is out.
      expect(rows[0].length, url).toBe(ids.filter((id) => id !== 'photo').length - 1);
    }
  });

  it('answers a workbook and a CSV from every list of the engine, in both languages', async () => {
    const admin = (await t.signIn('admin', adminPassword)).accessToken;
    const exports = t.app.routePermissions
      // (System menus are the developer's alone: admin is refused them, as every system-menu route.)
      .filter(
        (route) =>
          route.method === 'GET' && route.url.endsWith('/export') && route.permission !== 'for_developer',
      )
      .map((route) => route.url.replace('/api/v1', ''));
    // Every list the engine serves: configuration, places, security, the records.
    for (const url of ['/provinces', '/villages', '/roles', '/users', '/head-offices', '/adoptive-matching'])
      expect(exports).toContain(`${url}/export`);
    for (const url of exports) {
      const xlsx = await get(`${url}?format=xlsx`, admin, 'kh');
      expect(xlsx.statusCode, `${url}: ${xlsx.body.slice(0, 200)}`).toBe(200);
      const { rows } = await sheetRows(xlsx.rawPayload);
      expect(rows[0].length, url).toBeGreaterThan(0);
      const csv = await get(`${url}?format=csv`, admin, 'en');
      expect(csv.statusCode, url).toBe(200);
    }
  });

  it('refuses a user without the list permission, and a column the list does not have', async () => {
    for (const url of ['/adoptive-matching/export', '/users/export', '/audit-logs/export']) {
      const refused = await get(url, tokens.refused);
      expect(refused.statusCode, url).toBe(403);
    }
    const unknown = await get('/users/export?columns=name,passwordHash', tokens.userReader);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(['columns is not valid.']);
  });
});

type TMeta = { itemCount: number; pageCount: number; hasNextPage: boolean; totalExact: boolean };
const meta = async (query: string) => {
  const response = await get(`/provinces?${query}`, tokens.placeReader);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: { code: string }[]; paginateMeta: TMeta };
};

describe('counts that stay fast', () => {
  let provinceCount: number;
  beforeAll(async () => {
    provinceCount = (await t.app.db.select({ id: provinces.id }).from(provinces)).length;
  });

  it('counts exactly up to the limit', async () => {
    const { data, paginateMeta } = await meta('search=Phnom&take=10');
    expect(data.length).toBeLessThanOrEqual(exactCountLimit);
    expect(paginateMeta).toMatchObject({ itemCount: data.length, totalExact: true, hasNextPage: false });
  });

  it('above the limit answers an estimate said to be one, with the next page known', async () => {
    expect(provinceCount).toBeGreaterThan(exactCountLimit + 10);
    const first = await meta('take=5');
    expect(first.data).toHaveLength(5);
    expect(first.paginateMeta.totalExact).toBe(false);
    expect(first.paginateMeta.itemCount).toBeGreaterThan(exactCountLimit);
    expect(first.paginateMeta.hasNextPage).toBe(true);
  });

  it('keeps deep pages correct: the last page is exact, a page past the end gives the real count', async () => {
    const lastPage = Math.ceil(provinceCount / 5);
    const last = await meta(`take=5&page=${lastPage}`);
    expect(last.data.length).toBe(provinceCount - (lastPage - 1) * 5);
    expect(last.paginateMeta).toMatchObject({
      itemCount: provinceCount,
      totalExact: true,
      hasNextPage: false,
      pageCount: lastPage,
    });
    const beyond = await meta(`take=5&page=${lastPage + 20}`);
    expect(beyond.data).toEqual([]);
    expect(beyond.paginateMeta).toMatchObject({
      itemCount: provinceCount,
      totalExact: true,
      pageCount: lastPage,
    });
    // Every province is reached by paging, none twice.
    const seen: string[] = [];
    for (let page = 1; page <= lastPage; page += 1)
      seen.push(...(await meta(`take=5&page=${page}`)).data.map((row) => row.code));
    expect(new Set(seen).size).toBe(provinceCount);
  });
});
