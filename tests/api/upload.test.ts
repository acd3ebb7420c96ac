import { deflateRawSync } from 'node:zlib';
import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
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
  users,
  villages,
} from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import { tokenOf } from './support/dryRunToken';
import { file, multipart } from './support/multipart';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Bulk import of children (issue 25, DESIGN.md section 8) through `/api/v1/upload/children`, with
 * workbooks the tests build as people make them: Khmer digits, dates in three shapes, stray and
 * invisible spaces, blank rows, headers in either language and in any order, sheets added; and
 * files that are refused with nothing written.
 */

let t: TTestApp;
const tokens: Record<string, string> = {};
let office: number;
let otherOffice: number;
let place: { province: number; district: number; commune: number; village: number; twin: number };
const reasons: { id: number; code: string; en: string; kh: string }[] = [];
const disabilities: { id: number; code: string; en: string }[] = [];

const today = () => isoDateIn(new Date(t.clock.now()));
/** A date of birth `years` ago (yyyy-mm-dd), and as dd-mm-yyyy. */
const bornYearsAgo = (years: number) => yearsBefore(today(), years);
const dayFirst = (iso: string) => iso.split('-').reverse().join('-');
const khmerDigits = (text: string) =>
  text.replace(/\d/g, (digit) => String.fromCharCode(0x17e0 + Number(digit)));

const headers = {
  en: ['Code', 'Sex', 'Family name (Latin)', 'Given name (Latin)', 'Date of birth', 'Head office'],
  kh: ['លេខកូដ', 'ភេទ', 'នាមត្រកូល (អក្សរឡាតាំង)', 'នាមខ្លួន (អក្សរឡាតាំង)', 'ថ្ងៃខែឆ្នាំកំណើត', 'ការិយាល័យ'],
};

type TSheet = { name?: string; rows: unknown[][] };
/** An .xlsx of these sheets, as Excel saves it. */
const workbookOf = async (...sheets: TSheet[]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  sheets.forEach((sheet, index) => {
    const worksheet = workbook.addWorksheet(sheet.name ?? `Sheet${index + 1}`);
    sheet.rows.forEach((row, rowIndex) => {
      worksheet.getRow(rowIndex + 1).values = row as ExcelJS.CellValue[];
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** A children sheet with the English headers and these rows. */
const childrenSheet = (...rows: unknown[][]): TSheet => ({ rows: [headers.en, ...rows] });

/** A child row: no code, a name, female, born 5 years ago, in the clerk's office. */
const childRow = (
  given: string,
  extra: Partial<Record<'code' | 'sex' | 'born' | 'office', unknown>> = {},
) => [
  extra.code ?? null,
  extra.sex ?? 'female',
  'Import',
  given,
  extra.born ?? bornYearsAgo(5),
  extra.office ?? 'HO-UPLOAD',
];

const send = (
  url: string,
  body?: { payload: Buffer; headers: Record<string, string> },
  token = tokens.clerk,
  locale = 'en',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: body?.payload,
    headers: { authorization: `Bearer ${token}`, locale, ...body?.headers },
  });
const get = (url: string, token = tokens.clerk, locale = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, locale },
  });

const dryRun = (bytes: Buffer, token = tokens.clerk, locale = 'en', filename = 'children.xlsx') =>
  send('/upload/children/dry-run', multipart([file(filename, bytes)]), token, locale);
const commit = (token: string, user = tokens.clerk, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/children/commit',
    payload: { token },
    headers: { authorization: `Bearer ${user}`, locale },
  });

const childCount = async () =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(childInfos))[0].n;
const childNamed = async (given: string) =>
  t.app.db.select().from(childInfos).where(eq(childInfos.givenNameEn, given));

