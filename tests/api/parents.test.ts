import { and, count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attachments,
  auditLog,
  headOffices,
  provinces,
  statusHistory,
  systemSettings,
  users,
} from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { addDays } from '../../src/domain/serviceSchedule';
import { checklistDateKey, checklistItems } from '../../src/domain/resources/parent';
import { file, multipart } from './support/multipart';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Parent applications (issue 12): CRUD with the caseworker's rules, search by either applicant in
 * either script, filters, the household, documents on the attachments engine, stale versions, the
 * workflow's default approval end, the export, the office scope and who is refused what.
 */
const all = [
  'adoptive_parents:read',
  'adoptive_parents:write',
  'adoptive_parents:update',
  'adoptive_parents:delete',
];

let t: TTestApp;
let today: string;
let national: number;
let battambang: number;
let kampot: number;
let pdf: Buffer;
const tokens = {} as Record<'caseworker' | 'provincial' | 'reader' | 'admin', string>;

const headers = (token: string, locale = 'en') => ({ ...t.bearer(token), locale });
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  token = tokens.caseworker,
) => t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token), payload: payload as object });

const office = async (code: string, kind: 'national' | 'provincial') => {
  const [province] = await t.app.db.select({ id: provinces.id }).from(provinces).limit(1);
  const [row] = await t.app.db
    .insert(headOffices)
    .values({ code, name: { kh: code, en: code }, class: kind, provinceId: province.id })
    .returning({ id: headOffices.id });
  return row.id;
};

/**
 * Each application made here is another couple (issue 35 refuses a likely duplicate): its
 * applicants are born a day apart from the last one's, with their own ID number.
 */
let made = 0;

/** A couple's application as the form sends it. */
const couple = (over: Record<string, unknown> = {}) => {
  made += 1;
  return {
    applicantType: 'couple',
    applicant1FamilyNameKh: 'សុខ',
    applicant1GivenNameKh: 'វិបុល',
    applicant1FamilyNameEn: 'Sok',
    applicant1GivenNameEn: 'Vibol',
    applicant1Sex: 'male',
    applicant1DateOfBirth: addDays(yearsBefore(today, 40), -made),
    applicant1IdNumber: `0102${String(made).padStart(5, '0')}`,
    applicant2FamilyNameKh: 'ចាន់',
    applicant2GivenNameKh: 'សុភា',
    applicant2FamilyNameEn: 'Chan',
    applicant2GivenNameEn: 'Sophea',
    applicant2Sex: 'female',
    applicant2DateOfBirth: addDays(yearsBefore(today, 36), -made),
    headOfficeId: national,
    applicationDate: today,
    preferredSex: 'any',
    ageFrom: 2,
    ageTo: 8,
    childrenCount: 1,
    disabilityAccepted: 'no',
    acceptedDisabilityIds: [],
    ...over,
  };
};

/** Every assessment checklist item done on `day`: an application one user may accept (issue 35). */
const checklistOn = (day: string) =>
  Object.fromEntries(checklistItems.map((item) => [checklistDateKey(item), day]));

const create = async (over: Record<string, unknown> = {}, token = tokens.caseworker) => {
  const response = await call('POST', '/parent-infos', couple(over), token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Record<string, unknown> & { id: number; version: number; code: string };
};

const codes = async (query: string, token = tokens.caseworker) => {
  const response = await call('GET', `/parent-infos?take=100${query}`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { code: string }[]).map((row) => row.code).sort();
};

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  national = await office('HO-NAT', 'national');
  battambang = await office('HO-BTB', 'provincial');
  kampot = await office('HO-KPT', 'provincial');
  const caseworker = await t.createUser('caseworker', all);
  await t.app.db.update(users).set({ headOfficeId: national }).where(eq(users.id, caseworker.id));
  const provincial = await t.createUser('provincial', all);
  await t.app.db.update(users).set({ headOfficeId: battambang }).where(eq(users.id, provincial.id));
  await t.createUser('reader', ['adoptive_parents:read']);
  for (const name of ['caseworker', 'provincial', 'reader'] as const)
    tokens[name] = (await t.signIn(name, userPassword)).accessToken;
  tokens.admin = (await t.signIn('admin', 'admin-pass-123')).accessToken;
  const document = await PDFDocument.create();
  document.addPage([200, 200]).drawText('Home study');
  pdf = Buffer.from(await document.save());
}, 60_000);
afterAll(() => t?.close());

