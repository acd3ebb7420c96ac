import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  headOffices,
  parentInfos,
  provinces,
  referenceItems,
  statusHistory,
} from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import { tokenOf } from './support/dryRunToken';
import { file, multipart } from './support/multipart';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/** Bulk import of parent applications (issue 25): `/api/v1/upload/parent-applications`. */

let t: TTestApp;
const tokens: Record<string, string> = {};
let disability: { id: number; code: string };

const today = () => isoDateIn(new Date(t.clock.now()));
const khmerDigits = (text: string) =>
  text.replace(/\d/g, (digit) => String.fromCharCode(0x17e0 + Number(digit)));

const headers = [
  'Applicant type',
  'Application date',
  'Head office',
  'First applicant – Family name (Latin)',
  'First applicant – Given name (Latin)',
  'First applicant – Sex',
  'First applicant – Date of birth',
  'Second applicant (for a couple) – Family name (Latin)',
  'Second applicant (for a couple) – Given name (Latin)',
  'Second applicant (for a couple) – Sex',
  'Second applicant (for a couple) – Date of birth',
  'Monthly income (riel)',
  'Number of children',
  'Accepts a child with a disability',
  'Disabilities accepted',
];

const workbookOf = async (rows: unknown[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Applications');
  for (const row of [headers, ...rows]) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** A couple's application: the type and the acceptance in Khmer words, the income in Khmer digits. */
const coupleRow = (family: string) => [
  'ប្ដីប្រពន្ធ',
  today(),
  'HO-PARENTS',
  family,
  'Dara',
  'male',
  yearsBefore(today(), 35),
  family,
  'Sophea',
  'female',
  yearsBefore(today(), 33).split('-').reverse().join('/'),
  khmerDigits('1500000'),
  2,
  'Yes, for the disabilities named',
  disability.code,
];

const dryRun = (bytes: Buffer, token = tokens.clerk, locale = 'en') => {
  const body = multipart([file('applications.xlsx', bytes)]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/parent-applications/dry-run',
    payload: body.payload,
    headers: { authorization: `Bearer ${token}`, locale, ...body.headers },
  });
};
const commit = (token: string, choice: { createAnyway?: number[]; reason?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/parent-applications/commit',
    payload: { token, ...choice },
    headers: { authorization: `Bearer ${tokens.clerk}`, locale: 'en' },
  });
const applicationCount = async () =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(parentInfos))[0].n;

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('clerk', ['adoptive_parents:read', 'adoptive_parents:write', 'adoptive_parents:update']);
  await t.createUser('children clerk', ['adoptive_children:read', 'adoptive_children:write']);
  tokens.clerk = (await t.signIn('clerk', userPassword)).accessToken;
  tokens.children = (await t.signIn('children clerk', userPassword)).accessToken;
  const [province] = await t.app.db.select().from(provinces).orderBy(provinces.code).limit(1);
  await t.app.db.insert(headOffices).values({
    code: 'HO-PARENTS',
    name: { kh: 'ការិយាល័យ', en: 'Parents office' },
    class: 'national',
    provinceId: province.id,
  });
  const [item] = await t.app.db
    .select({ id: referenceItems.id, code: referenceItems.code })
    .from(referenceItems)
    .where(eq(referenceItems.list, 'child_disabilities'))
    .limit(1);
  disability = item;
});

afterAll(async () => {
  await t?.close();
});

