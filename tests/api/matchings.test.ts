import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childInfos, parentInfos, systemSettings } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { createOffices, createOfficeUser, signInAll } from './support/officesAndUsers';
import {
  insertApplication,
  insertChild,
  type TApplicationOverrides,
  type TChildOverrides,
} from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Matchings on the server (issue 13): the proposal's rules (each 409 says which and why), the child
 * and the application moving with their matching, the update/approve split, four-eyes, the delete
 * rule, stale versions and the office scope.
 */
let t: TTestApp;
let today: string;
let national: number;
let kampot: number;
const tokens = {} as Record<'caseworker' | 'supervisor' | 'second' | 'provincial' | 'admin', string>;

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  token = tokens.supervisor,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...t.bearer(token), locale: 'en' },
    payload: payload as object,
  });

/** This file's records: `CH-MT-000001`, dated from `today`. */
const records = () => ({ prefix: 'MT', today });
const child = (over: TChildOverrides = {}) =>
  insertChild(t.app.db, { headOfficeId: national, ...over }, records());
const application = (over: TApplicationOverrides = {}) =>
  insertApplication(t.app.db, { headOfficeId: national, ...over }, records());
const statuses = async (childId: number, parentId: number) => {
  const [c] = await t.app.db
    .select({ status: childInfos.status })
    .from(childInfos)
    .where(eq(childInfos.id, childId));
  const [p] = await t.app.db
    .select({ status: parentInfos.status })
    .from(parentInfos)
    .where(eq(parentInfos.id, parentId));
  return [c.status, p.status];
};
const propose = async (over: Record<string, unknown> = {}, token = tokens.caseworker) => {
  const c = await child();
  const p = await application();
  const response = await call(
    'POST',
    '/adoptive-matching',
    { childId: c.id, parentId: p.id, proposedDate: today, ...over },
    token,
  );
  return { response, child: c, application: p };
};
const act = (action: string, id: number, body: Record<string, unknown>, token = tokens.supervisor) =>
  call('PATCH', `/adoptive-matching/${action}/${id}`, body, token);

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  ({ national, kampot } = await createOffices(t, 'MT'));
  const read = ['matchings:read', 'adoptive_children:read', 'adoptive_parents:read'];
  await t.createUser('caseworker', [...read, 'matchings:write', 'matchings:update', 'matchings:delete']);
  await t.createUser('supervisor', [
    ...read,
    'matchings:write',
    'matchings:update',
    'matchings:approve',
    'matchings:delete',
  ]);
  await t.createUser('second', [...read, 'matchings:update', 'matchings:approve']);
  await createOfficeUser(t, 'provincial', [...read, 'matchings:write', 'matchings:update'], kampot);
  Object.assign(tokens, await signInAll(t, ['caseworker', 'supervisor', 'second', 'provincial']));
}, 60_000);
afterAll(() => t?.close());

