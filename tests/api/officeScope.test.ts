import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, childInfos, headOffices, provinces, users } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { insertChildDocuments } from './support/childDocuments';
import {
  insertApplication,
  insertChild,
  insertCompletedMatching,
  insertService,
  pendingApplication,
} from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * DESIGN.md section 7, issue 12: a user of a provincial head office sees and acts on the children
 * of that office only. The others do not exist for them (404) in every route that names one, and
 * are left out of lists, exports, the palette's search and the head office picker (services after
 * adoption too: tests/api/services.test.ts has the rest of theirs). A user of a
 * national head office, one without a head office, and a super user see all. A change of a user's
 * office, or of an office's class, holds from the very next request.
 */
const childPermissions = [
  'adoptive_children:read',
  'adoptive_children:write',
  'adoptive_children:update',
  'adoptive_children:delete',
  // Applications too: the API-document check below walks their routes.
  'adoptive_parents:read',
  'adoptive_parents:write',
  'adoptive_parents:update',
  'adoptive_parents:delete',
  // An acceptance asked of a second approver (issue 35).
  'adoptive_parents:approve',
  // And services after adoption (issue 14), whose routes the same check walks.
  'post_adoption_services:read',
  'post_adoption_services:write',
  'post_adoption_services:update',
  'post_adoption_services:delete',
  // And opening a sealed child's origins (issue 27), whose route the same check walks.
  'sealed_records:read',
];

let t: TTestApp;
let today: string;
let national: number;
let battambang: number;
let kampot: number;
const children = {} as Record<'battambang' | 'kampot' | 'national', number>;
let kampotDocument: number;
let kampotApplication: number;
let kampotAttachment: number;
let kampotService: number;
let kampotServiceAttachment: number;
const tokens = {} as Record<'provincial' | 'national' | 'unassigned' | 'admin', string>;
let provincialId: number;

const headers = (token: string) => ({ ...t.bearer(token), locale: 'en' });
const get = (url: string, token = tokens.provincial) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: headers(token) });
const send = (
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload: unknown,
  token = tokens.provincial,
) => t.app.inject({ method, url: `/api/v1${url}`, headers: headers(token), payload: payload as object });

const office = async (code: string, kind: 'national' | 'provincial') => {
  const [province] = await t.app.db.select({ id: provinces.id }).from(provinces).limit(1);
  const [row] = await t.app.db
    .insert(headOffices)
    .values({ code, name: { kh: code, en: code }, class: kind, provinceId: province.id })
    .returning({ id: headOffices.id });
  return row.id;
};

/** A registered child of `headOfficeId`, named by its `code`. */
const child = async (code: string, headOfficeId: number) =>
  (
    await insertChild(
      t.app.db,
      { code, familyNameEn: 'Scope', givenNameEn: code, headOfficeId, status: 'registered' },
      { today },
    )
  ).id;

const userIn = async (username: string, headOfficeId: number | null) => {
  const created = await t.createUser(username, childPermissions);
  await t.app.db.update(users).set({ headOfficeId }).where(eq(users.id, created.id));
  return created.id;
};

