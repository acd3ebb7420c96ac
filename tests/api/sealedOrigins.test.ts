import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../server/db/client';
import {
  accessLog,
  adoptiveMatchings,
  childInfos,
  headOffices,
  originOpenings,
  provinces,
  users,
} from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { originFields } from '../../src/domain/sealedOrigins';
import { file, multipart } from './support/multipart';
import { insertChild, insertCompletedMatching, insertMatching } from './support/recordFixtures';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Sealed origins (issue 27): once a matching completes, its child's birthplace, birth family and
 * origin documents are absent from every answer to a reader who has not opened them; a holder of
 * `sealed_records:read` opens them for 30 minutes with a reason, logged on the access log and the
 * child's timeline; the migration seals the children adopted before it.
 */
let t: TTestApp;
let today: string;
let office: number;
let otherOffice: number;
let province: { id: number; name: { kh: string; en: string } };
let pdf: Buffer;
const tokens = {} as Record<'caseworker' | 'officer' | 'supervisor' | 'kampot' | 'admin', string>;
const ids = {} as Record<'sealed' | 'open' | 'walked' | 'originDoc' | 'plainDoc' | 'officer', number>;

const call = (
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
  locale = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...t.bearer(token), locale },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const dataOf = async (url: string, token: string) => {
  const response = await call('GET', url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const upload = async (childId: number, title: string, origin: boolean) => {
  const body = multipart([
    file(`${title}.pdf`, pdf, 'file', 'application/pdf'),
    { field: 'title', value: title },
    { field: 'origin', value: String(origin) },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/child-infos/upload-file/${childId}`,
    payload: body.payload,
    headers: { ...t.bearer(tokens.admin), ...body.headers },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; origin: boolean };
};
const open = (childId: number, token: string, reason?: string, locale = 'en') =>
  call(
    'PATCH',
    `/child-infos/open-origins/${childId}`,
    token,
    reason === undefined ? {} : { reason },
    locale,
  );
const hasNoOrigins = (row: Record<string, unknown>) => {
  for (const field of originFields) expect(row, field).not.toHaveProperty(field);
};

beforeAll(async () => {
  const document = await PDFDocument.create();
  document.addPage([200, 200]);
  pdf = Buffer.from(await document.save());
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  [province] = await t.app.db.select({ id: provinces.id, name: provinces.name }).from(provinces).limit(1);
  office = await t.createHeadOffice('HO-SEAL');
  [{ id: otherOffice }] = await t.app.db
    .insert(headOffices)
    .values({ code: 'HO-SEAL-P', name: { kh: 'P', en: 'P' }, class: 'provincial', provinceId: province.id })
    .returning({ id: headOffices.id });
  const read = ['adoptive_children:read', 'adoptive_children:update', 'matchings:read'];
  await t.createUser('caseworker', read);
  ids.officer = (await t.createUser('officer', [...read, 'sealed_records:read', 'audit_logs:read'])).id;
  await t.createUser('supervisor', ['matchings:read', 'matchings:update', 'matchings:approve', ...read]);
  await t.createUser('kampot', [...read, 'sealed_records:read']);
  await t.app.db.update(users).set({ headOfficeId: otherOffice }).where(eq(users.username, 'kampot'));
  for (const name of ['caseworker', 'officer', 'supervisor', 'kampot', 'admin'] as const)
    tokens[name] = (await t.signIn(name, name === 'admin' ? adminPassword : userPassword)).accessToken;
  const options = { prefix: 'SO', today };
  const birth = { birthProvinceId: province.id, familyNameEn: 'Sok', givenNameEn: 'Dara' };
  // One child adopted (sealed by its matching's completion), one still in care; both with a birth
  // family, the first with an origin document and another.
  ids.sealed = (
    await insertChild(t.app.db, { headOfficeId: office, status: 'adopted', ...birth }, options)
  ).id;
  ids.open = (await insertChild(t.app.db, { headOfficeId: office, ...birth }, options)).id;
  for (const id of [ids.sealed, ids.open]) {
    const family = await call('POST', `/child-infos/family/${id}`, tokens.admin, {
      father: { familyName: 'Vannak', givenName: 'Father', vitalStatus: 'alive' },
    });
    expect(family.statusCode, family.body).toBe(201);
  }
  ids.originDoc = (await upload(ids.sealed, 'birth-certificate', true)).id;
  ids.plainDoc = (await upload(ids.sealed, 'school-report', false)).id;
  // Several at once, marked together (the documents card's 'Origin document' box).
  const several = multipart([
    { field: 'origin', value: 'true' },
    file('passport-page.pdf', pdf, 'files', 'application/pdf'),
  ]);
  const added = await t.app.inject({
    method: 'POST',
    url: `/api/v1/child-infos/upload-files/${ids.sealed}`,
    payload: several.payload,
    headers: { ...t.bearer(tokens.admin), ...several.headers },
  });
  expect(added.statusCode, added.body).toBe(200);
  expect(added.json().data).toEqual([expect.objectContaining({ origin: true })]);
  await insertCompletedMatching(
    t.app.db,
    { headOfficeId: office, childId: ids.sealed, completedOn: today },
    options,
  );
});

afterAll(async () => {
  await t?.close();
});

describe('a sealed child to a caseworker', () => {
  it('is answered with sealed: true and without its birthplace: get, list, export', async () => {
    const child = await dataOf(`/child-infos/${ids.sealed}`, tokens.caseworker);
    expect(child).toMatchObject({ sealed: true, familyNameEn: 'Sok' });
    expect(child.sealedAt).toEqual(expect.any(String));
    hasNoOrigins(child);
    // The child still in care keeps its birthplace.
    const open = await dataOf(`/child-infos/${ids.open}`, tokens.caseworker);
    expect(open).toMatchObject({ sealed: false, birthProvinceId: province.id });

    const list = await dataOf('/child-infos?take=50&search=Sok', tokens.caseworker);
    const row = list.find((item: { id: number }) => item.id === ids.sealed);
    expect(row).toMatchObject({ sealed: true });
    hasNoOrigins(row);
    // A search by birthplace does not find the sealed child.
    const byPlace = await dataOf(`/child-infos?take=50&provinceId=${province.id}`, tokens.caseworker);
    expect(byPlace.map((item: { id: number }) => item.id)).toEqual([ids.open]);

    const exported = await call('GET', '/child-infos/export?format=xlsx&sort=code', tokens.caseworker);
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    const provinceColumn = headings.indexOf('Province') + 1;
    expect(provinceColumn).toBeGreaterThan(0);
    const cells = new Map<string, unknown>();
    sheet.eachRow((line, n) => {
      if (n > 1) cells.set(String(line.getCell(1).value), line.getCell(provinceColumn).value);
    });
    const [sealedCode] = await t.app.db
      .select({ code: childInfos.code })
      .from(childInfos)
      .where(eq(childInfos.id, ids.sealed));
    expect(cells.get(sealedCode.code) ?? '').toBe('');
    expect(cells.size).toBe(2);
    expect([...cells.values()]).toContain(province.name.en);
  });

  it('keeps the birth family (403, both languages) and the origin documents from them', async () => {
    const family = await call('GET', `/child-infos/family/${ids.sealed}`, tokens.caseworker);
    expect(family.statusCode).toBe(403);
    expect(family.json().message).toMatch(/origins of this child are sealed/);
    const khmer = await call('GET', `/child-infos/family/${ids.sealed}`, tokens.caseworker, undefined, 'kh');
    expect(khmer.statusCode).toBe(403);
    expect(khmer.json().message).toMatch(/ប្រភពដើម/);
    // Nor may it be changed blind.
    const patched = await call('PATCH', `/child-infos/family/${ids.sealed}`, tokens.caseworker, {
      version: 1,
      contactNotes: 'x',
    });
    expect(patched.statusCode).toBe(403);
    expect((await call('GET', `/child-infos/family/${ids.open}`, tokens.caseworker)).statusCode).toBe(200);

    const documents = await dataOf(`/child-infos/files/${ids.sealed}`, tokens.caseworker);
    expect(documents).toEqual([expect.objectContaining({ id: ids.plainDoc, origin: false })]);
    expect((await call('GET', `/child-infos/file/${ids.originDoc}`, tokens.caseworker)).statusCode).toBe(403);
    expect((await call('GET', `/child-infos/file/${ids.plainDoc}`, tokens.caseworker)).statusCode).toBe(200);
  });

  it('tells neither the report of one record nor the timeline its origins', async () => {
    const report = await call('GET', `/record-reports/child/${ids.sealed}`, tokens.caseworker);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.body).not.toContain('birthProvince');
    expect(report.body).not.toContain('Vannak');
    const timeline = await dataOf(`/child-infos/timeline/${ids.sealed}`, tokens.caseworker);
    const text = JSON.stringify(timeline);
    expect(text).not.toContain('Vannak');
    expect(text).not.toContain('birth-certificate');
    expect(text).not.toContain('passport-page');
    expect(text).toContain('school-report');
  });

  it('does not change its origins through an edit of the record', async () => {
    const child = await dataOf(`/child-infos/${ids.sealed}`, tokens.caseworker);
    const edited = await call('PATCH', `/child-infos/${ids.sealed}`, tokens.caseworker, {
      version: child.version,
      notes: 'Seen at school',
      birthProvinceId: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [stored] = await t.app.db
      .select({ birthProvinceId: childInfos.birthProvinceId, notes: childInfos.notes })
      .from(childInfos)
      .where(eq(childInfos.id, ids.sealed));
    expect(stored).toEqual({ birthProvinceId: province.id, notes: 'Seen at school' });
  });
});

describe('opening the origins', () => {
  it('needs sealed_records:read, a written reason, a child in scope that is sealed', async () => {
    expect((await open(ids.sealed, tokens.caseworker, 'Court order 12')).statusCode).toBe(403);
    const blank = await open(ids.sealed, tokens.officer, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0]).toMatch(/^reason/);
    const khmer = await open(ids.sealed, tokens.officer, undefined, 'kh');
    expect(khmer.statusCode).toBe(400);
    expect(khmer.json().errors[0]).toMatch(/^reason/);
    // Another office's child does not exist for a provincial officer.
    expect((await open(ids.sealed, tokens.kampot, 'Court order 12')).statusCode).toBe(404);
    expect((await open(999_999, tokens.officer, 'Court order 12')).statusCode).toBe(404);
    expect((await open(ids.open, tokens.officer, 'Court order 12')).statusCode).toBe(409);
    expect(await t.app.db.select().from(originOpenings)).toEqual([]);
  });

  it('shows them to that user only, for 30 minutes, logged with its reason', async () => {
    // Holders too see nothing until they open.
    hasNoOrigins(await dataOf(`/child-infos/${ids.sealed}`, tokens.officer));
    const opened = await open(ids.sealed, tokens.officer, 'Court order 12: the child asks for her file');
    expect(opened.statusCode, opened.body).toBe(200);
    const { expiresAt, openedAt } = opened.json().data;
    expect(Date.parse(expiresAt) - Date.parse(openedAt)).toBe(30 * 60_000);

    const child = await dataOf(`/child-infos/${ids.sealed}`, tokens.officer);
    expect(child).toMatchObject({
      sealed: true,
      birthProvinceId: province.id,
      birthProvince: { id: province.id },
      originsOpenUntil: expiresAt,
    });
    expect((await dataOf(`/child-infos/family/${ids.sealed}`, tokens.officer)).father).toMatchObject({
      familyName: 'Vannak',
    });
    const documents = await dataOf(`/child-infos/files/${ids.sealed}`, tokens.officer);
    expect(documents).toHaveLength(3);
    expect((await call('GET', `/child-infos/file/${ids.originDoc}`, tokens.officer)).statusCode).toBe(200);
    // Lists stay without them (an opening is for the record's page).
    const list = await dataOf('/child-infos?take=50&search=Sok', tokens.officer);
    hasNoOrigins(list.find((item: { id: number }) => item.id === ids.sealed));
    // The caseworker still sees nothing.
    hasNoOrigins(await dataOf(`/child-infos/${ids.sealed}`, tokens.caseworker));
    expect((await call('GET', `/child-infos/family/${ids.sealed}`, tokens.caseworker)).statusCode).toBe(403);

    // The access log and the child's timeline (for every reader) carry who, when and why.
    const [logged] = await t.app.db
      .select()
      .from(accessLog)
      .where(
        and(eq(accessLog.entityId, ids.sealed), eq(accessLog.userId, ids.officer), sql`reason is not null`),
      );
    expect(logged.reason).toBe('Court order 12: the child asks for her file');
    for (const token of [tokens.caseworker, tokens.officer]) {
      const timeline = await dataOf(`/child-infos/timeline/${ids.sealed}`, token);
      expect(timeline).toContainEqual(
        expect.objectContaining({
          kind: 'access',
          action: 'open-origins',
          user: { id: ids.officer, name: 'User officer' },
          payload: { reason: 'Court order 12: the child asks for her file' },
        }),
      );
    }

    // Past its 30 minutes, sealed again.
    await t.app.db
      .update(originOpenings)
      .set({ expiresAt: new Date(t.clock.now() - 1000) })
      .where(eq(originOpenings.childId, ids.sealed));
    hasNoOrigins(await dataOf(`/child-infos/${ids.sealed}`, tokens.officer));
    expect((await call('GET', `/child-infos/family/${ids.sealed}`, tokens.officer)).statusCode).toBe(403);
    expect((await call('GET', `/child-infos/file/${ids.originDoc}`, tokens.officer)).statusCode).toBe(403);
  });
});

describe('sealing', () => {
  it('seals the child when its matching completes through the workflow', async () => {
    const matching = await insertMatching(
      t.app.db,
      {
        headOfficeId: office,
        status: 'keepRequested',
        child: { birthProvinceId: province.id },
        lastStepDate: today,
      },
      { prefix: 'SO', today },
    );
    ids.walked = matching.childId;
    expect(await dataOf(`/child-infos/${ids.walked}`, tokens.caseworker)).toMatchObject({
      sealed: false,
      birthProvinceId: province.id,
    });
    const done = await call(
      'PATCH',
      `/adoptive-matching/child-keep-approve/${matching.id}`,
      tokens.supervisor,
      {
        date: today,
        version: 1,
      },
    );
    expect(done.statusCode, done.body).toBe(200);
    const child = await dataOf(`/child-infos/${ids.walked}`, tokens.caseworker);
    expect(child).toMatchObject({ status: 'adopted', sealed: true });
    hasNoOrigins(child);
  });

  it("seals, by the migration's backfill, the children adopted before it", async () => {
    const before = await insertCompletedMatching(
      t.app.db,
      { headOfficeId: office, completedOn: '2025-03-01' },
      { prefix: 'SO', today },
    );
    // As written before the migration: no seal.
    await t.app.db.update(childInfos).set({ sealedAt: null }).where(eq(childInfos.id, before.childId));
    const migration = readFileSync(path.join(migrationsFolder, '0027_sealed_origins.sql'), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) =>
        statement
          .trim()
          .replace(/^(--.*\n)+/, '')
          .trim(),
      )
      .filter((statement) => statement.startsWith('UPDATE'));
    expect(backfill).toHaveLength(1);
    await t.app.db.execute(sql.raw(backfill[0]));
    const [sealed] = await t.app.db
      .select({ sealedAt: childInfos.sealedAt })
      .from(childInfos)
      .where(eq(childInfos.id, before.childId));
    // From the day it completed, in Phnom Penh.
    expect(sealed.sealedAt?.toISOString()).toBe('2025-02-28T17:00:00.000Z');
    const [matching] = await t.app.db
      .select({ status: adoptiveMatchings.status })
      .from(adoptiveMatchings)
      .where(eq(adoptiveMatchings.id, before.id));
    expect(matching.status).toBe('completed');
  });
});

describe('marking a document kept already as an origin document', () => {
  it('hides it once the adoption completes; only a reader who sees it unmarks it; audited', async () => {
    const options = { prefix: 'SO', today };
    const childId = (
      await insertChild(t.app.db, { headOfficeId: office, birthProvinceId: province.id }, options)
    ).id;
    // Uploaded before sealing existed: not marked.
    const kept = await upload(childId, 'old-birth-certificate', false);
    expect(kept.origin).toBe(false);
    await t.createUser('reader', ['adoptive_children:read']);
    const reader = (await t.signIn('reader', userPassword)).accessToken;
    const mark = (documentId: number, token: string, body: unknown, locale = 'en') =>
      call('PATCH', `/child-infos/document-origin/${documentId}`, token, body, locale);

    // In the OpenAPI document, with its body.
    const openApi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const documented = openApi.paths['/api/v1/child-infos/document-origin/{documentId}']?.patch;
    expect(documented?.requestBody?.content?.['application/json']?.schema?.required).toEqual(['origin']);
    // Bad bodies: 400 with a message on the field, in the request's language.
    for (const locale of ['en', 'kh']) {
      const bad = await mark(kept.id, tokens.caseworker, { origin: 'yes' }, locale);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().errors[0]).toMatch(/^origin/);
    }
    expect((await mark(kept.id, tokens.caseworker, {})).statusCode).toBe(400);
    // Without adoptive_children:update: 403; another office's document: 404; none at all: 404.
    expect((await mark(kept.id, reader, { origin: true })).statusCode).toBe(403);
    expect((await mark(kept.id, tokens.kampot, { origin: true })).statusCode).toBe(404);
    expect((await mark(999_999, tokens.caseworker, { origin: true })).statusCode).toBe(404);
    // A stale version: 409.
    expect((await mark(kept.id, tokens.caseworker, { origin: true, version: 7 })).statusCode).toBe(409);

    const marked = await mark(kept.id, tokens.caseworker, { origin: true, version: 1 });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data).toMatchObject({ id: kept.id, origin: true, version: 2 });
    // The file is the same file (downloaded as before).
    expect((await call('GET', `/child-infos/file/${kept.id}`, tokens.caseworker)).statusCode).toBe(200);
    const timeline = await dataOf(`/child-infos/timeline/${childId}`, tokens.caseworker);
    expect(timeline).toContainEqual(
      expect.objectContaining({
        entity: 'child_documents',
        action: 'mark-origin',
        about: 'document',
        subject: expect.objectContaining({ title: 'old-birth-certificate', origin: true }),
      }),
    );

    // The adoption completes: the document is sealed with the origins.
    await insertCompletedMatching(t.app.db, { headOfficeId: office, childId, completedOn: today }, options);
    expect(await dataOf(`/child-infos/files/${childId}`, tokens.caseworker)).toEqual([]);
    const download = await call('GET', `/child-infos/file/${kept.id}`, tokens.caseworker);
    expect(download.statusCode).toBe(403);
    // Nobody unmarks what they may not see: the same 403 as its download.
    const unmark = await mark(kept.id, tokens.caseworker, { origin: false });
    expect(unmark.statusCode).toBe(403);
    expect(unmark.json().message).toBe(download.json().message);
    // Nor removes it (its check reads inside the removal's transaction).
    expect((await call('DELETE', `/child-infos/remove-file/${kept.id}`, tokens.caseworker)).statusCode).toBe(
      403,
    );
    const hidden = JSON.stringify(await dataOf(`/child-infos/timeline/${childId}`, tokens.caseworker));
    expect(hidden).not.toContain('old-birth-certificate');

    // A holder with an opening may: the document is readable to all again, and the timeline says so.
    expect((await open(childId, tokens.officer, 'Correction: not an origin document')).statusCode).toBe(200);
    const unmarked = await mark(kept.id, tokens.officer, { origin: false, version: 2 });
    expect(unmarked.statusCode, unmarked.body).toBe(200);
    expect(unmarked.json().data).toMatchObject({ origin: false, version: 3 });
    expect((await call('GET', `/child-infos/file/${kept.id}`, tokens.caseworker)).statusCode).toBe(200);
    expect(await dataOf(`/child-infos/timeline/${childId}`, tokens.caseworker)).toContainEqual(
      expect.objectContaining({
        action: 'unmark-origin',
        user: { id: ids.officer, name: 'User officer' },
        subject: expect.objectContaining({ title: 'old-birth-certificate', origin: false }),
      }),
    );
  });
});