beforeAll(async () => {
  t = await createTestApp();
  const permissions = ['adoptive_children:read', 'adoptive_children:write', 'adoptive_children:update'];
  await t.createUser('clerk', permissions);
  await t.createUser('writer', ['adoptive_children:read', 'adoptive_children:write']);
  await t.createUser('reader', ['adoptive_children:read']);
  const [firstProvince] = await t.app.db.select().from(provinces).orderBy(provinces.code).limit(1);
  [{ id: office }, { id: otherOffice }] = await t.app.db
    .insert(headOffices)
    .values([
      {
        code: 'HO-UPLOAD',
        name: { kh: 'ការិយាល័យនាំចូល', en: 'Upload office' },
        class: 'provincial',
        provinceId: firstProvince.id,
      },
      {
        code: 'HO-OTHER',
        name: { kh: 'ការិយាល័យផ្សេង', en: 'Other office' },
        class: 'provincial',
        provinceId: firstProvince.id,
      },
    ])
    .returning({ id: headOffices.id });
  await t.createUser('provincial', permissions);
  await t.app.db.update(users).set({ headOfficeId: office }).where(eq(users.username, 'provincial'));
  for (const username of ['clerk', 'writer', 'reader', 'provincial'])
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  tokens.admin = (await t.signIn('admin', 'admin-pass-123')).accessToken;

  // Places of the tests' own (the seeded gazetteer may change): two villages of one name in two communes.
  const [province] = await t.app.db
    .insert(provinces)
    .values({ code: '97', name: { kh: 'ខេត្តសាកល្បង', en: 'Testprovince' } })
    .returning({ id: provinces.id });
  const [district] = await t.app.db
    .insert(districts)
    .values({ code: '9701', name: { kh: 'ស្រុកសាកល្បង', en: 'Testdistrict' }, provinceId: province.id })
    .returning({ id: districts.id });
  const [commune, otherCommune] = await t.app.db
    .insert(communes)
    .values([
      { code: '970101', name: { kh: 'ឃុំសាកល្បង', en: 'Testcommune' }, districtId: district.id },
      { code: '970102', name: { kh: 'ឃុំទីពីរ', en: 'Secondcommune' }, districtId: district.id },
    ])
    .returning({ id: communes.id });
  const [village, twin] = await t.app.db
    .insert(villages)
    .values([
      { code: '97010101', name: { kh: 'ភូមិថ្មី', en: 'Phum Thmei' }, communeId: commune.id },
      { code: '97010201', name: { kh: 'ភូមិថ្មី', en: 'Phum Thmei' }, communeId: otherCommune.id },
    ])
    .returning({ id: villages.id });
  place = {
    province: province.id,
    district: district.id,
    commune: commune.id,
    village: village.id,
    twin: twin.id,
  };

  const items = await t.app.db
    .select()
    .from(referenceItems)
    .orderBy(referenceItems.sortOrder, referenceItems.id);
  for (const item of items) {
    if (item.list === 'keeping_reasons')
      reasons.push({ id: item.id, code: item.code, en: item.name.en, kh: item.name.kh });
    if (item.list === 'child_disabilities')
      disabilities.push({ id: item.id, code: item.code, en: item.name.en });
  }
});

afterAll(async () => {
  await t?.close();
});

describe('the template', () => {
  it('has one column per field with both languages, the reference sheets and lists in the cells', async () => {
    const response = await get('/upload/children/template', tokens.clerk, 'kh');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [data, ...references] = workbook.worksheets;
    expect(data.name).toBe('កុមារ');
    const header = (data.getRow(1).values as string[]).slice(1);
    // Required columns (no default a blank cell would take) are marked, and say so in both languages.
    expect(header).toContain('ភេទ / Sex *');
    expect(header).toContain('ថ្ងៃខែឆ្នាំកំណើត / Date of birth *');
    expect(header).toContain('ការិយាល័យ / Head office *');
    expect(header).toContain('ភូមិ / Village');
    expect(header).toContain('ថ្ងៃខែឆ្នាំកំណើតជាការប៉ាន់ស្មាន / Date of birth is estimated');
    expect(header[0]).toBe('លេខកូដ / Code');
    const note = (column: number) => String(data.getRow(1).getCell(column).note ?? '');
    expect(note(header.indexOf('ភេទ / Sex *') + 1)).toMatch(/ចាំបាច់.*\n.*Required: every new row/s);
    expect(note(header.indexOf('ភូមិ / Village') + 1)).toBe('');
    expect(note(1)).toContain('*');
    const names = references.map((sheet) => sheet.name);
    // The places by level, offices, countries and every list of /categories/excel.
    expect(names).toEqual(
      expect.arrayContaining([
        'ភូមិ',
        'ប្រភេទគ្រួសារ',
        'រស់នៅជាមួយ',
        'មូលហេតុនៃការថែរក្សា',
        'ពិការភាពរបស់កុមារ',
        'ស្ថានភាពសុខភាព',
      ]),
    );
    const villagesSheet = workbook.getWorksheet('ភូមិ');
    const villageRow = villagesSheet
      ?.getSheetValues()
      .find((row) => Array.isArray(row) && row[1] === '97010101') as unknown[] | undefined;
    expect(villageRow?.slice(1)).toEqual(['97010101', 'ភូមិថ្មី', 'Phum Thmei', '970101']);
    // The sex column offers its words in both languages; a reference column the codes of its sheet.
    const sexColumn = header.indexOf('ភេទ / Sex *') + 1;
    const validations = (
      data as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } }
    ).dataValidations.model;
    const letter = data.getColumn(sexColumn).letter;
    expect(Object.entries(validations).find(([range]) => range === `${letter}2`)?.[1].formulae[0]).toBe(
      '"ប្រុស / Male,ស្រី / Female"',
    );
    const estimated = data.getColumn(
      header.indexOf('ថ្ងៃខែឆ្នាំកំណើតជាការប៉ាន់ស្មាន / Date of birth is estimated') + 1,
    ).letter;
    expect(Object.entries(validations).find(([range]) => range === `${estimated}2`)?.[1].formulae[0]).toBe(
      '"បាទ/ចាស / yes,ទេ / no"',
    );
    const reasonColumn = data.getColumn(header.indexOf('មូលហេតុនៃការថែរក្សា / Keeping reason') + 1).letter;
    expect(
      Object.entries(validations).find(([range]) => range === `${reasonColumn}2`)?.[1].formulae[0],
    ).toMatch(/^'មូលហេតុនៃការថែរក្សា'!\$A\$2:\$A\$\d+$/);
  });

  it('is refused to whoever may not add the records', async () => {
    expect((await get('/upload/children/template', tokens.reader)).statusCode).toBe(403);
    expect((await get('/upload/parent-applications/template', tokens.clerk)).statusCode).toBe(403);
    expect((await get('/upload/children/template', 'not-a-token')).statusCode).toBe(401);
  });

  it('filled in and sent back is checked as it came', async () => {
    const response = await get('/upload/children/template');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const data = workbook.worksheets[0];
    const header = (data.getRow(1).values as string[]).slice(1);
    const column = (english: string) =>
      header.findIndex((text) => text.replace(/ \*$/, '').endsWith(`/ ${english}`)) + 1;
    const row = data.getRow(2);
    // The list's own words, in both languages, as a clerk picks them.
    row.getCell(column('Sex')).value = 'ប្រុស / Male';
    row.getCell(column('Date of birth is estimated')).value = 'បាទ/ចាស / yes';
    row.getCell(column('Family name (Latin)')).value = 'Template';
    row.getCell(column('Given name (Latin)')).value = 'Filled';
    row.getCell(column('Date of birth')).value = new Date(`${bornYearsAgo(3)}T00:00:00Z`);
    row.getCell(column('Head office')).value = 'HO-UPLOAD';
    row.getCell(column('Village')).value = '97010101';
    row.getCell(column('Commune')).value = '970101';
    row.getCell(column('District')).value = '9701';
    row.getCell(column('Province')).value = '97';
    row.getCell(column('Keeping reason')).value = reasons[0].code;
    const checked = await dryRun(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data).toMatchObject({ rows: 1, valid: 1, errors: [] });
    const committed = await commit(tokenOf(checked));
    expect(committed.statusCode, committed.body).toBe(200);
    const [child] = await childNamed('Filled');
    expect(child).toMatchObject({ sex: 'male', dateOfBirthEstimated: true });
  });

  it('reads a list cell in either language, or in both as the template offers it', async () => {
    const checked = await dryRun(
      await workbookOf({
        rows: [
          [...headers.en, 'Date of birth is estimated'],
          [...childRow('Either Kh', { sex: 'ស្រី' }), 'ទេ'],
          [...childRow('Either En', { sex: 'Male' }), 'no'],
          [...childRow('Either Both', { sex: 'ស្រី / Female' }), 'ទេ / no'],
          [...childRow('Either Wrong', { sex: 'ស្រី / Male' }), 'maybe'],
        ],
      }),
    );
    expect(checked.statusCode, checked.body).toBe(200);
    const { data } = checked.json();
    expect(data).toMatchObject({ rows: 4, valid: 3 });
    expect(data.errors.map((error: { row: number; column: string }) => [error.row, error.column])).toEqual([
      [5, 'sex'],
      [5, 'dateOfBirthEstimated'],
    ]);
  });
});

