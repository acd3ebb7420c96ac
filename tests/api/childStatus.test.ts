import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, childInfos, statusHistory } from '../../server/db/schema';
import {
  childActionNames,
  isoDateIn,
  type TChildActionName,
  type TChildStatus,
} from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The child machine's paths replayed through the API (DESIGN.md section 4): every accepted action
 * writes the status, the version and exactly one history row; every refused one changes nothing.
 * The expected transitions are written out here from DESIGN.md, not read from the machine.
 */
const expected: Record<TChildStatus, Partial<Record<TChildActionName, TChildStatus>>> = {
  registered: { 'confirm-adoption': 'adoptable', 'long-term': 'longTerm', international: 'international' },
  adoptable: {
    'unconfirmed-adoption': 'registered',
    'long-term': 'longTerm',
    international: 'international',
  },
  matched: {},
  adopted: { 're-adoption': 'registered' },
  longTerm: { 're-adoption': 'registered' },
  international: { 're-adoption': 'registered' },
};
const statuses = Object.keys(expected) as TChildStatus[];
const statusNames: Record<TChildStatus, string> = {
  registered: 'Registered',
  adoptable: 'Can be adopted',
  matched: 'Matched',
  adopted: 'Adopted',
  longTerm: 'Long-term care',
  international: 'International adoption',
};

let t: TTestApp;
let headOfficeId: number;
let today: string;
let caseworkerId: number;
const tokens = {} as Record<'caseworker' | 'reader' | 'writerOnly', string>;
let childSeq = 0;

const newChild = async (status: TChildStatus = 'registered') => {
  childSeq += 1;
  const [row] = await t.app.db
    .insert(childInfos)
    .values({
      code: `CH-TEST-${String(childSeq).padStart(6, '0')}`,
      familyNameEn: 'Sok',
      givenNameEn: `Child ${childSeq}`,
      sex: 'female',
      dateOfBirth: yearsBefore(today, 4),
      headOfficeId,
      status,
    })
    .returning({ id: childInfos.id });
  return row.id;
};

const validBody = (action: TChildActionName, id: number): Record<string, unknown> => {
  switch (action) {
    case 'confirm-adoption':
      return { id, date: today };
    case 'unconfirmed-adoption':
      return { reason: 'The birth record must be checked again' };
    default:
      return { date: today, reason: `Reason for ${action}` };
  }
};

const act = (
  action: TChildActionName,
  id: number,
  payload: Record<string, unknown> = validBody(action, id),
  { token = tokens.caseworker, locale = 'en' } = {},
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/child-infos/${action}/${id}`,
    headers: { ...t.bearer(token), locale },
    payload,
  });

const get = (url: string, token = tokens.caseworker) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...t.bearer(token), locale: 'en' } });

/** What a refused request must leave as it was. */
const stateOf = async (id: number) => {
  const [row] = await t.app.db
    .select({
      status: childInfos.status,
      version: childInfos.version,
      adoptionConfirmedOn: childInfos.adoptionConfirmedOn,
    })
    .from(childInfos)
    .where(eq(childInfos.id, id));
  const [history] = await t.app.db
    .select({ n: count() })
    .from(statusHistory)
    .where(and(eq(statusHistory.entity, 'child_infos'), eq(statusHistory.entityId, id)));
  const [audit] = await t.app.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'child_infos'), eq(auditLog.entityId, id)));
  return { ...row, history: history.n, audit: audit.n };
};

beforeAll(async () => {
  t = await createTestApp();
  const caseworker = await t.createUser(
    'caseworker',
    ['adoptive_children:read', 'adoptive_children:update'],
    {
      name: 'Case Worker',
    },
  );
  caseworkerId = caseworker.id;
  await t.createUser('reader', ['adoptive_children:read']);
  // Holds every adoptive_children permission but read: the read routes must still refuse it.
  await t.createUser('writerOnly', [
    'adoptive_children:write',
    'adoptive_children:update',
    'adoptive_children:delete',
  ]);
  for (const username of ['caseworker', 'reader', 'writerOnly'] as const) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
  headOfficeId = await t.createHeadOffice('HO-STATUS');
  today = isoDateIn(new Date(t.clock.now()));
}, 60_000);
afterAll(() => t?.close());

describe('every status and every action', () => {
  for (const status of statuses) {
    for (const action of childActionNames) {
      const to = expected[status][action];
      if (to) {
        it(`${status} --${action}--> ${to}: one history row, version bumped`, async () => {
          const id = await newChild(status);
          const before = await stateOf(id);
          const response = await act(action, id);
          expect(response.statusCode, response.body).toBe(200);
          const expectedActions = childActionNames.filter((name) => expected[to][name]);
          // One answer per action (issue 23): the record and the history row it wrote come with it.
          expect(response.json().data).toEqual({
            id,
            status: to,
            version: before.version + 1,
            allowedActions: expectedActions,
            record: expect.objectContaining({ id, status: to, version: before.version + 1 }),
            history: expect.objectContaining({
              action,
              fromStatus: status,
              toStatus: to,
              user: expect.objectContaining({ id: caseworkerId }),
            }),
          });
          const after = await stateOf(id);
          expect(after).toMatchObject({ status: to, version: before.version + 1, history: 1, audit: 1 });
          const [row] = await t.app.db
            .select()
            .from(statusHistory)
            .where(and(eq(statusHistory.entity, 'child_infos'), eq(statusHistory.entityId, id)));
          expect(row).toMatchObject({ action, fromStatus: status, toStatus: to, userId: caseworkerId });
          const body = validBody(action, id);
          expect(row.payload).toEqual({
            ...(body.date ? { date: today } : {}),
            ...(body.reason ? { reason: body.reason } : {}),
          });
        });
      } else {
        it(`${status} refuses ${action} with 409 and changes nothing`, async () => {
          const id = await newChild(status);
          const before = await stateOf(id);
          const response = await act(action, id);
          expect(response.statusCode, response.body).toBe(409);
          expect(response.json().message).toContain(`status is ${statusNames[status]}`);
          expect(await stateOf(id)).toEqual(before);
        });
      }
    }
  }

  it('allows nothing from matched (only the matching decides)', async () => {
    const id = await newChild('matched');
    const response = await get(`/child-infos/allowed-actions/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ status: 'matched', allowedActions: [] });
  });
});

