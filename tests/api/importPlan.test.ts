import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childInfos, duplicatePairs, headOffices, provinces } from '../../server/db/schema';
import { findDuplicates, findDuplicatesMany } from '../../server/duplicates/findDuplicates';
import { pairFloor } from '../../server/duplicates/pairs';
import { isoDateIn } from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import { file, multipart } from './support/multipart';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The import says what it will do, and does only that (issue 35): the dry run's plan (`create`,
 * `update` by code only, `unchanged`, `duplicate`) and its counts; a row without a code never
 * changes a record; a duplicate is skipped unless the commit names it with a reason (written on the
 * timeline); concurrent commits of one workbook create each record once; the 409 in plain words.
 */

let t: TTestApp;
let clerk: string;
let reader: string;
let supervisor: string;
let office: number;

const today = () => isoDateIn(new Date(t.clock.now()));
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const headers = [
  'Code',
  'Sex',
  'Family name (Latin)',
  'Given name (Latin)',
  'Date of birth',
  'Head office',
  'Notes',
];

/** A child row: no code, female, born 4 years ago, in the plan office. */
const row = (given: string, extra: Partial<Record<'code' | 'sex' | 'notes', string>> = {}) => [
  extra.code ?? null,
  extra.sex ?? 'female',
  'Plan',
  given,
  yearsBefore(today(), 4),
  'HO-PLAN',
  extra.notes ?? null,
];