const listCodes = async (token = tokens.provincial, query = '') => {
  const response = await get(`/child-infos?take=100${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { code: string }[]).map((row) => row.code).sort();
};

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  national = await office('HO-NATIONAL', 'national');
  battambang = await office('HO-BATTAMBANG', 'provincial');
  kampot = await office('HO-KAMPOT', 'provincial');
  children.battambang = await child('CH-SCOPE-BTB', battambang);
  children.kampot = await child('CH-SCOPE-KPT', kampot);
  children.national = await child('CH-SCOPE-NAT', national);
  const [document] = await insertChildDocuments(t.app.db, [
    {
      childId: children.kampot,
      storedName: 'a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0.pdf',
      originalName: 'kampot.pdf',
      mimeType: 'application/pdf',
      size: 10,
    },
  ]);
  kampotDocument = document.id;
  const application = await insertApplication(
    t.app.db,
    {
      ...pendingApplication,
      code: 'PA-SCOPE-KPT',
      applicantType: 'single',
      applicant1FamilyNameEn: 'Scope',
      applicant1GivenNameEn: 'Kampot',
      applicant1Sex: 'female',
      headOfficeId: kampot,
      applicationDate: today,
    },
    { today },
  );
  kampotApplication = application.id;
  const [attachment] = await t.app.db
    .insert(attachments)
    .values({
      entity: 'parent_infos',
      entityId: kampotApplication,
      storedName: 'b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0.pdf',
      originalName: 'kampot.pdf',
      mimeType: 'application/pdf',
      size: 10,
    })
    .returning({ id: attachments.id });
  kampotAttachment = attachment.id;
  // A service after adoption of a Kampot adoption (its child kept out of the CH-SCOPE lists).
  const adopted = await child('CH-FOLLOW-KPT', kampot);
  const matching = await insertCompletedMatching(
    t.app.db,
    { code: 'MA-SCOPE-KPT', childId: adopted, parentId: kampotApplication, headOfficeId: kampot },
    { today },
  );
  kampotService = (await insertService(t.app.db, matching, { code: 'SV-SCOPE-KPT' }, { today })).id;
  const [serviceAttachment] = await t.app.db
    .insert(attachments)
    .values({
      entity: 'post_adoption_services',
      entityId: kampotService,
      slot: 'documents',
      storedName: 'd0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0.pdf',
      originalName: 'visit.pdf',
      mimeType: 'application/pdf',
      size: 10,
    })
    .returning({ id: attachments.id });
  kampotServiceAttachment = serviceAttachment.id;
  provincialId = await userIn('provincial', battambang);
  await userIn('national', national);
  await userIn('unassigned', null);
  for (const name of ['provincial', 'national', 'unassigned'] as const)
    tokens[name] = (await t.signIn(name, userPassword)).accessToken;
  tokens.admin = (await t.signIn('admin', 'admin-pass-123')).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('a provincial user', () => {
  it('lists, searches and exports the children of their office only', async () => {
    expect(await listCodes()).toEqual(['CH-SCOPE-BTB']);
    // Page one with no filter is a kept statement per office: a second call answers the same.
    expect(await listCodes()).toEqual(['CH-SCOPE-BTB']);
    expect(await listCodes(tokens.provincial, '&search=CH-SCOPE')).toEqual(['CH-SCOPE-BTB']);
    expect(await listCodes(tokens.provincial, '&search=KPT')).toEqual([]);
    const exported = await get('/child-infos/export?format=csv');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain('CH-SCOPE-BTB');
    expect(exported.body).not.toContain('CH-SCOPE-KPT');
    expect(exported.body).not.toContain('CH-SCOPE-NAT');
  });

  it('gets 404 for a child of another office on every route that names it, and changes nothing', async () => {
    const id = children.kampot;
    const [before] = await t.app.db.select().from(childInfos).where(eq(childInfos.id, id));
    const reads = [
      `/child-infos/${id}`,
      `/child-infos/status-history/${id}`,
      `/child-infos/timeline/${id}`,
      `/child-infos/allowed-actions/${id}`,
      `/adoptive-matching/histories/${id}`,
      `/child-infos/family/${id}`,
      `/child-infos/files/${id}`,
      `/child-infos/photo/${id}`,
      `/child-infos/thumbnail/${id}`,
      `/child-infos/file/${kampotDocument}`,
    ];
    for (const url of reads) expect((await get(url)).statusCode, url).toBe(404);
    const writes: [Parameters<typeof send>[0], string, unknown][] = [
      ['PATCH', `/child-infos/${id}`, { version: before.version, familyNameEn: 'Changed' }],
      ['DELETE', `/child-infos/${id}`, undefined],
      ['PATCH', `/child-infos/confirm-adoption/${id}`, { id, date: today }],
      ['PATCH', `/child-infos/long-term/${id}`, { date: today, reason: 'moved' }],
      ['POST', `/child-infos/family/${id}`, { siblings: [{ name: 'Sok Dara', sex: 'male' }] }],
      ['DELETE', `/child-infos/remove-file/${kampotDocument}`, undefined],
      ['DELETE', `/child-infos/remove-file/${id}?kind=photo`, undefined],
    ];
    for (const [method, url, payload] of writes)
      expect((await send(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    const [after] = await t.app.db.select().from(childInfos).where(eq(childInfos.id, id));
    expect(after).toEqual(before);
    const [document] = await t.app.db.select().from(attachments).where(eq(attachments.id, kampotDocument));
    expect(document).toBeDefined();
  });

  it('gets 404 on every route of the API document that names a record of another office', async () => {
    // Read from the API document, so a route added later is checked without being listed here.
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const places = /\/(districts|communes|villages)\/\{id\}$/;
    const named = Object.entries(document.paths).filter(
      ([path]) =>
        /^\/api\/v1\/((child|parent)-infos|service-after-adoption)\/.*\{\w+\}/.test(path) &&
        !places.test(path),
    );
    expect(named.length).toBeGreaterThan(25);
    expect(
      named.filter(([path]) => path.startsWith('/api/v1/service-after-adoption/')).length,
    ).toBeGreaterThan(8);
    const idFor = (path: string) => {
      if (path.startsWith('/api/v1/service-after-adoption/'))
        return path.includes('/attachment/') ? kampotServiceAttachment : kampotService;
      if (path.includes('/attachment/')) return kampotAttachment;
      if (path.startsWith('/api/v1/parent-infos/')) return kampotApplication;
      if (/\/(update-file|remove-file|file)\//.test(path)) return kampotDocument;
      return children.kampot;
    };
    for (const [path, operations] of named) {
      const url = path.replace(/\{\w+\}/, String(idFor(path))).replace('/api/v1', '');
      for (const method of Object.keys(operations).map((name) => name.toUpperCase())) {
        const response = await t.app.inject({
          method: method as 'GET',
          url: `/api/v1${url}`,
          headers: headers(tokens.provincial),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        // A body refused by its schema (400) says nothing of the record; anything else is 404.
        const allowed = method === 'GET' || method === 'DELETE' ? [404] : [400, 404];
        expect(allowed, `${method} ${url}: ${response.statusCode} ${response.body.slice(0, 120)}`).toContain(
          response.statusCode,
        );
      }
    }
  });

  it('reads and acts on a child of their own office', async () => {
    const id = children.battambang;
    expect((await get(`/child-infos/${id}`)).statusCode).toBe(200);
    expect((await get(`/child-infos/status-history/${id}`)).statusCode).toBe(200);
    expect((await get(`/child-infos/family/${id}`)).statusCode).toBe(200);
    expect((await get(`/child-infos/files/${id}`)).statusCode).toBe(200);
    const confirmed = await send('PATCH', `/child-infos/confirm-adoption/${id}`, { id, date: today });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('registers children in their own office only, and is offered only that office', async () => {
    const offices = await get('/child-infos/head-offices');
    expect(offices.statusCode).toBe(200);
    expect((offices.json().data as { id: number }[]).map((row) => row.id)).toEqual([battambang]);
    const body = {
      familyNameKh: 'សុខ',
      givenNameKh: 'ចន្ទា',
      familyNameEn: 'Sok',
      givenNameEn: 'Chanthea',
      sex: 'female',
      dateOfBirth: yearsBefore(today, 2),
      dateOfBirthEstimated: false,
      disabilityIds: [],
    };
    const elsewhere = await send('POST', '/child-infos', { ...body, headOfficeId: kampot });
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    expect(JSON.stringify(elsewhere.json().errors)).toContain('must be your own head office');
    const own = await send('POST', '/child-infos', { ...body, headOfficeId: battambang });
    expect(own.statusCode, own.body).toBe(201);
    // Nor can a child of their office be moved to another.
    const created = own.json().data as { id: number; version: number };
    const moved = await send('PATCH', `/child-infos/${created.id}`, {
      version: created.version,
      headOfficeId: kampot,
    });
    expect(moved.statusCode, moved.body).toBe(400);
  });
});

describe('users who see every office', () => {
  it('a national user, a user without a head office and a super user list all three', async () => {
    for (const token of [tokens.national, tokens.unassigned, tokens.admin]) {
      const codes = await listCodes(token, '&search=CH-SCOPE');
      expect(codes).toEqual(['CH-SCOPE-BTB', 'CH-SCOPE-KPT', 'CH-SCOPE-NAT']);
      expect((await get(`/child-infos/${children.kampot}`, token)).statusCode).toBe(200);
      expect((await get(`/child-infos/files/${children.kampot}`, token)).statusCode).toBe(200);
    }
  });
});

describe('changes to the scope', () => {
  it('hold from the very next request: the user’s office, then the office’s class', async () => {
    await t.app.db.update(users).set({ headOfficeId: kampot }).where(eq(users.id, provincialId));
    expect(await listCodes(tokens.provincial, '&search=CH-SCOPE')).toEqual(['CH-SCOPE-KPT']);
    await t.app.db.update(headOffices).set({ class: 'national' }).where(eq(headOffices.id, kampot));
    expect(await listCodes(tokens.provincial, '&search=CH-SCOPE')).toEqual([
      'CH-SCOPE-BTB',
      'CH-SCOPE-KPT',
      'CH-SCOPE-NAT',
    ]);
    await t.app.db.update(headOffices).set({ class: 'provincial' }).where(eq(headOffices.id, kampot));
    expect(await listCodes(tokens.provincial, '&search=CH-SCOPE')).toEqual(['CH-SCOPE-KPT']);
    await t.app.db.update(users).set({ headOfficeId: battambang }).where(eq(users.id, provincialId));
  });
});