describe('a child walked through the machine', () => {
  it('follows confirm, unconfirm, confirm, long-term, re-adoption, international, re-adoption, ...', async () => {
    const id = await newChild('registered');
    const walk: [TChildActionName, TChildStatus][] = [
      ['confirm-adoption', 'adoptable'],
      ['unconfirmed-adoption', 'registered'],
      ['confirm-adoption', 'adoptable'],
      ['long-term', 'longTerm'],
      ['re-adoption', 'registered'],
      ['international', 'international'],
      ['re-adoption', 'registered'],
      ['long-term', 'longTerm'],
      ['re-adoption', 'registered'],
      ['confirm-adoption', 'adoptable'],
      ['international', 'international'],
      ['re-adoption', 'registered'],
    ];
    let version = 1;
    for (const [index, [action, to]] of walk.entries()) {
      const response = await act(action, id, { ...validBody(action, id), version });
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
      version += 1;
      expect(response.json().data).toMatchObject({ status: to, version });
      const state = await stateOf(id);
      expect(state).toMatchObject({ status: to, version, history: index + 1 });
      // The confirmed date follows the child: set on confirm, cleared when it leaves adoptable backwards.
      if (action === 'confirm-adoption') expect(state.adoptionConfirmedOn).toBe(today);
      if (action === 'unconfirmed-adoption' || action === 're-adoption')
        expect(state.adoptionConfirmedOn).toBeNull();
    }

    // The history, newest first, with who did it.
    const history = await get(`/child-infos/status-history/${id}`);
    expect(history.statusCode).toBe(200);
    const rows = history.json().data;
    expect(rows.map((row: { action: string }) => row.action)).toEqual(
      walk.map(([action]) => action).reverse(),
    );
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      action: 're-adoption',
      fromStatus: 'international',
      toStatus: 'registered',
      payload: { date: today, reason: 'Reason for re-adoption' },
      user: { id: caseworkerId, name: 'Case Worker' },
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(rows.at(-1)).toMatchObject({
      action: 'confirm-adoption',
      fromStatus: 'registered',
      toStatus: 'adoptable',
      payload: { date: today },
    });
    expect(rows[rows.length - 2]).toMatchObject({
      action: 'unconfirmed-adoption',
      payload: { reason: 'The birth record must be checked again' },
    });
  });

  it('answers an empty history for a child never acted on', async () => {
    const id = await newChild('registered');
    const response = await get(`/child-infos/status-history/${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });
});

describe('refused requests change nothing', () => {
  const tomorrow = () => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString().slice(0, 10);
  };

  it('refuses a confirm date in the future (400 on date)', async () => {
    const id = await newChild('registered');
    const before = await stateOf(id);
    const response = await act('confirm-adoption', id, { id, date: tomorrow() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([`date cannot be in the future: today is ${today}.`]);
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses a reason action dated in the future, and a blank or missing reason', async () => {
    const id = await newChild('adoptable');
    const before = await stateOf(id);
    const future = await act('long-term', id, { date: tomorrow(), reason: 'Moved' });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0]).toMatch(/^date /);
    const blank = await act('international', id, { date: today, reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual(['reason can not be blank.']);
    const missing = await act('international', id, { date: today });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['reason is required.']);
    const badDay = await act('long-term', id, { date: '2025-02-30', reason: 'Moved' });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().errors[0]).toMatch(/^date /);
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses a confirm whose body id is not the child in the path (400 on id)', async () => {
    const id = await newChild('registered');
    const other = await newChild('registered');
    const before = await stateOf(id);
    const response = await act('confirm-adoption', id, { id: other, date: today });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatch(/^id /);
    expect(await stateOf(id)).toEqual(before);
    expect((await act('confirm-adoption', id, { date: today })).statusCode).toBe(400);
  });

  it('says 409, not 400, when the action is not allowed whatever the payload', async () => {
    const id = await newChild('longTerm');
    const response = await act('confirm-adoption', id, { id, date: tomorrow() });
    expect(response.statusCode).toBe(409);
  });

  it('names the status and the action in the request language', async () => {
    const id = await newChild('adoptable');
    const en = await act('re-adoption', id);
    expect(en.json().message).toBe('A child whose status is Can be adopted cannot be given Re-adoption.');
    const kh = await act('re-adoption', id, undefined, { locale: 'kh' });
    expect(kh.statusCode).toBe(409);
    expect(kh.json().message).toContain('អាចសុំជាកុមារធម៌បាន');
    expect(kh.json().message).not.toContain('Can be adopted');
  });

  it('refuses a stale version with 409 and accepts the current one', async () => {
    const id = await newChild('registered');
    const before = await stateOf(id);
    const stale = await act('long-term', id, { date: today, reason: 'Moved', version: before.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect(await stateOf(id)).toEqual(before);
    const current = await act('long-term', id, { date: today, reason: 'Moved', version: before.version });
    expect(current.statusCode).toBe(200);
  });

  it('answers 404 for an unknown child on every route', async () => {
    const missing = 2_147_483_000;
    expect((await act('unconfirmed-adoption', missing)).statusCode).toBe(404);
    expect((await act('confirm-adoption', missing, { id: missing, date: today })).statusCode).toBe(404);
    expect((await get(`/child-infos/status-history/${missing}`)).statusCode).toBe(404);
    expect((await get(`/child-infos/allowed-actions/${missing}`)).statusCode).toBe(404);
    expect((await get(`/adoptive-matching/histories/${missing}`)).statusCode).toBe(404);
  });
});

describe('read routes', () => {
  it('answers the allowed actions of the stored status', async () => {
    const id = await newChild('registered');
    const response = await get(`/child-infos/allowed-actions/${id}`, tokens.reader);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      status: 'registered',
      allowedActions: ['confirm-adoption', 'long-term', 'international'],
    });
  });

  it('answers an empty matching history until matchings exist', async () => {
    const id = await newChild('adoptable');
    const response = await get(`/adoptive-matching/histories/${id}`, tokens.reader);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });
});

describe('permissions', () => {
  it('refuses every action to a user without adoptive_children:update, changing nothing', async () => {
    const id = await newChild('registered');
    const before = await stateOf(id);
    for (const action of childActionNames) {
      const response = await act(action, id, validBody(action, id), { token: tokens.reader });
      expect(response.statusCode, action).toBe(403);
      expect(response.json().message).toBe('No Permission.');
    }
    expect(await stateOf(id)).toEqual(before);
  });

  it('refuses the read routes to a user without adoptive_children:read', async () => {
    const id = await newChild('registered');
    for (const url of [
      `/child-infos/status-history/${id}`,
      `/child-infos/allowed-actions/${id}`,
      `/adoptive-matching/histories/${id}`,
    ]) {
      expect((await get(url, tokens.writerOnly)).statusCode, url).toBe(403);
    }
  });
});