describe('a dry run', () => {
  it('checks every row as the form does, writes nothing, and answers the errors by row and column', async () => {
    const before = await childCount();
    const bytes = await workbookOf(
      childrenSheet(
        childRow('Good'),
        childRow('NoSex', { sex: '' }),
        childRow('Unborn', { born: '2999-01-01' }),
        childRow('BadDay', { born: '31-02-2020' }),
        childRow('Elsewhere', { office: 'HO-NOWHERE' }),
      ),
    );
    const response = await dryRun(bytes);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.rows).toBe(5);
    expect(data.valid).toBe(1);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const byRow = (row: number) => data.errors.filter((error: { row: number }) => error.row === row);
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual([{ row: 3, column: 'sex', header: 'Sex', message: 'Sex is required.' }]);
    expect(byRow(4)[0]).toMatchObject({ row: 4, column: 'dateOfBirth' });
    expect(byRow(5)[0]).toMatchObject({
      row: 5,
      column: 'dateOfBirth',
      message: expect.stringContaining('"31-02-2020" is not a date'),
    });
    expect(byRow(6)[0]).toMatchObject({
      row: 6,
      column: 'headOfficeId',
      message: expect.stringContaining('HO-NOWHERE'),
    });
    expect(await childCount()).toBe(before);
  });

  it('answers its messages in Khmer for a Khmer request, naming each column as its header reads', async () => {
    const khmer = await dryRun(
      await workbookOf({ rows: [headers.kh, childRow('KhmerMessage', { sex: '' })] }),
      tokens.clerk,
      'kh',
    );
    expect(khmer.json().data.errors).toEqual([
      { row: 2, column: 'sex', header: 'ភេទ', message: expect.stringMatching(/^ភេទ ត្រូវ/) },
    ]);
    // A workbook headed in English is answered in Khmer with its own headers.
    const english = await dryRun(
      await workbookOf(
        childrenSheet(
          childRow('KhmerMessage', { sex: '' }),
          childRow('KhmerOffice', { office: 'HO-NOWHERE' }),
          [null, 'female', null, null, bornYearsAgo(5), 'HO-UPLOAD'],
        ),
      ),
      tokens.clerk,
      'kh',
    );
    const messages = english.json().data.errors.map((error: { message: string }) => error.message);
    expect(messages.slice(0, 2)).toEqual([
      expect.stringMatching(/^Sex ត្រូវ/),
      expect.stringMatching(/^Head office៖/),
    ]);
    // A rule naming several fields names them by their headers (or the template's, when absent).
    expect(messages[2]).toMatch(
      /^នាមត្រកូល \(ខ្មែរ\) និង នាមខ្លួន \(ខ្មែរ\) .* Family name \(Latin\) និង Given name \(Latin\)/,
    );
    expect(messages.join(' ')).not.toMatch(/headOfficeId|givenName|familyName/);
  });

  it('reads Khmer digits, dates as Excel dates and as text, stray and invisible spaces, blank rows, added sheets', async () => {
    const born = bornYearsAgo(4);
    const bytes = await workbookOf(
      {
        name: 'Children',
        rows: [
          // Headers in Khmer, in another order, one of them with an invisible space.
          [
            'ថ្ងៃខែឆ្នាំកំណើត',
            'ការិយាល័យ',
            'នាមត្រកូល (អក្សរឡាតាំង)',
            'នាមខ្លួន\u200b (អក្សរឡាតាំង)',
            'ភេទ',
            'ភូមិ',
            'ឃុំ/សង្កាត់',
            'មូលហេតុនៃការថែរក្សា',
            'ពិការភាព',
          ],
          [
            new Date(`${born}T00:00:00Z`),
            'HO-UPLOAD',
            '  Import  ',
            'Excel\u200bDate',
            'ស្រី',
            'Phum Thmei',
            '970101',
            reasons[0].kh,
            `${disabilities[0].code}, ${disabilities[1].en}`,
          ],
          [],
          [
            khmerDigits(dayFirst(born)),
            'HO-UPLOAD',
            'Import',
            'Khmer  Digits',
            'female',
            khmerDigits('97010101'),
            'Testcommune',
            reasons[0].en.toUpperCase(),
            null,
          ],
          [born, 'Upload office', 'Import', 'Iso\u00a0Text', 'Female', 97010101, null, null, null],
        ],
      },
      {
        name: 'My notes',
        rows: [
          ['Sex', 'Head office', 'Date of birth'],
          ['nothing', 'to', 'see'],
        ],
      },
    );
    const response = await dryRun(bytes);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ rows: 3, valid: 3, errors: [] });
    const committed = await commit(tokenOf(response));
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().data.created).toHaveLength(3);
    for (const given of ['ExcelDate', 'Khmer Digits', 'Iso Text']) {
      const [child] = await childNamed(given);
      expect(child, given).toMatchObject({
        familyNameEn: 'Import',
        dateOfBirth: born,
        sex: 'female',
        headOfficeId: office,
      });
    }
    const [excel] = await childNamed('ExcelDate');
    expect(excel).toMatchObject({
      birthVillageId: place.village,
      birthCommuneId: place.commune,
      keepingReasonId: reasons[0].id,
    });
    const named = await t.app.db
      .select({ id: childDisabilities.disabilityId })
      .from(childDisabilities)
      .where(eq(childDisabilities.childId, excel.id));
    expect(named.map((row) => row.id).sort()).toEqual([disabilities[0].id, disabilities[1].id].sort());
    // A village name two communes share, matched in the commune the row names.
    const [digits] = await childNamed('Khmer Digits');
    expect(digits.birthVillageId).toBe(place.village);
  });

  it('asks for a code when a name is shared and the row does not say where', async () => {
    const response = await dryRun(
      await workbookOf({
        rows: [
          [...headers.en, 'Village'],
          [...childRow('Twin'), 'Phum Thmei'],
        ],
      }),
    );
    expect(response.json().data.errors).toEqual([
      {
        row: 2,
        column: 'birthVillageId',
        header: 'Village',
        message: expect.stringMatching(/^Village: "Phum Thmei" names several/),
      },
    ]);
  });

  it('takes the saved value of a formula, never evaluating it, and says when none was saved', async () => {
    const bytes = await workbookOf(
      childrenSheet(
        [
          null,
          'female',
          'Import',
          { formula: 'CONCAT("For","mula")', result: 'Formula' },
          bornYearsAgo(6),
          'HO-UPLOAD',
        ],
        [null, 'female', 'Import', 'NoResult', { formula: 'TODAY()' }, 'HO-UPLOAD'],
      ),
    );
    const response = await dryRun(bytes);
    const { data } = response.json();
    expect(data.valid).toBe(1);
    expect(data.errors).toEqual([
      {
        row: 3,
        column: 'dateOfBirth',
        header: 'Date of birth',
        message: expect.stringContaining('formula without a saved value'),
      },
    ]);
  });

  it('plans a second row of the same child as a duplicate of the first, not an error', async () => {
    const response = await dryRun(await workbookOf(childrenSheet(childRow('Twice'), childRow('Twice'))));
    const { data } = response.json();
    expect(data.errors).toEqual([]);
    expect(data.plan).toEqual([
      { row: 2, action: 'create' },
      { row: 3, action: 'duplicate', sameAsRow: 2 },
    ]);
    expect(data.counts).toEqual({ create: 1, update: 0, unchanged: 0, duplicate: 1 });
  });
});