describe('importing parent applications', () => {
  it('offers its template to whoever may file applications, and to nobody else', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/upload/parent-applications/template',
      headers: { authorization: `Bearer ${tokens.clerk}`, locale: 'en' },
    });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const data = workbook.worksheets[0];
    const header = (data.getRow(1).values as string[]).slice(1);
    // The first applicant's sex must be given; the second's not; the type has a default (a couple).
    expect(header).toContain('អ្នកដាក់ពាក្យទី 1 – ភេទ / First applicant – Sex *');
    expect(header.filter((text) => text.includes('Second applicant') && text.endsWith('*'))).toEqual([]);
    expect(header).toContain('ប្រភេទអ្នកដាក់ពាក្យ / Applicant type');
    expect(header).toContain('ចំណូលប្រចាំខែ (រៀល) / Monthly income (riel)');
    const validations = (
      data as unknown as { dataValidations: { model: Record<string, { formulae: string[] }> } }
    ).dataValidations.model;
    const typeColumn = data.getColumn(header.indexOf('ប្រភេទអ្នកដាក់ពាក្យ / Applicant type') + 1).letter;
    expect(validations[`${typeColumn}2`]?.formulae[0]).toBe(
      '"ប្ដីប្រពន្ធ / Couple,បុគ្គលម្នាក់ឯង / Single applicant"',
    );
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/v1/upload/parent-applications/template',
      headers: { authorization: `Bearer ${tokens.children}` },
    });
    expect(refused.statusCode).toBe(403);
    expect((await dryRun(await workbookOf([coupleRow('Refused')]), tokens.children)).statusCode).toBe(403);
  });

  it('checks the application rules, then writes each application with its history and audit row, once', async () => {
    const bad = [...coupleRow('Single')];
    bad[0] = 'Single applicant'; // a single applicant's application with a second applicant
    const young = [...coupleRow('Young')];
    young[6] = yearsBefore(today(), 16);
    const response = await dryRun(await workbookOf([coupleRow('Chan'), bad, young]));
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({ rows: 3, valid: 1 });
    expect(data.errors.map((error: { row: number }) => error.row)).toEqual([3, 4]);
    expect(data.errors[1]).toMatchObject({ column: 'applicant1DateOfBirth' });
    expect((await commit(data.token)).statusCode).toBe(400);

    const before = await applicationCount();
    const checked = await dryRun(await workbookOf([coupleRow('Chan'), coupleRow('Keo')]));
    expect(checked.statusCode, checked.body).toBe(200);
    const committed = await commit(tokenOf(checked));
    expect(committed.statusCode, committed.body).toBe(200);
    const { created } = committed.json().data;
    expect(created).toEqual([expect.stringMatching(/^PA-\d{4}-\d{6}$/), expect.stringMatching(/^PA-/)]);
    const [chan] = await t.app.db.select().from(parentInfos).where(eq(parentInfos.code, created[0]));
    expect(chan).toMatchObject({
      applicantType: 'couple',
      applicant1FamilyNameEn: 'Chan',
      monthlyIncome: 1500000,
      childrenCount: 2,
      disabilityAccepted: 'named',
      acceptedDisabilityIds: [disability.id],
      applicant2DateOfBirth: yearsBefore(today(), 33),
      status: 'pending',
    });
    const history = await t.app.db.select().from(statusHistory).where(eq(statusHistory.entityId, chan.id));
    expect(history.some((row) => row.entity === 'parent_infos')).toBe(true);
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, chan.id));
    expect(audit.filter((row) => row.entity === 'parent_infos').map((row) => row.action)).toEqual(['create']);
    expect(await applicationCount()).toBe(before + 2);

    const again = await dryRun(await workbookOf([coupleRow('Chan'), coupleRow('Keo')]));
    expect((await commit(tokenOf(again))).json().data).toEqual({
      created: [],
      updated: [],
      unchanged: 2,
      skipped: [],
    });
    expect(await applicationCount()).toBe(before + 2);
  });

  it('writes an application as the form writes one: its columns, first status and audit row', async () => {
    const [office] = await t.app.db
      .select({ id: headOffices.id })
      .from(headOffices)
      .where(eq(headOffices.code, 'HO-PARENTS'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/parent-infos',
      headers: { authorization: `Bearer ${tokens.clerk}`, locale: 'en' },
      payload: {
        applicantType: 'couple',
        applicationDate: today(),
        headOfficeId: office.id,
        applicant1FamilyNameEn: 'Form',
        applicant1GivenNameEn: 'Dara',
        applicant1Sex: 'male',
        applicant1DateOfBirth: yearsBefore(today(), 35),
        applicant2FamilyNameEn: 'Shape',
        applicant2GivenNameEn: 'Sophea',
        applicant2Sex: 'female',
        applicant2DateOfBirth: yearsBefore(today(), 33),
        monthlyIncome: 1500000,
        childrenCount: 2,
        disabilityAccepted: 'named',
        acceptedDisabilityIds: [disability.id],
        // The form's default, as the import's for a column the sheet does not have.
        preferredSex: 'any',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const checked = await dryRun(await workbookOf([coupleRow('Shape')]));
    expect(checked.statusCode, checked.body).toBe(200);
    // The second applicant is the form's: a possible duplicate (issue 35), created on purpose here.
    expect(checked.json().data.plan).toEqual([
      {
        row: 2,
        action: 'duplicate',
        duplicates: [expect.objectContaining({ id: response.json().data.id, reasons: expect.any(Array) })],
      },
    ]);
    const committed = await commit(tokenOf(checked), {
      createAnyway: [2],
      reason: 'The same second applicant remarried.',
    });
    expect(committed.statusCode, committed.body).toBe(200);
    const [form] = await t.app.db
      .select()
      .from(parentInfos)
      .where(eq(parentInfos.id, response.json().data.id));
    const [sheet] = await t.app.db
      .select()
      .from(parentInfos)
      .where(eq(parentInfos.code, committed.json().data.created[0]));
    expect(Number(sheet.code.slice(-6))).toBe(Number(form.code.slice(-6)) + 1);
    /** What the two applications hold and wrote beside them, but for ids, codes, times and the first family name. */
    const written = async (row: typeof parentInfos.$inferSelect) => {
      const {
        id: _i,
        code: _c,
        applicant1FamilyNameEn: _f,
        createdAt: _ca,
        updatedAt: _ua,
        ...columns
      } = row;
      const history = await t.app.db
        .select()
        .from(statusHistory)
        .where(and(eq(statusHistory.entity, 'parent_infos'), eq(statusHistory.entityId, row.id)));
      const audit = await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'parent_infos'), eq(auditLog.entityId, row.id)))
        .orderBy(auditLog.id);
      return {
        reasons: audit.filter((entry) => entry.action === 'notDuplicate').map((entry) => entry.after),
        columns,
        history: history.map(
          ({ id: _, entityId: _e, at: _a, createdAt: _x, updatedAt: _y, ...rest }) => rest,
        ),
        audit: audit
          .filter((entry) => entry.action !== 'notDuplicate')
          .map(({ id: _, entityId: _e, createdAt: _x, updatedAt: _y, after, ...rest }) => {
            const {
              id: _id,
              code: _code,
              applicant1FamilyNameEn: _name,
              applicantsEn: _names,
              updatedAt: _u,
              ...record
            } = after as Record<string, unknown>;
            return { ...rest, after: record };
          }),
      };
    };
    const { reasons, ...imported } = await written(sheet);
    const { reasons: none, ...formWrote } = await written(form);
    expect(imported).toEqual(formWrote);
    expect(none).toEqual([]);
    expect(reasons).toEqual([
      { payload: { reason: 'The same second applicant remarried.', notDuplicateOf: [form.code] } },
    ]);
    expect(imported.history).toMatchObject([{ action: 'receive', toStatus: 'pending' }]);
    expect(imported.audit).toMatchObject([{ action: 'create', before: null }]);
  });
});
