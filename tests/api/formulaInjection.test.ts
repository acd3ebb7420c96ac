import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headOffices, provinces, referenceItems } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { insertChild } from './support/recordFixtures';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * Issue 25: every export the product writes (.xlsx and CSV) keeps a text cell beginning with `=`,
 * `+`, `-` or `@` as text (a leading `'`), while numbers and dates stay numbers and dates. Records
 * named as formulas go out through each export and are read back as a spreadsheet would.
 */
let t: TTestApp;
let token: string;
let provinceId: number;
const hostile = ['=1+2', '@SUM(A1:A9)', '-3', '+4'];

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn('admin', adminPassword)).accessToken;
  const today = isoDateIn(new Date(t.clock.now()));
  [{ id: provinceId }] = await t.app.db
    .insert(provinces)
    .values({ code: 'FX-P', name: { kh: '=1+2', en: '=1+2' } })
    .returning({ id: provinces.id });
  const [office] = await t.app.db
    .insert(headOffices)
    .values({ code: 'FX-HO', name: { kh: '@office', en: '@office' }, class: 'provincial', provinceId })
    .returning({ id: headOffices.id });
  // One child per hostile name, the Latin family name alone so the name cell is exactly it.
  for (const [index, name] of hostile.entries())
    await insertChild(
      t.app.db,
      {
        headOfficeId: office.id,
        birthProvinceId: provinceId,
        familyNameEn: name,
        givenNameEn: null,
        familyNameKh: null,
        givenNameKh: null,
        dateOfBirth: yearsBefore(today, 3 + index),
      },
      { today, prefix: 'FX' },
    );
  await t.app.db
    .insert(referenceItems)
    .values({ list: 'family_types', code: '-FX', name: { kh: '+ផ្ទះ', en: '@SUM(A1)' }, sortOrder: 999 });
}, 60_000);
afterAll(() => t?.close());

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...t.bearer(token), locale: 'en' } });

const workbookOf = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
};

/** Every cell of a workbook that is text beginning with a formula's first character. */
const formulaLike = (workbook: ExcelJS.Workbook) => {
  const found: string[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (typeof cell.value === 'string' && /^[=+\-@]/.test(cell.value)) found.push(cell.value);
        if (cell.type === ExcelJS.ValueType.Formula) found.push(`formula ${cell.formula}`);
      }),
    ),
  );
  return found;
};

describe('exports neutralise cells that a spreadsheet would read as formulas', () => {
  it("the children's list as .xlsx: names kept as text with a leading ', ages numbers, births dates", async () => {
    const response = await get('/api/v1/child-infos/export?format=xlsx&search=&sort=code&order=asc');
    expect(response.statusCode).toBe(200);
    const workbook = await workbookOf(response.rawPayload);
    expect(formulaLike(workbook)).toEqual([]);
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      if (String(row.getCell(1).value).startsWith('CH-FX')) rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows.map((row) => row[2])).toEqual(hostile.map((name) => `'${name}`));
    for (const [index, row] of rows.entries()) {
      expect(row[5]).toBe(3 + index);
      expect(row[4]).toBeInstanceOf(Date);
      expect(row[6]).toBe("'=1+2");
      expect(row[7]).toBe("'@office");
    }
  });

  it("the children's list as CSV: the same cells with a leading ', numbers bare", async () => {
    const response = await get('/api/v1/child-infos/export?format=csv&sort=code&order=asc');
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .filter((line) => line.startsWith('CH-FX'));
    expect(lines).toHaveLength(4);
    for (const [index, line] of lines.entries()) {
      const cells = line.split(',');
      expect(cells[2]).toBe(`'${hostile[index]}`);
      expect(cells[5]).toBe(String(3 + index));
      expect(cells[6]).toBe("'=1+2");
      expect(cells[7]).toBe("'@office");
      // Nothing in the line begins as a formula.
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
    }
  });

  it('the reference lists workbook: codes and names kept as text', async () => {
    const response = await get('/api/v1/categories/excel');
    expect(response.statusCode).toBe(200);
    const workbook = await workbookOf(response.rawPayload);
    expect(formulaLike(workbook)).toEqual([]);
    const sheet = workbook.worksheets[0];
    const last = (sheet.getRow(sheet.rowCount).values as unknown[]).slice(1);
    expect(last).toEqual(["'-FX", "'+ផ្ទះ", "'@SUM(A1)"]);
  });

  it("the children's report workbook: the province's name and the filter kept as text, counts numbers", async () => {
    const response = await get(`/api/v1/reports/children.xlsx?provinceId=${provinceId}`);
    expect(response.statusCode, response.body).toBe(200);
    const workbook = await workbookOf(response.rawPayload);
    expect(formulaLike(workbook)).toEqual([]);
    const texts: string[] = [];
    workbook.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          if (typeof cell.value === 'string') texts.push(cell.value);
        }),
      ),
    );
    // Written at least twice: in the filters at the top and as the province's row of its breakdown.
    expect(texts.filter((text) => text === "'=1+2").length).toBeGreaterThanOrEqual(2);
    const provinceSheet = workbook.worksheets[1];
    let counts: unknown[] = [];
    provinceSheet.eachRow((row) => {
      if (row.getCell(1).value === "'=1+2") counts = (row.values as unknown[]).slice(2);
    });
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) expect(typeof count).toBe('number');
    expect(counts.reduce((sum: number, count) => sum + (count as number), 0)).toBeGreaterThanOrEqual(4);
  });
});