describe('refused files', () => {
  const refusedWith = async (bytes: Buffer, status: number, message: RegExp, filename = 'children.xlsx') => {
    const before = await childCount();
    const response = await dryRun(bytes, tokens.clerk, 'en', filename);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json().message).toMatch(message);
    expect(await childCount()).toBe(before);
  };

  it('refuses what is not a workbook, or a renamed one', async () => {
    await refusedWith(Buffer.from('name,sex\nA,female\n'), 400, /not an Excel workbook/, 'children.csv');
    await refusedWith(
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'),
      400,
      /not an Excel workbook/,
    );
  });

  it('refuses over 20 MB with a 413', async () => {
    await refusedWith(Buffer.alloc(20 * 1024 * 1024 + 10, 0x50), 413, /larger than 20 MB/);
  });

  it('refuses more than 10,000 rows', async () => {
    const rows = Array.from({ length: 10_001 }, (_row, index) => childRow(`Many${index}`));
    await refusedWith(await workbookOf(childrenSheet(...rows)), 400, /more than 10000 rows/);
  });

  it('refuses a zip bomb before parsing it: a part that declares or inflates to far more than a workbook', async () => {
    const workbook = await workbookOf(childrenSheet(childRow('Bomb')));
    // A real workbook with one part replaced by 300 MB of zeros (a few hundred KB deflated).
    const bomb = deflateRawSync(Buffer.alloc(300 * 1024 * 1024));
    await refusedWith(
      withExtraPart(workbook, 'xl/media/bomb.bin', bomb, 300 * 1024 * 1024),
      400,
      /unpacks to more than/,
    );
    // The same part declaring 1 KB in its directory: caught while inflating.
    await refusedWith(withExtraPart(workbook, 'xl/media/bomb.bin', bomb, 1024), 400, /unpacks to more than/);
  });

  it("refuses a sheet without the template's headers", async () => {
    await refusedWith(
      await workbookOf({
        rows: [
          ['a', 'b', 'c'],
          [1, 2, 3],
        ],
      }),
      400,
      /no sheet whose first row names/,
    );
  });
});