const workbookOf = async (...rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Children');
  [headers, ...rows].forEach((values, index) => {
    sheet.getRow(index + 1).values = values as ExcelJS.CellValue[];
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const workbookOfHeaders = async (header: string[], ...rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Children');
  [header, ...rows].forEach((values, index) => {
    sheet.getRow(index + 1).values = values as ExcelJS.CellValue[];
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const dryRun = async (bytes: Buffer, token = clerk) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/children/dry-run',
    ...(() => {
      const body = multipart([file('children.xlsx', bytes)]);
      return {
        payload: body.payload,
        headers: { authorization: `Bearer ${token}`, locale: 'en', ...body.headers },
      };
    })(),
  });
const commit = (payload: Record<string, unknown>, token = clerk, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/upload/children/commit',
    payload,
    headers: { authorization: `Bearer ${token}`, locale },
  });

/** The review list's open pairs (`GET /child-infos/duplicates`), as a supervisor sees them. */
const listedPairs = async () => {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/child-infos/duplicates?take=100',
    headers: { authorization: `Bearer ${supervisor}`, locale: 'en' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { a: { id: number }; b: { id: number }; score: number; reasons: string[] }[];
};
const pairOf = (pairs: Awaited<ReturnType<typeof listedPairs>>, one: number, other: number) =>
  pairs.find((pair) => pair.a.id === Math.min(one, other) && pair.b.id === Math.max(one, other));

const named = (given: string) =>
  t.app.db.select().from(childInfos).where(eq(childInfos.givenNameEn, given)).orderBy(childInfos.id);

/** A child kept before the import, straight in the table. */
const keep = async (given: string, notes: string | null = null) => {
  const [child] = await t.app.db
    .insert(childInfos)
    .values({
      code: `CH-PLAN-${given.toUpperCase()}`,
      familyNameEn: 'Plan',
      givenNameEn: given,
      sex: 'female',
      dateOfBirth: yearsBefore(today(), 4),
      headOfficeId: office,
      status: 'registered',
      notes,
    })
    .returning();
  return child;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('clerk', [
    'adoptive_children:read',
    'adoptive_children:write',
    'adoptive_children:update',
  ]);
  await t.createUser('reader', ['adoptive_children:read']);
  clerk = (await t.signIn('clerk', userPassword)).accessToken;
  reader = (await t.signIn('reader', userPassword)).accessToken;
  await t.createUser('supervisor', ['adoptive_children:read', 'adoptive_children:merge']);
  supervisor = (await t.signIn('supervisor', userPassword)).accessToken;
  const [province] = await t.app.db.select().from(provinces).orderBy(provinces.code).limit(1);
  [{ id: office }] = await t.app.db
    .insert(headOffices)
    .values({
      code: 'HO-PLAN',
      name: { kh: 'ការិយាល័យផែនការ', en: 'Plan office' },
      class: 'provincial',
      provinceId: province.id,
    })
    .returning({ id: headOffices.id });
});

afterAll(async () => {
  await t?.close();
});

describe('the plan of a dry run', () => {
  it('says per row what the commit will do: create, update by code, unchanged, duplicate of a record or of a row', async () => {
    const changed = await keep('Changed');
    const same = await keep('Same', 'as kept');
    const lookalike = await keep('Lookalike', 'kept notes');
    const response = await dryRun(
      await workbookOf(
        row('Brand New'),
        row('Changed', { code: changed.code, notes: 'new notes' }),
        row('Same', { code: same.code, notes: 'as kept' }),
        // No code, every identity field of a kept child, another note: never an update.
        row('Lookalike', { notes: 'the row says otherwise' }),
        row('Brand New'),
        // No code, equal in every column to a kept child: nothing to do.
        row('Same', { notes: 'as kept' }),
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    expect(data.errors).toEqual([]);
    expect(data.plan).toEqual([
      { row: 2, action: 'create' },
      { row: 3, action: 'update', code: changed.code },
      { row: 4, action: 'unchanged', code: same.code },
      {
        row: 5,
        action: 'duplicate',
        duplicates: [expect.objectContaining({ id: lookalike.id, code: lookalike.code, score: 1 })],
      },
      { row: 6, action: 'duplicate', sameAsRow: 2 },
      { row: 7, action: 'unchanged', code: same.code },
    ]);
    expect(data.counts).toEqual({ create: 1, update: 1, unchanged: 2, duplicate: 2 });

    // The commit does that and only that: the duplicates are skipped, the look-alike untouched.
    const committed = await commit({ token: data.token });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json().data).toEqual({
      created: [expect.stringMatching(/^CH-/)],
      updated: [changed.code],
      unchanged: 2,
      skipped: [5, 6],
    });
    expect(await named('Brand New')).toHaveLength(1);
    const [after] = await named('Lookalike');
    expect(after).toMatchObject({ notes: 'kept notes', version: lookalike.version });
    expect((await named('Changed'))[0].notes).toBe('new notes');
  });

  it('finds a likely duplicate written another way (the duplicate engine: Sokh for Sok, the Khmer name alike)', async () => {
    const [kept] = await t.app.db
      .insert(childInfos)
      .values({
        code: 'CH-PLAN-SOK',
        familyNameKh: 'សុខ',
        givenNameKh: 'ដារា',
        familyNameEn: 'Sok',
        givenNameEn: 'Dara',
        sex: 'male',
        dateOfBirth: yearsBefore(today(), 6),
        headOfficeId: office,
        status: 'registered',
      })
      .returning();
    // A child whose date of birth was guessed: a row born within a year of it may be the same.
    const [guessed] = await t.app.db
      .insert(childInfos)
      .values({
        code: 'CH-PLAN-GUESSED',
        familyNameKh: 'កែវ',
        givenNameKh: 'ចន្ទា',
        familyNameEn: 'Keo',
        givenNameEn: 'Chanda',
        sex: 'female',
        dateOfBirth: yearsBefore(today(), 7),
        dateOfBirthEstimated: true,
        headOfficeId: office,
        status: 'registered',
      })
      .returning();
    const bytes = await workbookOfHeaders(
      [
        'Sex',
        'Family name (Khmer)',
        'Given name (Khmer)',
        'Family name (Latin)',
        'Given name (Latin)',
        'Date of birth',
        'Head office',
      ],
      ['male', 'សុខ', 'ដារា', 'Sokh', 'Dara', yearsBefore(today(), 6), 'HO-PLAN'],
      ['male', 'ចាន់', 'សុភា', 'Chan', 'Sophea', yearsBefore(today(), 6), 'HO-PLAN'],
      ['female', 'កែវ', 'ចន្ទា', 'Keo', 'Chanda', addDays(yearsBefore(today(), 7), 200), 'HO-PLAN'],
      // The same names two years apart: another child.
      ['female', 'កែវ', 'ចន្ទា', 'Keo', 'Chanda', yearsBefore(today(), 9), 'HO-PLAN'],
    );
    const { data } = (await dryRun(bytes)).json();
    expect(data.plan).toEqual([
      {
        row: 2,
        action: 'duplicate',
        duplicates: [
          expect.objectContaining({
            id: kept.id,
            code: 'CH-PLAN-SOK',
            reasons: expect.arrayContaining(['sameDateOfBirth', 'similarNameKh', 'similarNameEn']),
          }),
        ],
      },
      { row: 3, action: 'create' },
      {
        row: 4,
        action: 'duplicate',
        duplicates: [
          expect.objectContaining({ id: guessed.id, reasons: expect.arrayContaining(['nearDateOfBirth']) }),
        ],
      },
      { row: 5, action: 'create' },
    ]);
    expect(data.plan[0].duplicates[0].score).toBeGreaterThanOrEqual(0.8);
    expect(data.counts).toEqual({ create: 2, update: 0, unchanged: 0, duplicate: 2 });

    // The dry run asks the engine in batches: for any set of candidates the batched answer is the
    // single call's, candidate by candidate (partial ones, no sex, a guessed date, a stored record).
    const body = (
      sex: string | null,
      kh: [string, string] | null,
      en: [string, string] | null,
      born?: string,
    ) => ({
      ...(sex ? { sex } : {}),
      ...(kh ? { familyNameKh: kh[0], givenNameKh: kh[1] } : {}),
      ...(en ? { familyNameEn: en[0], givenNameEn: en[1] } : {}),
      ...(born ? { dateOfBirth: born } : {}),
    });
    const candidates: Record<string, unknown>[] = [
      body('male', ['សុខ', 'ដារា'], ['Sokh', 'Dara'], yearsBefore(today(), 6)),
      body('male', ['ចាន់', 'សុភា'], ['Chan', 'Sophea'], yearsBefore(today(), 6)),
      body('female', ['កែវ', 'ចន្ទា'], ['Keo', 'Chanda'], addDays(yearsBefore(today(), 7), 200)),
      body('female', null, ['Keo', 'Chanda'], yearsBefore(today(), 9)),
      {
        ...body('female', null, ['Keo', 'Chanda'], addDays(yearsBefore(today(), 7), -100)),
        dateOfBirthEstimated: true,
      },
      body(null, null, ['Sok', 'Dara']),
      body('female', null, ['Plan', 'Twin'], yearsBefore(today(), 4)),
      body('female', null, null, yearsBefore(today(), 4)),
      { ...kept, dateOfBirth: String(kept.dateOfBirth) },
    ];
    const options = { actor: { officeScope: null }, floor: 0.3, limit: 20 };
    const batched = await findDuplicatesMany(t.app.db, 'child', candidates, options);
    const single = await Promise.all(
      candidates.map((candidate) => findDuplicates(t.app.db, 'child', candidate, options)),
    );
    expect(batched).toEqual(single);
    expect(batched.filter((matches) => matches.length > 0).length).toBeGreaterThanOrEqual(5);
    // A stored record's own row is left out as `excludeIds` leaves it out.
    const [own] = await findDuplicatesMany(t.app.db, 'child', [kept], { ...options, excludeOwnId: true });
    expect(own).toEqual(await findDuplicates(t.app.db, 'child', kept, { ...options, excludeIds: [kept.id] }));
    expect(own.some((match) => match.id === kept.id)).toBe(false);
  });

  it('creates a duplicate named in createAnyway, with the reason on its timeline; a reason is required', async () => {
    const twin = await keep('Twin Sister');
    const checked = (await dryRun(await workbookOf(row('Twin Sister', { notes: 'the other twin' })))).json()
      .data;
    expect(checked.plan).toEqual([
      { row: 2, action: 'duplicate', duplicates: [expect.objectContaining({ id: twin.id })] },
    ]);
    // Without a reason, or naming a row that is no duplicate: refused, the token kept.
    const noReason = await commit({ token: checked.token, createAnyway: [2] });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual(['reason is required.']);
    const notDuplicate = await commit({ token: checked.token, createAnyway: [2, 9], reason: 'twins' });
    expect(notDuplicate.statusCode).toBe(400);
    expect(notDuplicate.json().message).toMatch(/not row\(s\) 9/);

    const done = await commit({
      token: checked.token,
      createAnyway: [2],
      reason: 'Twins, born the same day.',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ created: [expect.any(String)], skipped: [] });
    const created = (await named('Twin Sister')).find((child) => child.id !== twin.id);
    expect(created?.notes).toBe('the other twin');
    // The pair is kept as dismissed, with the reason: the review list does not offer it again.
    const [pair] = await t.app.db
      .select()
      .from(duplicatePairs)
      .where(
        and(
          eq(duplicatePairs.kind, 'child'),
          eq(duplicatePairs.aId, Math.min(twin.id, created?.id ?? 0)),
          eq(duplicatePairs.bId, Math.max(twin.id, created?.id ?? 0)),
        ),
      );
    expect(pair).toMatchObject({ dismissReason: 'Twins, born the same day.', dismissedAt: expect.any(Date) });
    expect(pairOf(await listedPairs(), twin.id, created?.id ?? 0)).toBeUndefined();
    const timeline = await t.app.inject({
      method: 'GET',
      url: `/api/v1/child-infos/timeline/${created?.id}`,
      headers: { authorization: `Bearer ${clerk}`, locale: 'en' },
    });
    expect(timeline.statusCode, timeline.body).toBe(200);
    expect(timeline.json().data).toContainEqual(
      expect.objectContaining({
        action: 'notDuplicate',
        payload: { reason: 'Twins, born the same day.', notDuplicateOf: [twin.code] },
      }),
    );
  });

  it('lists the pair of a created record like a kept one, below the refusal threshold (the review list)', async () => {
    const kept = await keep('Sopheap');
    // Names 0.56 alike, born the same day: a pair for the review list, not a likely duplicate.
    const { score } = (
      await findDuplicates(
        t.app.db,
        'child',
        { ...kept, givenNameEn: 'Sophal' },
        {
          actor: { officeScope: null },
        },
      )
    ).find((match) => match.id === kept.id) ?? { score: 0 };
    expect(score).toBeGreaterThanOrEqual(pairFloor);
    expect(score).toBeLessThan(0.8);
    const checked = (await dryRun(await workbookOf(row('Sophal')))).json().data;
    expect(checked.plan).toEqual([{ row: 2, action: 'create' }]);
    const done = await commit({ token: checked.token });
    expect(done.statusCode, done.body).toBe(200);
    const [created] = await named('Sophal');
    expect(pairOf(await listedPairs(), kept.id, created.id)).toMatchObject({
      score,
      reasons: expect.arrayContaining(['sameDateOfBirth', 'similarNameEn']),
    });
  });

  it('refuses the commit of a row whose record was added since the check, saying the row once', async () => {
    const checked = (await dryRun(await workbookOf(row('Added Meanwhile')))).json().data;
    expect(checked.plan).toEqual([{ row: 2, action: 'create' }]);
    const meanwhile = await keep('Added Meanwhile');
    const refused = await commit({ token: checked.token });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().errors).toEqual([
      `row 2: this record was added since the check (${meanwhile.code}): check the workbook again.`,
    ]);
    const khmer = await commit({ token: checked.token }, clerk, 'kh');
    expect(khmer.json().errors).toEqual([expect.stringMatching(/^ជួរ 2៖ កំណត់ត្រានេះ/)]);
    expect(await named('Added Meanwhile')).toHaveLength(1);
  });

  it('creates each record once when five checks of one workbook are committed at once', async () => {
    const bytes = await workbookOf(row('Concurrent A'), row('Concurrent B'));
    const checks = [];
    for (let index = 0; index < 5; index += 1) checks.push((await dryRun(bytes)).json().data.token);
    const answers = await Promise.all(checks.map((token) => commit({ token })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(await named('Concurrent A')).toHaveLength(1);
    expect(await named('Concurrent B')).toHaveLength(1);
  });

  it('is refused to whoever may not import', async () => {
    expect((await dryRun(await workbookOf(row('Refused')), reader)).statusCode).toBe(403);
    expect((await commit({ token: 'x'.repeat(32), createAnyway: [2], reason: 'r' }, reader)).statusCode).toBe(
      403,
    );
  });
});
