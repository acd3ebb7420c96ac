import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childInfos, headOffices, provinces } from '../../server/db/schema';
import { exportChunking } from '../../server/resources/exportChunks';
import { isoDateIn } from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import { createTestApp, type TTestApp, userPassword } from './testApp';

let t: TTestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('reader', ['adoptive_children:read']);
  await t.createUser('writer', ['adoptive_children:write', 'adoptive_children:update']);
  for (const username of ['reader', 'writer']) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
  const [province] = await t.app.db
    .select({ id: provinces.id, name: provinces.name })
    .from(provinces)
    .orderBy(provinces.code)
    .limit(1);
  const [office] = await t.app.db
    .insert(headOffices)
    .values({
      code: 'HO-X',
      name: { kh: 'ការិយាល័យ', en: 'Office' },
      class: 'national',
      provinceId: province.id,
    })
    .returning({ id: headOffices.id });
  const today = isoDateIn(new Date(t.clock.now()));
  // Rows inserted directly: codes fixed so the file's order is known.
  await t.app.db.insert(childInfos).values([
    {
      code: 'CH-2026-000001',
      familyNameKh: 'សុខ',
      givenNameKh: 'ចន្ទា',
      familyNameEn: 'Sok',
      givenNameEn: 'Chanthea, "Thea"',
      sex: 'female',
      dateOfBirth: yearsBefore(today, 5),
      headOfficeId: office.id,
      birthProvinceId: province.id,
      status: 'adoptable',
    },
    {
      code: 'CH-2026-000002',
      familyNameKh: 'ហេង',
      givenNameKh: 'បូរ៉ា',
      sex: 'male',
      dateOfBirth: yearsBefore(today, 10),
      headOfficeId: office.id,
    },
    {
      code: 'CH-2026-000003',
      familyNameEn: '=HYPERLINK("x")',
      givenNameEn: 'Test',
      sex: 'male',
      dateOfBirth: yearsBefore(today, 2),
      headOfficeId: office.id,
    },
  ]);
}, 60_000);
afterAll(() => t?.close());

const exportOf = (query: string, username = 'reader', locale = 'kh') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/child-infos/export?${query}`,
    headers: { ...t.bearer(tokens[username]), locale },
  });

/** A small RFC 4180 reader: quoted fields, doubled quotes, commas and line breaks inside quotes. */
const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n') {
      row.push(field.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  return rows;
};

describe('child export', () => {
  it('exports the whole filtered list as a real workbook, headings in the request language', async () => {
    const response = await exportOf('format=xlsx&sex=male&sort=code');
    expect(response.statusCode).toBe(200);
    const today = isoDateIn(new Date(t.clock.now()));
    expect(response.headers['content-type']).toMatch(/spreadsheetml/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="children-${today}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const values = (rowNumber: number) => (sheet.getRow(rowNumber).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'លេខកូដ',
      expect.any(String),
      expect.any(String),
      'ភេទ',
      'ថ្ងៃខែឆ្នាំកំណើត',
      'អាយុ',
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
    expect(sheet.rowCount).toBe(3);
    expect(values(2).slice(0, 4)).toEqual(['CH-2026-000002', 'ហេង បូរ៉ា', '', 'ប្រុស']);
    expect(values(2)[5]).toBe(10);
    expect(values(3)[0]).toBe('CH-2026-000003');
    // The date of birth is a date cell shown dd-mm-yyyy, not text.
    const birth = sheet.getRow(2).getCell(5);
    expect(birth.type).toBe(ExcelJS.ValueType.Date);
    expect(birth.numFmt).toBe('dd-mm-yyyy');
    expect((birth.value as Date).toISOString().slice(0, 10)).toBe(yearsBefore(today, 10));
  });

  it('exports CSV with a BOM, proper quoting and Khmer intact, in English on request', async () => {
    const response = await exportOf('format=csv&sort=code&order=asc', 'reader', 'en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/filename="children-\d{4}-\d{2}-\d{2}\.csv"/);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows[0]).toEqual([
      'Code',
      'Name (Khmer)',
      'Name (Latin)',
      'Sex',
      'Date of birth',
      'Age',
      'Province',
      'Head office',
      'Status',
    ]);
    expect(rows.length).toBe(4);
    expect(rows[1].slice(0, 4)).toEqual(['CH-2026-000001', 'សុខ ចន្ទា', 'Sok Chanthea, "Thea"', 'Female']);
    expect(rows[1][5]).toBe('5');
    expect(rows[1][6]).not.toBe('');
    expect(rows[1][7]).toBe('Office');
    expect(rows[1][8]).toBe('Can be adopted');
    // A cell that would run as a formula in a spreadsheet is kept as text.
    expect(rows[3][2]).toBe(`'=HYPERLINK("x") Test`);
  });

  it('applies the search and the filters of the list', async () => {
    const khmer = await exportOf(`format=csv&search=${encodeURIComponent('ចន្ទា')}`);
    expect(parseCsv(khmer.rawPayload.subarray(3).toString('utf8')).length).toBe(2);
    const adoptable = await exportOf('format=csv&status=adoptable&ageBand=3-5');
    const rows = parseCsv(adoptable.rawPayload.subarray(3).toString('utf8'));
    expect(rows.map((row) => row[0])).toEqual(['លេខកូដ', 'CH-2026-000001']);
    const none = await exportOf('format=csv&status=international');
    expect(parseCsv(none.rawPayload.subarray(3).toString('utf8')).length).toBe(1);
  });

  it('refuses a bad format or filter with 400, and a user who may not read children with 403', async () => {
    expect((await exportOf('format=pdf')).statusCode).toBe(400);
    expect((await exportOf('ageBand=1-2')).statusCode).toBe(400);
    expect((await exportOf('format=csv', 'writer')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/child-infos/export' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("is named with the day in Phnom Penh, which is already tomorrow's UTC day in the evening", async () => {
    // Move the clock to the next 20:00 UTC: 03:00 the next day in Phnom Penh (UTC+7).
    const now = t.clock.now();
    const evening = new Date(now);
    evening.setUTCHours(20, 0, 0, 0);
    if (evening.getTime() <= now) evening.setUTCDate(evening.getUTCDate() + 1);
    t.clock.advance(evening.getTime() - now);
    tokens.reader = (await t.signIn('reader', userPassword)).accessToken;
    const utcDay = evening.toISOString().slice(0, 10);
    const phnomPenhDay = new Date(evening.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    expect(phnomPenhDay).not.toBe(utcDay);
    for (const format of ['xlsx', 'csv']) {
      const response = await exportOf(`format=${format}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="children-${phnomPenhDay}.${format}"`,
      );
    }
  });

  it('reads the rows a chunk at a time in the same order, nulls included, whatever the sort', async () => {
    // nameKh and nameEn are null for one child each: the keyset must keep them where the order puts them.
    const sorts = [
      'sort=code',
      'sort=code&order=desc',
      'sort=nameKh',
      'sort=nameEn&order=desc',
      'sort=nameEn',
      'sort=age&order=desc',
      '',
    ];
    for (const sort of sorts) {
      exportChunking.rows = 500;
      const whole = (await exportOf(`format=csv&${sort}`)).body;
      exportChunking.rows = 1;
      const chunked = (await exportOf(`format=csv&${sort}`)).body;
      exportChunking.rows = 500;
      expect(chunked, sort).toBe(whole);
      expect(parseCsv(whole.slice(1)).length, sort).toBe(4);
    }
  });
});
