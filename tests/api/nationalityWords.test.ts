import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childInfos, countries, headOffices, provinces } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { file, multipart } from './support/multipart';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 35: 'Cambodian' was refused as a nationality. A country answers to the words people write
 * for its people, in either script ('Cambodian', 'Khmer', 'កម្ពុជា', 'ខ្មែរ'), in a workbook's cell as
 * to its code and name; a word that names no country is still refused, saying which.
 */
let t: TTestApp;
let token: string;
const headers = [
  'Sex',
  'Family name (Latin)',
  'Given name (Latin)',
  'Date of birth',
  'Head office',
  'Nationality',
];

const workbookOf = async (rows: unknown[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Children');
  [headers, ...rows].forEach((row, index) => {
    sheet.getRow(index + 1).values = row as ExcelJS.CellValue[];
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const dryRun = async (rows: unknown[][], locale = 'en') => {
  const body = multipart([file('children.xlsx', await workbookOf(rows))]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/children/dry-run',
    headers: { authorization: `Bearer ${token}`, locale, ...body.headers },
    payload: body.payload,
  });
};

beforeAll(async () => {
  t = await createTestApp();
  const [province] = await t.app.db.select({ id: provinces.id }).from(provinces).limit(1);
  await t.app.db.insert(headOffices).values({
    code: 'HO-NAT-WORDS',
    name: { kh: 'ការិយាល័យ', en: 'Office' },
    class: 'national',
    provinceId: province.id,
  });
  await t.createUser('nationality-clerk', ['adoptive_children:read', 'adoptive_children:write']);
  token = (await t.signIn('nationality-clerk', userPassword)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('a nationality as people write it', () => {
  it('takes Cambodian, Khmer, កម្ពុជា and ខ្មែរ (any case, stray spaces) as Cambodia, and creates the children so', async () => {
    const born = yearsBefore(isoDateIn(new Date(t.clock.now())), 5);
    const words = ['Cambodian', 'khmer', ' KHMER ', 'កម្ពុជា', 'ខ្មែរ', 'Cambodia', 'KH'];
    const rows = words.map((word, index) => [
      'female',
      'Nationality',
      `Child ${index}`,
      born,
      'HO-NAT-WORDS',
      word,
    ]);
    const response = await dryRun(rows);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ rows: words.length, valid: words.length, errors: [] });
    const committed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload/children/commit',
      headers: { authorization: `Bearer ${token}`, locale: 'en' },
      payload: { token: response.json().data.token },
    });
    expect(committed.statusCode, committed.body).toBe(200);
    const [cambodia] = await t.app.db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.code, 'KH'));
    const made = await t.app.db
      .select({ nationalityId: childInfos.nationalityId })
      .from(childInfos)
      .where(
        inArray(
          childInfos.givenNameEn,
          words.map((_, index) => `Child ${index}`),
        ),
      );
    expect(made.map((row) => row.nationalityId)).toEqual(words.map(() => cambodia.id));
  });

  it('takes another country’s people by their word too (Thai), and still refuses a word that names none', async () => {
    const born = yearsBefore(isoDateIn(new Date(t.clock.now())), 5);
    const response = await dryRun([
      ['male', 'Nationality', 'Thai', born, 'HO-NAT-WORDS', 'Thai'],
      ['male', 'Nationality', 'Nowhere', born, 'HO-NAT-WORDS', 'Atlantean'],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { errors } = response.json().data as { errors: { row: number; message: string }[] };
    expect(errors.map((error) => error.row)).toEqual([3]);
    expect(errors[0].message).toContain('Atlantean');
  });
});
