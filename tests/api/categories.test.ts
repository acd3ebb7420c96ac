import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceItems } from '../../server/db/schema';
import { referenceListSeed } from '../../server/db/seedData/referenceLists';
import { createTestApp, type TTestApp, userPassword } from './testApp';

const url = '/api/v1/categories/excel';

let t: TTestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('listReader', ['reference_lists:read']);
  await t.createUser('outsider', [
    'reference_lists:write',
    'reference_lists:update',
    'general_settings:read',
  ]);
  for (const username of ['listReader', 'outsider']) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
});
afterAll(() => t?.close());

const download = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...t.bearer(tokens.listReader), ...headers } });

/** Each sheet as its name and rows of cell texts (the header row first). */
const readWorkbook = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: string[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
    });
    return { name: sheet.name, rows };
  });
};

const seededRows = (list: keyof typeof referenceListSeed) =>
  referenceListSeed[list].map((item) => [item.code, item.name.kh, item.name.en]);

describe('GET /api/v1/categories/excel', () => {
  it('answers an .xlsx attachment with one sheet per reference list holding the seeded items', async () => {
    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe('attachment; filename="categories.xlsx"');
    // An .xlsx is a zip archive.
    expect(response.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');

    const sheets = await readWorkbook(response.rawPayload);
    const heading = ['Code', 'Khmer name', 'English name'];
    expect(sheets).toEqual([
      { name: 'Family types', rows: [heading, ...seededRows('family_types')] },
      { name: 'Living with', rows: [heading, ...seededRows('living_with')] },
      { name: 'Keeping reasons', rows: [heading, ...seededRows('keeping_reasons')] },
      { name: 'Child disabilities', rows: [heading, ...seededRows('child_disabilities')] },
      { name: 'Health status', rows: [heading, ...seededRows('health_status')] },
    ]);
  });

  it('names the sheets and headings in Khmer for the kh locale', async () => {
    const sheets = await readWorkbook((await download({ locale: 'kh' })).rawPayload);
    expect(sheets.map((sheet) => sheet.name)).toEqual([
      'ប្រភេទគ្រួសារ',
      'រស់នៅជាមួយ',
      'មូលហេតុនៃការថែរក្សា',
      'ពិការភាពរបស់កុមារ',
      'ស្ថានភាពសុខភាព',
    ]);
    expect(sheets[0].rows[0]).toEqual(['កូដ', 'ឈ្មោះជាភាសាខ្មែរ', 'ឈ្មោះជាភាសាអង់គ្លេស']);
    expect(sheets[0].rows.slice(1)).toEqual(seededRows('family_types'));
  });

  it('follows the current lists: a renamed item shows its new name, an inactive one is left out', async () => {
    const rename = and(eq(referenceItems.list, 'health_status'), eq(referenceItems.code, 'good'));
    const retire = and(eq(referenceItems.list, 'living_with'), eq(referenceItems.code, 'pagoda'));
    await t.app.db
      .update(referenceItems)
      .set({ name: { kh: 'ល្អ', en: 'Healthy' } })
      .where(rename);
    await t.app.db.update(referenceItems).set({ active: false }).where(retire);
    try {
      const sheets = await readWorkbook((await download()).rawPayload);
      const health = sheets.find((sheet) => sheet.name === 'Health status');
      expect(health?.rows[1]).toEqual(['good', 'ល្អ', 'Healthy']);
      const living = sheets.find((sheet) => sheet.name === 'Living with');
      expect(living?.rows.map((row) => row[0])).not.toContain('pagoda');
      expect(living?.rows).toHaveLength(seededRows('living_with').length);
    } finally {
      await t.app.db.update(referenceItems).set({ active: true }).where(retire);
    }
  });

  it('refuses a user without reference_lists:read with 403 and a caller without sign-in with 401', async () => {
    const forbidden = await t.app.inject({ method: 'GET', url, headers: t.bearer(tokens.outsider) });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ statusCode: 403, message: 'No Permission.' });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