describe('parent applications', () => {
  it('creates a pending application with its code and first history row, reads, changes and refuses a stale change', async () => {
    const created = await create();
    expect(created).toMatchObject({
      code: `PA-${today.slice(0, 4)}-000001`,
      status: 'pending',
      applicantsKh: 'សុខ វិបុល & ចាន់ សុភា',
      applicantsEn: 'Sok Vibol & Chan Sophea',
      approvedUntil: null,
      version: 1,
    });
    const [history] = await t.app.db
      .select({ n: count() })
      .from(statusHistory)
      .where(and(eq(statusHistory.entity, 'parent_infos'), eq(statusHistory.entityId, created.id)));
    expect(history.n).toBe(1);

    const read = await call('GET', `/parent-infos/${created.id}`);
    expect(read.json().data.applicant2GivenNameEn).toBe('Sophea');

    const changed = await call('PATCH', `/parent-infos/${created.id}`, { ownChildren: 2, version: 1 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ ownChildren: 2, version: 2 });

    const stale = await call('PATCH', `/parent-infos/${created.id}`, { ownChildren: 3, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await call('GET', `/parent-infos/${created.id}`)).json().data.ownChildren).toBe(2);
  });

  it('holds a caseworker to the rules, in the request’s language, and saves nothing refused', async () => {
    const before = (await call('GET', '/parent-infos?take=1')).json().paginateMeta.itemCount;
    const refused = async (body: Record<string, unknown>, message: RegExp) => {
      const response = await call('POST', '/parent-infos', couple(body));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().errors.join(' ')).toMatch(message);
    };
    await refused({ applicantType: 'single' }, /single applicant's application has no second applicant/);
    await refused(
      { applicant2FamilyNameKh: null, applicant2FamilyNameEn: null },
      /Applicant 2 needs a whole name/,
    );
    await refused(
      { applicant1DateOfBirth: yearsBefore(today, 24) },
      /applicant1DateOfBirth: an applicant must be at least 25/,
    );
    await refused({ ageFrom: 9, ageTo: 3 }, /ageFrom must be less than or equal to ageTo/);
    await refused({ applicationDate: '2999-01-01' }, /applicationDate cannot be in the future/);
    await refused({ disabilityAccepted: 'named' }, /choose at least one disability/);
    await refused({ acceptedDisabilityIds: [1] }, /disabilities are named only when/);
    // The minimum age is the settings': lowered, the same applicant is accepted.
    await t.app.db.insert(systemSettings).values({ key: 'minimumAdopterAge', value: 21 });
    const younger = await call(
      'POST',
      '/parent-infos',
      couple({ applicant1DateOfBirth: yearsBefore(today, 24) }),
    );
    expect(younger.statusCode, younger.body).toBe(201);
    await t.app.db.delete(systemSettings).where(eq(systemSettings.key, 'minimumAdopterAge'));
    expect((await call('GET', '/parent-infos?take=1')).json().paginateMeta.itemCount).toBe(before + 1);

    const khmer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/parent-infos',
      headers: headers(tokens.caseworker, 'kh'),
      payload: couple({ ageFrom: 9, ageTo: 3 }),
    });
    expect(khmer.json().errors.join(' ')).toMatch(/ageFrom ត្រូវតែតិចជាង ឬស្មើ ageTo/);
  });

  it('finds an application by either applicant’s name in either script, the code or an ID number', async () => {
    const found = await create({
      applicant2FamilyNameKh: 'ម៉ៅ',
      applicant2GivenNameKh: 'ចន្ទ្រា',
      applicant2FamilyNameEn: 'Mao',
      applicant2GivenNameEn: 'Chantrea',
      applicant2IdNumber: 'N0778899',
    });
    for (const search of ['Mao Chantrea', 'ម៉ៅ ចន្ទ្រា', 'chantrea', found.code, 'N0778899'])
      expect(await codes(`&search=${encodeURIComponent(search)}`), search).toEqual([found.code]);
  });

  it('filters by status, type, approval expiring or expired, preferred sex and a child’s age', async () => {
    const single = await create({
      applicantType: 'single',
      applicant2FamilyNameKh: null,
      applicant2GivenNameKh: null,
      applicant2FamilyNameEn: null,
      applicant2GivenNameEn: null,
      applicant2Sex: null,
      applicant2DateOfBirth: null,
      preferredSex: 'female',
      ageFrom: 12,
      ageTo: 17,
      applicationDate: yearsBefore(today, 2),
      ...checklistOn(yearsBefore(today, 2)),
    });
    expect(await codes('&applicantType=single')).toContain(single.code);
    expect(await codes('&applicantType=couple')).not.toContain(single.code);
    expect(await codes('&preferredSex=female')).toEqual([single.code]);
    expect(await codes('&ageBand=12-17')).toContain(single.code);
    expect(await codes('&ageBand=0-2')).not.toContain(single.code);

    // Accepted two years ago for a year: expired. Another accepted today: holds, not expiring.
    const expired = await call('PATCH', `/parent-infos/accept-parents-adoption/${single.id}`, {
      date: yearsBefore(today, 2),
      approvedUntil: yearsBefore(today, 1),
    });
    expect(expired.statusCode, expired.body).toBe(200);
    expect(await codes('&approval=expired')).toEqual([single.code]);
    expect(await codes('&status=accepted')).toEqual([single.code]);
    expect(await codes('&approval=expiring')).toEqual([]);
    expect(await codes('&status=pending')).not.toContain(single.code);
  });

  it('accepts with an approval ending the settings’ months later, and words a refused action', async () => {
    const application = await create(checklistOn(today));
    await t.app.db.insert(systemSettings).values({ key: 'parentApprovalMonths', value: 6 });
    const accepted = await call('PATCH', `/parent-infos/accept-parents-adoption/${application.id}`, {
      date: today,
      version: application.version,
    });
    await t.app.db.delete(systemSettings).where(eq(systemSettings.key, 'parentApprovalMonths'));
    expect(accepted.statusCode, accepted.body).toBe(200);
    const read = (await call('GET', `/parent-infos/${application.id}`)).json().data;
    const [year, month] = today.split('-').map(Number);
    const expectedMonth = ((month - 1 + 6) % 12) + 1;
    expect(read).toMatchObject({ status: 'accepted', decisionDate: today });
    expect(Number(read.approvedUntil.slice(5, 7))).toBe(expectedMonth);
    expect(Number(read.approvedUntil.slice(0, 4))).toBe(year + (month + 6 > 12 ? 1 : 0));

    const again = await call('PATCH', `/parent-infos/accept-parents-adoption/${application.id}`, {
      date: today,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'An application whose status is Accepted cannot be given Accept application.',
    );
    const before = await call('PATCH', `/parent-infos/reject-adoption/${application.id}`, {
      date: yearsBefore(today, 1),
      reason: 'Too early',
    });
    expect(before.statusCode).toBe(400);
    expect(before.json().errors.join(' ')).toMatch(/date cannot be before/);
    // A decided application keeps its file.
    expect((await call('DELETE', `/parent-infos/${application.id}`)).statusCode).toBe(409);
  });

  it('keeps the household: recorded once, changed with its version, no one born in the future', async () => {
    const application = await create();
    const url = `/parent-infos/family/${application.id}`;
    expect((await call('GET', url)).json()).toEqual({ data: null });
    const members = [
      { name: 'Sok Dara', relation: 'Son', dateOfBirth: yearsBefore(today, 10), occupation: 'Pupil' },
    ];
    const created = await call('POST', url, { members });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ members, version: 1 });
    expect((await call('POST', url, { members })).statusCode).toBe(409);
    const future = await call('PATCH', url, {
      members: [{ name: 'Baby', relation: 'Daughter', dateOfBirth: '2999-01-01' }],
      version: 1,
    });
    expect(future.statusCode).toBe(400);
    const changed = await call('PATCH', url, {
      members: [...members, { name: 'Chan Mony', relation: 'Mother' }],
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.members).toHaveLength(2);
    expect((await call('PATCH', url, { members, version: 1 })).statusCode).toBe(409);
    expect((await call('POST', url, { members }, tokens.reader)).statusCode).toBe(403);
  });

  it('attaches documents by checklist item, downloads them named from the code, removes them, refuses what is not a document', async () => {
    const application = await create();
    const base = `/api/v1/parent-infos`;
    const upload = (parts: Parameters<typeof multipart>[0], token = tokens.caseworker) => {
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: `${base}/attachments/${application.id}`,
        headers: { ...headers(token), ...body.headers },
        payload: body.payload,
      });
    };
    const added = await upload([
      { field: 'slot', value: 'homeStudy' },
      file('ការសិក្សាផ្ទះ.pdf', pdf, 'files', 'application/pdf'),
    ]);
    expect(added.statusCode, added.body).toBe(201);
    const [document] = added.json().data;
    expect(document).toMatchObject({
      slot: 'homeStudy',
      originalName: 'ការសិក្សាផ្ទះ.pdf',
      mimeType: 'application/pdf',
    });
    expect((await upload([file('virus.exe', Buffer.from('MZ not a pdf'))])).statusCode).toBe(400);
    expect((await upload([{ field: 'slot', value: 'horoscope' }, file('a.pdf', pdf)])).statusCode).toBe(400);
    expect((await upload([file('a.pdf', pdf)], tokens.reader)).statusCode).toBe(403);

    const listed = await call('GET', `/parent-infos/attachments/${application.id}`, undefined, tokens.reader);
    expect(listed.json().data.map((row: { id: number }) => row.id)).toEqual([document.id]);
    const downloaded = await t.app.inject({
      method: 'GET',
      url: `${base}/attachment/${document.id}`,
      headers: headers(tokens.reader),
    });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toContain(
      `${application.code}-homeStudy-${document.id}.pdf`,
    );
    expect(downloaded.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    // The timeline tells it.
    const timeline = (await call('GET', `/parent-infos/timeline/${application.id}`)).json().data as {
      entity: string;
      about: string | null;
    }[];
    expect(timeline.some((entry) => entry.entity === 'attachments' && entry.about === 'document')).toBe(true);

    expect(
      (await call('DELETE', `/parent-infos/attachment/${document.id}`, undefined, tokens.reader)).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/parent-infos/attachment/${document.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/parent-infos/attachments/${application.id}`)).json().data).toEqual([]);
    const [left] = await t.app.db
      .select({ n: count() })
      .from(attachments)
      .where(eq(attachments.id, document.id));
    expect(left.n).toBe(0);
  });

  it('deletes a pending application with its documents, audited', async () => {
    const application = await create();
    const body = multipart([file('a.pdf', pdf)]);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/parent-infos/attachments/${application.id}`,
      headers: { ...headers(tokens.caseworker), ...body.headers },
      payload: body.payload,
    });
    const removed = await call('DELETE', `/parent-infos/${application.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const [left] = await t.app.db
      .select({ n: count() })
      .from(attachments)
      .where(and(eq(attachments.entity, 'parent_infos'), eq(attachments.entityId, application.id)));
    expect(left.n).toBe(0);
    const [audit] = await t.app.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'parent_infos'),
          eq(auditLog.entityId, application.id),
          eq(auditLog.action, 'delete'),
        ),
      );
    expect(audit.n).toBe(1);
  });

  it('exports the filtered list with headings in the reader’s language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/parent-infos/export?format=csv&applicantType=single',
      headers: headers(tokens.caseworker, 'kh'),
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('អ្នកដាក់ពាក្យ (ខ្មែរ)');
    expect(lines.slice(1).every((line) => line.includes('បុគ្គលម្នាក់ឯង'))).toBe(true);
  });
});

describe('a provincial user', () => {
  it('sees, finds, exports and changes only the applications of their own office', async () => {
    const own = await create(
      { headOfficeId: battambang, applicant1GivenNameEn: 'Battambang' },
      tokens.provincial,
    );
    const other = await create({ headOfficeId: kampot, applicant1GivenNameEn: 'Kampot' }, tokens.admin);
    expect(await codes('', tokens.provincial)).toEqual([own.code]);
    expect(await codes('&search=Kampot', tokens.provincial)).toEqual([]);
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/v1/parent-infos/export?format=csv',
      headers: headers(tokens.provincial),
    });
    expect(exported.body).toContain(own.code);
    expect(exported.body).not.toContain(other.code);
    for (const [method, url, payload] of [
      ['GET', `/parent-infos/${other.id}`, undefined],
      ['PATCH', `/parent-infos/${other.id}`, { ownChildren: 1, version: other.version }],
      ['DELETE', `/parent-infos/${other.id}`, undefined],
      ['GET', `/parent-infos/family/${other.id}`, undefined],
      ['POST', `/parent-infos/family/${other.id}`, { members: [] }],
      ['GET', `/parent-infos/attachments/${other.id}`, undefined],
      ['GET', `/parent-infos/timeline/${other.id}`, undefined],
      ['GET', `/parent-infos/status-history/${other.id}`, undefined],
      ['PATCH', `/parent-infos/accept-parents-adoption/${other.id}`, { date: today }],
    ] as const) {
      const response = await call(method, url, payload, tokens.provincial);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const elsewhere = await call(
      'POST',
      '/parent-infos',
      couple({ headOfficeId: kampot }),
      tokens.provincial,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.join(' ')).toMatch(/your own head office/);
    const offices = (await call('GET', '/parent-infos/head-offices', undefined, tokens.provincial)).json()
      .data;
    expect(offices.map((row: { id: number }) => row.id)).toEqual([battambang]);
    const mine = (await call('GET', '/parent-infos/head-office-user', undefined, tokens.provincial)).json()
      .data;
    expect(mine.id).toBe(battambang);
  });
});

describe('a reader', () => {
  it('reads but cannot create, change, decide or delete (403, nothing changed)', async () => {
    const application = await create();
    for (const [method, url, payload] of [
      ['POST', '/parent-infos', couple()],
      ['PATCH', `/parent-infos/${application.id}`, { ownChildren: 4, version: application.version }],
      ['PATCH', `/parent-infos/accept-parents-adoption/${application.id}`, { date: today }],
      ['PATCH', `/parent-infos/reject-adoption/${application.id}`, { date: today, reason: 'No' }],
      ['DELETE', `/parent-infos/${application.id}`, undefined],
    ] as const) {
      const response = await call(method, url, payload, tokens.reader);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      (await call('GET', `/parent-infos/${application.id}`, undefined, tokens.reader)).json().data,
    ).toMatchObject({
      status: 'pending',
      version: application.version,
    });
  });
});