describe('proposing a matching', () => {
  it('matches an adoptable child and an accepted family: both move to matched, the compatibility is kept', async () => {
    const { response, child: c, application: p } = await propose();
    expect(response.statusCode, response.body).toBe(201);
    const matching = response.json().data;
    expect(matching).toMatchObject({
      code: `MA-${today.slice(0, 4)}-000001`,
      status: 'proposed',
      childId: c.id,
      parentId: p.id,
    });
    expect(
      (matching.compatibility as { criterion: string; result: string }[]).find(
        (entry) => entry.criterion === 'age',
      ),
    ).toMatchObject({
      result: 'match',
    });
    expect(await statuses(c.id, p.id)).toEqual(['matched', 'matched']);
    const history = (await call('GET', `/adoptive-matching/status-history/${matching.id}`)).json().data;
    expect(history.map((row: { action: string }) => row.action)).toEqual(['propose']);
    // The child's page lists its matchings, in the reader's words.
    const ofChild = (await call('GET', `/adoptive-matching/histories/${c.id}`)).json().data;
    expect(ofChild).toEqual([
      expect.objectContaining({
        code: matching.code,
        date: today,
        status: 'Proposed',
        statusCode: 'proposed',
      }),
    ]);
  });

  it('refuses, naming which and why, a child or a family that cannot be matched, and changes nothing', async () => {
    const refused = async (childOver: object, parentOver: object, message: RegExp) => {
      const c = await child(childOver);
      const p = await application(parentOver);
      const response = await call('POST', '/adoptive-matching', {
        childId: c.id,
        parentId: p.id,
        proposedDate: today,
      });
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toMatch(message);
      expect(await statuses(c.id, p.id)).toEqual([
        (childOver as { status?: string }).status ?? 'adoptable',
        (parentOver as { status?: string }).status ?? 'accepted',
      ]);
    };
    await refused(
      { status: 'registered' },
      {},
      /the child is Registered; only a child who can be adopted can/,
    );
    await refused({}, { status: 'pending' }, /the application is Pending; only an accepted one can/);
    await refused(
      {},
      {
        approvedUntil:
          yearsBefore(today, 0).replace(/\d{2}$/, '01') < today
            ? yearsBefore(today, 1)
            : yearsBefore(today, 1),
      },
      /approval ended on/,
    );
    // Already in a matching: the 409 names it.
    const { response, child: c } = await propose();
    const code = response.json().data.code;
    const other = await application();
    const again = await call('POST', '/adoptive-matching', {
      childId: c.id,
      parentId: other.id,
      proposedDate: today,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(`is already in the active matching ${code}`);
  });

  it('asks for a justification when they do not match, and keeps it', async () => {
    const c = await child({ dateOfBirth: yearsBefore(today, 14) });
    const p = await application();
    const body = { childId: c.id, parentId: p.id, proposedDate: today };
    const refused = await call('POST', '/adoptive-matching', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.join(' ')).toMatch(
      /justification is required: the child and the family do not match on age/,
    );
    const justified = await call('POST', '/adoptive-matching', {
      ...body,
      justification: 'The family knows the child well.',
    });
    expect(justified.statusCode, justified.body).toBe(201);
    expect(justified.json().data.justification).toBe('The family knows the child well.');
  });
});

describe('taking a matching through its stages', () => {
  it('completes: the child and the family are adopted; a rejection frees both', async () => {
    const { response, child: c, application: p } = await propose();
    const id = response.json().data.id;
    // The caseworker takes the steps, the supervisor the decisions (four-eyes between them).
    for (const [action, body, token] of [
      ['confirm-adoption', { date: today }, tokens.supervisor],
      ['test-adoption', { date: today }, tokens.supervisor],
      // A trial of no days: confirmed early, with the reason it needs (issue 22).
      ['confirm-test', { date: today, reason: 'The family already cared for the child' }, tokens.supervisor],
      ['pending-warrant', {}, tokens.caseworker],
      ['request-warrant', { date: today, reference: 'REF-7' }, tokens.caseworker],
      ['confirm-warrant', { date: today, number: 'W-7' }, tokens.supervisor],
      ['child-keep', { date: today }, tokens.caseworker],
      ['child-keep-approve', { date: today }, tokens.supervisor],
    ] as const) {
      const done = await act(action, id, body, token);
      expect(done.statusCode, `${action}: ${done.body}`).toBe(200);
    }
    expect(await statuses(c.id, p.id)).toEqual(['adopted', 'adopted']);
    const record = (await call('GET', `/adoptive-matching/${id}`)).json().data;
    expect(record).toMatchObject({
      status: 'completed',
      trialStart: today,
      trialEnd: today,
      warrantReference: 'REF-7',
      warrantNumber: 'W-7',
      completedOn: today,
    });

    const second = await propose();
    const rejected = await act('reject-adoption', second.response.json().data.id, {
      date: today,
      reason: 'Not ready',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await statuses(second.child.id, second.application.id)).toEqual(['adoptable', 'accepted']);
  });

  it('keeps decisions to matchings:approve, and to another user than the one who asked (four-eyes)', async () => {
    const { response } = await propose();
    const id = response.json().data.id;
    expect((await act('confirm-adoption', id, { date: today }, tokens.caseworker)).statusCode).toBe(403);
    expect((await act('pending-adoption', id, {}, tokens.supervisor)).statusCode).toBe(200);
    const own = await act('confirm-adoption', id, { date: today }, tokens.supervisor);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/You took the last step that was not a decision/);
    expect((await act('confirm-adoption', id, { date: today }, tokens.second)).statusCode).toBe(200);
    // A super user is not exempt; with four-eyes off anyone may.
    const next = (await propose()).response.json().data.id;
    await act('pending-adoption', next, {}, tokens.admin);
    expect((await act('confirm-adoption', next, { date: today }, tokens.admin)).statusCode).toBe(409);
    const off = (await propose()).response.json().data.id;
    await act('pending-adoption', off, {}, tokens.supervisor);
    await t.app.db.insert(systemSettings).values({ key: 'fourEyes', value: false });
    expect((await act('confirm-adoption', off, { date: today }, tokens.supervisor)).statusCode).toBe(200);
    await t.app.db.delete(systemSettings).where(eq(systemSettings.key, 'fourEyes'));
  });

  it('deletes only a proposed matching, freeing both; refuses a stale change', async () => {
    const { response, child: c, application: p } = await propose();
    const matching = response.json().data;
    const stale = await call('PATCH', `/adoptive-matching/${matching.id}`, {
      notes: 'x',
      version: matching.version + 5,
    });
    expect(stale.statusCode).toBe(409);
    expect((await call('DELETE', `/adoptive-matching/${matching.id}`)).statusCode).toBe(200);
    expect(await statuses(c.id, p.id)).toEqual(['adoptable', 'accepted']);
    const started = (await propose()).response.json().data.id;
    await act('confirm-adoption', started, { date: today });
    const refused = await call('DELETE', `/adoptive-matching/${started}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/only a proposed matching can/);
  });

  it('keeps a provincial user to its own office: others are not found, not proposable', async () => {
    const { response } = await propose();
    const id = response.json().data.id;
    expect((await call('GET', `/adoptive-matching/${id}`, undefined, tokens.provincial)).statusCode).toBe(
      404,
    );
    expect((await act('pending-adoption', id, {}, tokens.provincial)).statusCode).toBe(404);
    const list = (await call('GET', '/adoptive-matching?take=100', undefined, tokens.provincial)).json().data;
    expect(list).toEqual([]);
    const c = await child();
    const p = await application();
    const refused = await call(
      'POST',
      '/adoptive-matching',
      { childId: c.id, parentId: p.id, proposedDate: today },
      tokens.provincial,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.join(' ')).toMatch(/childId does not exist/);
  });
});

describe('the candidates of a new matching', () => {
  it('lists free children and families, and given the other side, each with its compatibility, best first', async () => {
    const young = await child({ dateOfBirth: yearsBefore(today, 4) });
    const old = await child({ dateOfBirth: yearsBefore(today, 15) });
    const family = await application({ ageFrom: 2, ageTo: 8 });
    const children = (await call('GET', `/adoptive-matching/adoptive-childs?parentId=${family.id}`)).json()
      .data as {
      id: number;
      mismatches: number;
      compatibility: { criterion: string; result: string }[];
    }[];
    const ids = children.map((row) => row.id);
    expect(ids).toContain(young.id);
    expect(ids.indexOf(young.id)).toBeLessThan(ids.indexOf(old.id));
    expect(
      children.find((row) => row.id === old.id)?.compatibility.find((entry) => entry.criterion === 'age')
        ?.result,
    ).toBe('mismatch');
    // A matched child is not a candidate; without the other side, no compatibility.
    const { child: matched } = await propose();
    const plain = (await call('GET', '/adoptive-matching/adoptive-childs')).json().data as {
      id: number;
      compatibility: null;
    }[];
    expect(plain.map((row) => row.id)).not.toContain(matched.id);
    expect(plain[0].compatibility).toBeNull();
    const families = (await call('GET', `/adoptive-matching/adoptive-parents?childId=${young.id}`)).json()
      .data as { id: number }[];
    expect(families.map((row) => row.id)).toContain(family.id);
    // Another office's family is out of a provincial user's reach.
    expect(
      (
        await call(
          'GET',
          `/adoptive-matching/adoptive-childs?parentId=${family.id}`,
          undefined,
          tokens.provincial,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('time in stage', () => {
  it('moves the stage entry only when the stage changes, and the stage filter answers that stage', async () => {
    const { response } = await propose({ proposedDate: yearsBefore(today, 1) });
    const id = response.json().data.id;
    const read = async () => (await call('GET', `/adoptive-matching/${id}`)).json().data;
    expect((await read()).stageEnteredOn).toBe(yearsBefore(today, 1));
    // A step within the proposal keeps it; the record names the last step and who took it.
    expect((await act('pending-adoption', id, {}, tokens.caseworker)).statusCode).toBe(200);
    const pending = await read();
    expect(pending.stageEnteredOn).toBe(yearsBefore(today, 1));
    expect(pending.lastAskedAction).toBe('pending-adoption');
    expect(typeof pending.lastAskedBy).toBe('number');
    expect((await act('confirm-adoption', id, { date: today })).statusCode).toBe(200);
    expect((await read()).stageEnteredOn).toBe(yearsBefore(today, 1));
    // Starting the trial enters the trial on its date.
    expect((await act('test-adoption', id, { date: today })).statusCode).toBe(200);
    expect((await read()).stageEnteredOn).toBe(today);
    const trial = (await call('GET', '/adoptive-matching?page=1&take=200&stage=trial')).json();
    expect(trial.data.map((row: { id: number }) => row.id)).toContain(id);
    expect(
      trial.data.every((row: { status: string }) =>
        ['testing', 'testPending', 'testConfirmed'].includes(row.status),
      ),
    ).toBe(true);
    const proposal = (await call('GET', '/adoptive-matching?page=1&take=200&stage=proposal')).json();
    expect(proposal.data.map((row: { id: number }) => row.id)).not.toContain(id);
  });
});

describe('the work queue', () => {
  const queue = async (token: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/work-queue',
      headers: t.bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      data: { entity: string; entityId: number; reason: string; actions?: string[] }[];
      total: number;
    };
  };
  const has = (items: Awaited<ReturnType<typeof queue>>, id: number, reason: string, entity = 'matching') =>
    items.data.some((item) => item.entity === entity && item.entityId === id && item.reason === reason);

  it('gives a supervisor the decisions asked of them, not one they asked for themselves; the caseworker none', async () => {
    const asked = (await propose()).response.json().data.id;
    expect((await act('pending-adoption', asked, {}, tokens.caseworker)).statusCode).toBe(200);
    const own = (await propose({}, tokens.supervisor)).response.json().data.id;
    expect((await act('pending-adoption', own, {}, tokens.supervisor)).statusCode).toBe(200);

    const supervisor = await queue(tokens.supervisor);
    expect(has(supervisor, asked, 'decision')).toBe(true);
    const item = supervisor.data.find((entry) => entry.entityId === asked && entry.reason === 'decision');
    expect(item?.actions).toEqual(['confirm-adoption', 'reject-adoption']);
    // Four-eyes: the one the supervisor asked for is another approver's.
    expect(has(supervisor, own, 'decision')).toBe(false);
    expect(has(await queue(tokens.second), own, 'decision')).toBe(true);
    // A caseworker takes no decision.
    expect((await queue(tokens.caseworker)).data.filter((entry) => entry.reason === 'decision')).toEqual([]);
    // Once decided the request leaves the queue; the adoption confirmed, the trial is the next
    // decision awaited (issue 22), and once it is started the matching leaves the decisions.
    expect((await act('confirm-adoption', asked, { date: today }, tokens.second)).statusCode).toBe(200);
    const confirmed = (await queue(tokens.supervisor)).data.find(
      (entry) => entry.entityId === asked && entry.reason === 'decision',
    );
    expect(confirmed?.actions).toEqual(['test-adoption', 'skip-adoption']);
    expect((await act('test-adoption', asked, { date: today }, tokens.second)).statusCode).toBe(200);
    expect(has(await queue(tokens.supervisor), asked, 'decision')).toBe(false);
  });

  it('lists overdue stages to matching readers and approvals ending within 30 days to parent readers, within the office', async () => {
    const late = (await propose({ proposedDate: yearsBefore(today, 1) })).response.json().data.id;
    const fresh = (await propose()).response.json().data.id;
    const ending = await application({ approvedUntil: isoDateIn(new Date(t.clock.now() + 10 * 86_400_000)) });
    const caseworker = await queue(tokens.caseworker);
    expect(has(caseworker, late, 'overdue')).toBe(true);
    expect(has(caseworker, fresh, 'overdue')).toBe(false);
    const overdue = caseworker.data.find((entry) => entry.entityId === late && entry.reason === 'overdue') as
      | { stage: string; days: number; expected: number }
      | undefined;
    expect(overdue).toMatchObject({ stage: 'proposal', expected: 30 });
    expect(overdue?.days).toBeGreaterThan(300);
    expect(has(caseworker, ending.id, 'approvalExpiring', 'parent')).toBe(true);
    expect(caseworker.total).toBeGreaterThanOrEqual(caseworker.data.length);
    // Another office's records are not there for a provincial user.
    const provincial = await queue(tokens.provincial);
    expect(has(provincial, late, 'overdue')).toBe(false);
    expect(has(provincial, ending.id, 'approvalExpiring', 'parent')).toBe(false);
  });

  it('is empty for a user who may read none of it, and refused without a session', async () => {
    await t.createUser('queue-nobody', ['adoptive_children:read']);
    const nobody = (await t.signIn('queue-nobody', userPassword)).accessToken;
    expect(await queue(nobody)).toEqual({ data: [], total: 0, totalExact: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/work-queue' })).statusCode).toBe(401);
  });
});