describe('the commit', () => {
  it('writes every row in one go with audit rows, and importing the same workbook twice creates nothing', async () => {
    const bytes = await workbookOf(childrenSheet(childRow('Once A'), childRow('Once B')));
    const first = await dryRun(bytes);
    const committed = await commit(tokenOf(first));
    expect(committed.statusCode, committed.body).toBe(200);
    const { created, updated, unchanged } = committed.json().data;
    expect(created).toHaveLength(2);
    expect(created[0]).toMatch(/^CH-\d{4}-\d{6}$/);
    expect({ updated, unchanged }).toEqual({ updated: [], unchanged: 0 });
    const [child] = await childNamed('Once A');
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'child_infos'), eq(auditLog.entityId, child.id)));
    expect(audit.map((row) => row.action)).toEqual(['create']);

    const before = await childCount();
    const again = await dryRun(bytes);
    expect(again.json().data).toMatchObject({
      rows: 2,
      valid: 2,
      errors: [],
      plan: [
        { row: 2, action: 'unchanged', code: created[0] },
        { row: 3, action: 'unchanged', code: created[1] },
      ],
      counts: { create: 0, update: 0, unchanged: 2, duplicate: 0 },
    });
    const second = await commit(tokenOf(again));
    expect(second.json().data).toEqual({ created: [], updated: [], unchanged: 2, skipped: [] });
    expect(await childCount()).toBe(before);
    // The token is spent.
    expect((await commit(tokenOf(first))).statusCode).toBe(404);
  });

  it('changes the record a row names by its code, and refuses the commit if it changed since the check', async () => {
    const first = await commit(tokenOf(await dryRun(await workbookOf(childrenSheet(childRow('Coded'))))));
    const [code] = first.json().data.created;
    const checked = await dryRun(
      await workbookOf(childrenSheet(childRow('Coded Again', { code, sex: 'male' }))),
    );
    expect(checked.json().data.errors).toEqual([]);
    // Someone edits the child meanwhile.
    await t.app.db
      .update(childInfos)
      .set({ notes: 'edited', version: sql`${childInfos.version} + 1` })
      .where(eq(childInfos.code, code));
    const refused = await commit(tokenOf(checked));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual([expect.stringContaining(`${code} was changed by someone else`)]);
    expect((await t.app.db.select().from(childInfos).where(eq(childInfos.code, code)))[0].sex).toBe('female');

    const rechecked = await dryRun(
      await workbookOf(childrenSheet(childRow('Coded Again', { code, sex: 'male' }))),
    );
    const done = await commit(tokenOf(rechecked));
    expect(done.json().data).toEqual({ created: [], updated: [code], unchanged: 0, skipped: [] });
    const [after] = await t.app.db.select().from(childInfos).where(eq(childInfos.code, code));
    expect(after).toMatchObject({ sex: 'male', givenNameEn: 'Coded Again', notes: 'edited' });
  });

  it('refuses a check that found errors, writing nothing', async () => {
    const checked = await dryRun(
      await workbookOf(childrenSheet(childRow('Half Good'), childRow('Half Bad', { sex: 'x' }))),
    );
    const before = await childCount();
    const response = await commit(tokenOf(checked));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/1 row\(s\) have errors/);
    expect(await childCount()).toBe(before);
  });

  it('is all or nothing: a row refused at the commit leaves every other row unwritten', async () => {
    const checked = await dryRun(await workbookOf(childrenSheet(childRow('Atomic A'), childRow('Atomic B'))));
    // The second child is added by someone else between the check and the commit.
    await t.app.db.insert(childInfos).values({
      code: 'CH-ELSEWHERE-1',
      familyNameEn: 'Import',
      givenNameEn: 'Atomic B',
      sex: 'female',
      dateOfBirth: bornYearsAgo(5),
      headOfficeId: office,
      status: 'registered',
    });
    const response = await commit(tokenOf(checked));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().errors).toEqual([expect.stringContaining('row 3')]);
    expect(await childNamed('Atomic A')).toEqual([]);
  });

  it('writes each new child as the form writes one: its columns, codes in row order, first status, disabilities, audit row', async () => {
    const wideHeaders = [
      'Sex',
      'Family name (Latin)',
      'Given name (Latin)',
      'Date of birth',
      'Head office',
      'Province',
      'District',
      'Commune',
      'Village',
      'Keeping reason',
      'Disabilities',
      'Admitted to care on',
      'Notes',
    ];
    const children = [
      {
        sex: 'female',
        born: bornYearsAgo(4),
        places: ['97', '9701', '970101', '97010101'],
        reason: reasons[0],
        disabilityIds: [disabilities[0].id, disabilities[1].id],
        admittedOn: bornYearsAgo(1),
        notes: 'Came with her aunt',
      },
      { sex: 'male', born: bornYearsAgo(9), places: [null, null, null, null], disabilityIds: [] },
      {
        sex: 'female',
        born: bornYearsAgo(15),
        places: [null, null, null, '97010101'],
        reason: reasons[1],
        disabilityIds: [disabilities[1].id],
      },
    ];
    const clerk = { authorization: `Bearer ${tokens.clerk}`, locale: 'en' };
    // One by one through the form's API, then the same children (other given names) in a workbook.
    const formIds: number[] = [];
    for (const [index, child] of children.entries()) {
      const [provinceId, districtId, communeId, villageId] = child.places.map((code) =>
        code === null
          ? undefined
          : {
              '97': place.province,
              '9701': place.district,
              '970101': place.commune,
              '97010101': place.village,
            }[code],
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/child-infos',
        headers: clerk,
        payload: {
          sex: child.sex,
          familyNameEn: 'Shape',
          givenNameEn: `Form ${index}`,
          dateOfBirth: child.born,
          dateOfBirthEstimated: false,
          headOfficeId: office,
          birthProvinceId: provinceId,
          birthDistrictId: districtId,
          birthCommuneId: communeId,
          birthVillageId: villageId,
          keepingReasonId: child.reason?.id,
          disabilityIds: child.disabilityIds,
          admittedOn: child.admittedOn,
          notes: child.notes,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      formIds.push(response.json().data.id);
    }
    const checked = await dryRun(
      await workbookOf({
        rows: [
          wideHeaders,
          ...children.map((child, index) => [
            child.sex,
            'Shape',
            `Sheet ${index}`,
            child.born,
            'HO-UPLOAD',
            ...child.places,
            child.reason?.en ?? null,
            child.disabilityIds.map((id) => disabilities.find((item) => item.id === id)?.code).join(', '),
            child.admittedOn ?? null,
            child.notes ?? null,
          ]),
        ],
      }),
    );
    expect(checked.json().data, checked.body).toMatchObject({ rows: 3, valid: 3, errors: [] });
    const committed = await commit(tokenOf(checked));
    expect(committed.statusCode, committed.body).toBe(200);
    const { created } = committed.json().data;

    const byCode = async (code: string) =>
      (await t.app.db.select().from(childInfos).where(eq(childInfos.code, code)))[0];
    const sheetRows = await Promise.all(created.map(byCode));
    const formRows = await Promise.all(
      formIds.map(async (id) => (await t.app.db.select().from(childInfos).where(eq(childInfos.id, id)))[0]),
    );
    // Codes follow the rows, after the last one given.
    const numberOf = (code: string) => Number(code.slice(-6));
    expect(created.map(numberOf)).toEqual([1, 2, 3].map((step) => numberOf(formRows[2].code) + step));
    // (The search text is made of the code and the names, which differ by design.)
    const {
      id: _i,
      code: _c,
      givenNameEn: _g,
      searchText: _s,
      createdAt: _ca,
      updatedAt: _ua,
      ...sameColumns
    } = childInfos;
    const columnsOf = (row: typeof childInfos.$inferSelect) =>
      Object.fromEntries(Object.keys(sameColumns).map((key) => [key, row[key as keyof typeof row]]));
    expect(sheetRows.map(columnsOf)).toEqual(formRows.map(columnsOf));

    /** What a child's rows beside it say, without their ids, times and the child's own names. */
    const besides = async (child: typeof childInfos.$inferSelect) => {
      const history = await t.app.db
        .select()
        .from(statusHistory)
        .where(and(eq(statusHistory.entity, 'child_infos'), eq(statusHistory.entityId, child.id)));
      const audit = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'child_infos'), eq(auditLog.entityId, child.id)));
      const ownDisabilities = await t.app.db
        .select({ id: childDisabilities.disabilityId, by: childDisabilities.createdBy })
        .from(childDisabilities)
        .where(eq(childDisabilities.childId, child.id))
        .orderBy(childDisabilities.disabilityId);
      return {
        history: history.map(
          ({ id: _, entityId: _e, at: _a, createdAt: _ca, updatedAt: _ua, ...rest }) => rest,
        ),
        audit: audit.map(({ id: _, entityId: _e, createdAt: _ca, updatedAt: _ua, after, ...rest }) => {
          const {
            id: _id,
            code: _code,
            givenNameEn: _given,
            nameEn: _name,
            updatedAt: _u,
            ...record
          } = after as Record<string, unknown>;
          return { ...rest, after: record };
        }),
        disabilities: ownDisabilities,
      };
    };
    const sheetBesides = await Promise.all(sheetRows.map(besides));
    expect(sheetBesides).toEqual(await Promise.all(formRows.map(besides)));
    expect(sheetBesides[0]).toMatchObject({
      history: [{ action: 'register', fromStatus: '', toStatus: 'registered' }],
      audit: [{ action: 'create', before: null }],
    });
    expect(sheetBesides[0].disabilities).toHaveLength(2);
  });

  it('refuses at the commit every row a rule refuses since the check, naming each, writing none', async () => {
    const [item] = await t.app.db
      .insert(referenceItems)
      .values({ list: 'keeping_reasons', code: 'KR-MOVED', name: { kh: 'ផ្លាស់ទី', en: 'Moved away' } })
      .returning({ id: referenceItems.id });
    const reasonRow = (given: string, reason: string) => [...childRow(given), reason];
    const checked = await dryRun(
      await workbookOf({
        rows: [
          [...headers.en, 'Keeping reason'],
          reasonRow('Moved A', 'KR-MOVED'),
          reasonRow('Kept B', reasons[0].code),
          reasonRow('Moved C', 'KR-MOVED'),
        ],
      }),
    );
    expect(checked.json().data, checked.body).toMatchObject({ valid: 3, errors: [] });
    // The item goes to another list meanwhile: a child's keeping reason must be one of its list.
    await t.app.db.update(referenceItems).set({ list: 'living_with' }).where(eq(referenceItems.id, item.id));
    const before = await childCount();
    const response = await commit(tokenOf(checked));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().errors).toEqual([
      expect.stringMatching(/^row 2: .*keepingReasonId/),
      expect.stringMatching(/^row 4: .*keepingReasonId/),
    ]);
    expect(await childCount()).toBe(before);
  });

  it('never gives again the code of a deleted child, and finds it through the index of deletes', async () => {
    const first = await commit(
      tokenOf(await dryRun(await workbookOf(childrenSheet(childRow('Deleted Soon'))))),
    );
    const [code] = first.json().data.created;
    const [child] = await childNamed('Deleted Soon');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/child-infos/${child.id}`,
      headers: { authorization: `Bearer ${tokens.admin}`, locale: 'en' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const next = await commit(
      tokenOf(await dryRun(await workbookOf(childrenSheet(childRow('After Delete'))))),
    );
    expect(Number(next.json().data.created[0].slice(-6))).toBe(Number(code.slice(-6)) + 1);

    const plan = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      const result = await tx.execute(
        sql`explain select ${auditLog.before} ->> 'code' from ${auditLog} where ${auditLog.entity} = 'child_infos' and ${auditLog.action} = 'delete' order by ${auditLog.before} ->> 'code' desc limit 1`,
      );
      return JSON.stringify((result as { rows: unknown[] }).rows);
    });
    expect(plan).toContain('audit_log_deleted_code_idx');
  });

  it('keeps a dry run to its user', async () => {
    const checked = await dryRun(await workbookOf(childrenSheet(childRow('Mine'))));
    const { token } = checked.json().data;
    expect((await commit(token, tokens.admin)).statusCode).toBe(404);
    expect((await get(`/upload/children/errors/${token}`, tokens.admin)).statusCode).toBe(404);
    expect((await commit('x'.repeat(32))).statusCode).toBe(404);
  });
});

describe('the errors workbook', () => {
  it("is the workbook checked with a column of each row's errors, in the reader's language", async () => {
    // An Excel date, and a number where a code is wanted: kept as typed, the bad cells marked.
    const born = new Date(`${bornYearsAgo(6)}T00:00:00Z`);
    const checked = await dryRun(
      await workbookOf(
        childrenSheet(childRow('Fine'), [], childRow('Wrong', { sex: 'x', born, office: 4242 })),
      ),
    );
    const response = await get(`/upload/children/errors/${tokenOf(checked)}`, tokens.clerk, 'kh');
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([...headers.en, 'កំហុស']);
    expect(sheet.getRow(2).getCell(3).value).toBe('Import');
    expect(sheet.getRow(2).getCell(7).value ?? '').toBe('');
    expect(String(sheet.getRow(4).getCell(7).value)).toContain('"x"');
    const wrong = sheet.getRow(4);
    expect(wrong.getCell(4).value).toBe('Wrong');
    expect(wrong.getCell(5).value).toEqual(born);
    expect(wrong.getCell(5).numFmt).toBe('dd-mm-yyyy');
    expect(wrong.getCell(6).value).toBe(4242);
    const marked = (column: number) => {
      const cell = wrong.getCell(column);
      return {
        fill: (cell.fill as { fgColor?: { argb?: string } } | undefined)?.fgColor?.argb ?? null,
        note: cell.note ? String(cell.note) : null,
      };
    };
    expect(marked(2)).toEqual({ fill: 'FFFFE4E6', note: expect.stringContaining('"x"') });
    expect(marked(6)).toEqual({ fill: 'FFFFE4E6', note: expect.stringContaining('"4242"') });
    expect(marked(4)).toEqual({ fill: null, note: null });
    expect(sheet.getRow(2).getCell(2).note ?? null).toBeNull();
    // Sent back as it is (its notes are parts of their own), it is read again: same rows, same faults.
    const again = await dryRun(response.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ rows: 2, valid: 1 });
  });
});

describe('office scope and permissions', () => {
  it("refuses, row by row, a provincial user's rows for another office and records of other offices", async () => {
    const other = await t.app.db
      .insert(childInfos)
      .values({
        code: 'CH-OTHER-OFFICE',
        familyNameEn: 'Other',
        givenNameEn: 'Office',
        sex: 'male',
        dateOfBirth: bornYearsAgo(2),
        headOfficeId: otherOffice,
        status: 'registered',
      })
      .returning({ id: childInfos.id });
    expect(other).toHaveLength(1);
    const response = await dryRun(
      await workbookOf(
        childrenSheet(
          childRow('Own Office'),
          childRow('Other Office Row', { office: 'HO-OTHER' }),
          childRow('Their Child', { code: 'CH-OTHER-OFFICE' }),
        ),
      ),
      tokens.provincial,
    );
    const { data } = response.json();
    expect(data.valid).toBe(1);
    expect(data.errors).toEqual([
      {
        row: 3,
        column: 'headOfficeId',
        header: 'Head office',
        message: 'Head office must be your own head office: you keep the records of your office only.',
      },
      {
        row: 4,
        column: 'code',
        header: 'Code',
        message: 'Code: there is no record CH-OTHER-OFFICE among yours.',
      },
    ]);
  });

  it('refuses the routes to whoever may not add the records, and a change to whoever may not edit', async () => {
    const bytes = await workbookOf(childrenSheet(childRow('Refused')));
    expect((await dryRun(bytes, tokens.reader)).statusCode).toBe(403);
    expect((await commit('x'.repeat(32), tokens.reader)).statusCode).toBe(403);
    expect((await get(`/upload/children/errors/${'x'.repeat(32)}`, tokens.reader)).statusCode).toBe(403);
    const [coded] = await t.app.db
      .select({ code: childInfos.code })
      .from(childInfos)
      .where(eq(childInfos.headOfficeId, office))
      .orderBy(desc(childInfos.updatedAt))
      .limit(1);
    const response = await dryRun(
      await workbookOf(childrenSheet(childRow('Renamed', { code: coded.code }))),
      tokens.writer,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.errors).toEqual([
      { row: 2, column: null, header: null, message: 'No Permission.' },
    ]);
  });
});

/** A copy of a zip archive with one more stored part whose directory declares `declaredSize`. */
const withExtraPart = (zip: Buffer, name: string, deflated: Buffer, declaredSize: number): Buffer => {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryAt = zip.readUInt32LE(end + 16);
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declaredSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(declaredSize, 24);
  central.writeUInt16LE(nameBytes.length, 28);
  central.writeUInt32LE(directoryAt, 42);
  const newDirectoryAt = directoryAt + local.length + nameBytes.length + deflated.length;
  const eocd = Buffer.from(zip.subarray(end));
  eocd.writeUInt16LE(count + 1, 8);
  eocd.writeUInt16LE(count + 1, 10);
  eocd.writeUInt32LE(directorySize + central.length + nameBytes.length, 12);
  eocd.writeUInt32LE(newDirectoryAt, 16);
  return Buffer.concat([
    zip.subarray(0, directoryAt),
    local,
    nameBytes,
    deflated,
    zip.subarray(directoryAt, directoryAt + directorySize),
    central,
    nameBytes,
    eocd,
  ]);
};
