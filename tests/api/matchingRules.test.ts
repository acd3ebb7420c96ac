import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptiveMatchings, attachments, childInfos, parentInfos } from '../../server/db/schema';
import { fileAreas } from '../../server/files/fileStore';
import type { TStatusHistoryRow } from '../../src/components/workflow/statusHistory';
import { formatDate } from '../../src/domain/dateFormat';
import { stagePeriods } from '../../src/domain/matchingStage';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import {
  matchingDecisionPermission,
  matchingStages,
  matchingStatuses,
  matchingWorkflow,
  matchingWorkflowActions,
  type TMatchingActionName,
} from '../../src/domain/workflows/matching.workflow';
import { allowedWorkflowActions, decideWorkflowEvent } from '../../src/domain/workflows/workflow';
import { createOffices, createOfficeUser, signInAll } from './support/officesAndUsers';
import {
  insertApplication,
  insertChild,
  insertMatching,
  type TApplicationOverrides,
  type TChildOverrides,
} from './support/recordFixtures';
import { createTestApp, type TTestApp } from './testApp';

/**
 * Matchings on the server, rule by rule (issue 13 'Proof'), beside tests/api/matchings.test.ts:
 * each refusal of a proposal and that it changes nothing, the justification and the compatibility
 * kept as it was, the update/approve split on every action, four-eyes on every decision it holds
 * (in words, in Khmer too, and turned off by the settings), the stage's entry day and the stage
 * filter, edits, deletes, stale versions, the office scope, a child's matchings, dated steps.
 */
let t: TTestApp;
let today: string;
let national: number;
let kampot: number;
type TUser =
  | 'caseworker'
  | 'supervisor'
  | 'second'
  | 'stepper'
  | 'approver'
  | 'provincial'
  | 'chief'
  | 'admin';
const tokens = {} as Record<TUser, string>;

const daysAgo = (days: number) => isoDateIn(new Date(t.clock.now() - days * 86_400_000));

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: unknown,
  token: string = tokens.supervisor,
  locale: 'en' | 'kh' = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...t.bearer(token), locale },
    payload: payload as object,
  });
const act = (
  action: string,
  id: number,
  body: Record<string, unknown>,
  token: string = tokens.supervisor,
  locale: 'en' | 'kh' = 'en',
) => call('PATCH', `/adoptive-matching/${action}/${id}`, body, token, locale);

/** This file's records: `CH-MR-000001`, dated from `today`. */
const records = () => ({ prefix: 'MR', today });
const child = (over: TChildOverrides = {}) =>
  insertChild(t.app.db, { headOfficeId: national, ...over }, records());
const application = (over: TApplicationOverrides = {}) =>
  insertApplication(t.app.db, { headOfficeId: national, ...over }, records());

/** The child's and the application's statuses, and how many matchings there are. */
const state = async (childId: number, parentId: number) => {
  const [c] = await t.app.db
    .select({ status: childInfos.status })
    .from(childInfos)
    .where(eq(childInfos.id, childId));
  const [p] = await t.app.db
    .select({ status: parentInfos.status })
    .from(parentInfos)
    .where(eq(parentInfos.id, parentId));
  const [matchings] = await t.app.db.select({ n: count() }).from(adoptiveMatchings);
  return { child: c.status, parent: p.status, matchings: matchings.n };
};

/** A matching proposed through the API, by the caseworker unless told. */
const propose = async (
  over: Record<string, unknown> = {},
  token: string = tokens.caseworker,
  office: number = national,
) => {
  const c = await child({ headOfficeId: office });
  const p = await application({ headOfficeId: office });
  const response = await call(
    'POST',
    '/adoptive-matching',
    { childId: c.id, parentId: p.id, proposedDate: today, ...over },
    token,
  );
  expect(response.statusCode, response.body).toBe(201);
  return {
    id: response.json().data.id as number,
    code: response.json().data.code as string,
    child: c,
    application: p,
  };
};

/** A matching written straight in `status` (its child and application matched), its last step `lastStepDate`. */
const seeded = async (status: string, lastStepDate = daysAgo(10), office = national) =>
  (
    await insertMatching(
      t.app.db,
      { headOfficeId: office, status, proposedDate: daysAgo(20), lastStepDate, stageEnteredOn: lastStepDate },
      records(),
    )
  ).id;

/** What a user or a list would notice of a matching. */
const read = async (id: number) => {
  const response = await call('GET', `/adoptive-matching/${id}`, undefined, tokens.admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Record<string, unknown> & { status: string; version: number };
};

/** A body every check accepts for `action`. */
const bodyOf = (_action: string, date = today) => ({
  date,
  reason: 'Written reason',
  reference: 'REF-42',
  number: 'W-42',
});
const actionBody = (action: TMatchingActionName, date = today): Record<string, unknown> => {
  const shape = Object.keys(matchingWorkflowActions[action].body.shape);
  return Object.fromEntries(Object.entries(bodyOf(action, date)).filter(([key]) => shape.includes(key)));
};

/** The first status from which `action` is allowed. */
const statusFor = (action: TMatchingActionName) => {
  const found = matchingStatuses.find(
    (status) =>
      decideWorkflowEvent(
        matchingWorkflow,
        status,
        matchingWorkflow.eventOf(action, actionBody(action), today),
      ).ok,
  );
  if (!found) throw new Error(`no status allows ${action}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  ({ national, kampot } = await createOffices(t, 'MR'));
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
  await t.createUser('stepper', [...read, 'matchings:update']);
  await t.createUser('approver', [...read, 'matchings:approve']);
  await t.createUser('chief', [], { roleName: 'Super Admin' });
  await createOfficeUser(
    t,
    'provincial',
    [...read, 'matchings:write', 'matchings:update', 'matchings:approve', 'matchings:delete'],
    kampot,
  );
  Object.assign(
    tokens,
    await signInAll(t, ['caseworker', 'supervisor', 'second', 'stepper', 'approver', 'provincial', 'chief']),
  );
}, 60_000);
afterAll(() => t?.close());

describe('the proposal’s refusals', () => {
  const refused = async (childId: number, parentId: number) => {
    const response = await call('POST', '/adoptive-matching', { childId, parentId, proposedDate: today });
    expect(response.statusCode, response.body).toBe(409);
    return response.json().message as string;
  };

  it.each([
    ['registered', 'Registered'],
    ['adopted', 'Adopted'],
    ['longTerm', 'Long-term care'],
    ['international', 'International adoption'],
  ])(
    'refuses a child who is %s, naming the child and the status, and changes nothing',
    async (status, words) => {
      const c = await child({ status });
      const p = await application();
      const before = await state(c.id, p.id);
      expect(await refused(c.id, p.id)).toBe(
        `childId: ${c.code} cannot be matched: the child is ${words}; only a child who can be adopted can.`,
      );
      expect(await state(c.id, p.id)).toEqual(before);
      expect(before).toMatchObject({ child: status, parent: 'accepted' });
    },
  );

  it.each([
    ['pending', 'Pending'],
    ['rejected', 'Rejected'],
    ['adopted', 'Adopted'],
  ])(
    'refuses an application that is %s, naming it and its status, and changes nothing',
    async (status, words) => {
      const c = await child();
      const p = await application({ status });
      const before = await state(c.id, p.id);
      expect(await refused(c.id, p.id)).toBe(
        `parentId: ${p.code} cannot be matched: the application is ${words}; only an accepted one can.`,
      );
      expect(await state(c.id, p.id)).toEqual(before);
      expect(before).toMatchObject({ child: 'adoptable', parent: status });
    },
  );

  it('refuses an approval that ended yesterday, naming its day, and takes one that ends today', async () => {
    const c = await child();
    const yesterday = daysAgo(1);
    const expired = await application({ approvedUntil: yesterday });
    const before = await state(c.id, expired.id);
    expect(await refused(c.id, expired.id)).toBe(
      `parentId: ${expired.code}'s approval ended on ${yesterday.split('-').reverse().join('-')}: renew it before matching.`,
    );
    expect(await state(c.id, expired.id)).toEqual(before);
    const lastDay = await application({ approvedUntil: today });
    const taken = await call('POST', '/adoptive-matching', {
      childId: c.id,
      parentId: lastDay.id,
      proposedDate: today,
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await state(c.id, lastDay.id)).toMatchObject({ child: 'matched', parent: 'matched' });
  });

  it('refuses a child in an active matching, naming that matching; once it is rejected the child is free again', async () => {
    const first = await propose();
    const other = await application();
    const before = await state(first.child.id, other.id);
    expect(await refused(first.child.id, other.id)).toBe(
      `childId: ${first.child.code} is already in the active matching ${first.code}.`,
    );
    expect(await state(first.child.id, other.id)).toEqual(before);
    expect(before).toMatchObject({ child: 'matched', parent: 'accepted' });
    // Not only while proposed: a matching on its way is active too.
    expect((await act('confirm-adoption', first.id, { date: today })).statusCode).toBe(200);
    expect(await refused(first.child.id, other.id)).toContain(first.code);
    expect((await act('reject-test', first.id, { date: today, reason: 'x' })).statusCode).toBe(409);
    expect((await act('test-adoption', first.id, { date: today })).statusCode).toBe(200);
    expect((await act('reject-test', first.id, { date: today, reason: 'The trial failed' })).statusCode).toBe(
      200,
    );
    const again = await call('POST', '/adoptive-matching', {
      childId: first.child.id,
      parentId: other.id,
      proposedDate: today,
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses an application in an active matching, naming that matching, and changes nothing', async () => {
    const first = await propose();
    const other = await child();
    const before = await state(other.id, first.application.id);
    expect(await refused(other.id, first.application.id)).toBe(
      `parentId: ${first.application.code} is already in the active matching ${first.code}.`,
    );
    expect(await state(other.id, first.application.id)).toEqual(before);
    expect(before).toMatchObject({ child: 'adoptable', parent: 'matched' });
  });
});

describe('a justification when they do not match', () => {
  it('names every criterion they do not match on, changes nothing, and keeps the justification with the compatibility of that day', async () => {
    // A boy of 14 for a family approved for a girl of 2 to 8.
    const c = await child({ sex: 'male', dateOfBirth: yearsBefore(today, 14) });
    const p = await application({ preferredSex: 'female', ageFrom: 2, ageTo: 8 });
    const body = { childId: c.id, parentId: p.id, proposedDate: today };
    const before = await state(c.id, p.id);
    const refused = await call('POST', '/adoptive-matching', body);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([
      'justification is required: the child and the family do not match on sex, age.',
    ]);
    expect(await state(c.id, p.id)).toEqual(before);
    // Blank is not a justification.
    const blank = await call('POST', '/adoptive-matching', { ...body, justification: '   ' });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(blank.json().errors.join(' ')).toMatch(/^justification /);
    expect(await state(c.id, p.id)).toEqual(before);
    // The candidates' compatibility that day is what the matching keeps.
    const candidates = (await call('GET', `/adoptive-matching/adoptive-parents?childId=${c.id}`)).json()
      .data as { id: number; compatibility: unknown }[];
    const shown = candidates.find((candidate) => candidate.id === p.id)?.compatibility;
    expect(shown).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ criterion: 'sex', result: 'mismatch' }),
        expect.objectContaining({ criterion: 'age', result: 'mismatch' }),
      ]),
    );
    const justified = await call('POST', '/adoptive-matching', {
      ...body,
      justification: 'He has lived with the family as a foster child.',
    });
    expect(justified.statusCode, justified.body).toBe(201);
    const id = justified.json().data.id;
    expect(justified.json().data).toMatchObject({
      justification: 'He has lived with the family as a foster child.',
      compatibility: shown,
    });
    // The family's terms change later: the matching keeps the compatibility as it was.
    await t.app.db
      .update(parentInfos)
      .set({ preferredSex: 'any', ageTo: 17 })
      .where(eq(parentInfos.id, p.id));
    expect(await read(id)).toMatchObject({
      justification: 'He has lived with the family as a foster child.',
      compatibility: shown,
    });
  });

  it('asks none when they match', async () => {
    const { id } = await propose();
    const record = await read(id);
    expect(record.justification).toBeNull();
    expect(
      (record.compatibility as { result: string; informational?: boolean }[]).filter(
        (entry) => entry.result === 'mismatch' && !entry.informational,
      ),
    ).toEqual([]);
  });
});

describe('who may take each action', () => {
  const actions = Object.keys(matchingWorkflowActions) as TMatchingActionName[];
  const isDecision = (action: TMatchingActionName) =>
    matchingWorkflowActions[action].permission === matchingDecisionPermission;

  it.each(actions)(
    '%s: taken by the user holding its permission only, refused (403) to the other',
    async (action) => {
      const from = statusFor(action);
      const [allowed, refused] = isDecision(action)
        ? [tokens.approver, tokens.stepper]
        : [tokens.stepper, tokens.approver];
      const id = await seeded(from);
      const before = await read(id);
      const denied = await act(action, id, actionBody(action), refused);
      expect(denied.statusCode, denied.body).toBe(403);
      expect(denied.json().message).toBe('No Permission.');
      expect(await read(id)).toEqual(before);
      const done = await act(action, id, actionBody(action), allowed);
      expect(done.statusCode, done.body).toBe(200);
      expect((await read(id)).status).not.toBe(from);
    },
  );
});

describe('four-eyes', () => {
  const stepWords: Record<string, string> = {
    propose: 'Matching proposed',
    'pending-adoption': 'Ask for the adoption decision',
    'pending-test': 'Ask for the trial decision',
    'pending-warrant': 'Warrant to be requested',
    'request-warrant': 'Request warrant',
    'child-keep': 'Ask to keep the child',
  };
  const refusal = (step: string) =>
    `You took the last step that was not a decision (${stepWords[step]}): another user must take this decision.`;
  const decisionsFrom = (status: string) =>
    allowedWorkflowActions(matchingWorkflow, status, {}).filter(
      (action) =>
        matchingWorkflowActions[action as TMatchingActionName].permission === matchingDecisionPermission,
    ) as TMatchingActionName[];
  /** Each step that is not a decision, with the decisions allowed from where it leads (pending-warrant leads to none). */
  const asks = (Object.keys(matchingWorkflowActions) as TMatchingActionName[])
    .filter((action) => matchingWorkflowActions[action].permission !== matchingDecisionPermission)
    .map((step) => {
      const from = matchingStatuses.find((status) =>
        allowedWorkflowActions(matchingWorkflow, status, {}).includes(step),
      );
      const taken = decideWorkflowEvent(matchingWorkflow, String(from), {
        type: matchingWorkflowActions[step].event,
      });
      return [step, String(from), taken.ok ? decisionsFrom(taken.status) : []] as const;
    })
    .filter(([, , decisions]) => decisions.length > 0);

  it.each(asks)(
    'after %s (from %s), each decision from there (%j) is refused to the user who took it (409 naming it), changing nothing, and taken by another',
    async (step, from, decisions) => {
      for (const decision of decisions) {
        const id = await seeded(from);
        expect((await act(step, id, actionBody(step), tokens.supervisor)).statusCode).toBe(200);
        const before = await read(id);
        const own = await act(decision, id, actionBody(decision), tokens.supervisor);
        expect(own.statusCode, `${step} then ${decision}: ${own.body}`).toBe(409);
        expect(own.json().message).toBe(refusal(step));
        expect(await read(id)).toEqual(before);
        const other = await act(decision, id, actionBody(decision), tokens.second);
        expect(other.statusCode, other.body).toBe(200);
      }
    },
  );

  it('holds the proposal: its proposer cannot confirm the adoption straight away, nor the trial after another confirmed it', async () => {
    const { id } = await propose({}, tokens.supervisor);
    const own = await act('confirm-adoption', id, { date: today }, tokens.supervisor);
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().message).toBe(refusal('propose'));
    expect((await read(id)).status).toBe('proposed');
    expect((await act('confirm-adoption', id, { date: today }, tokens.second)).statusCode).toBe(200);
    expect((await act('test-adoption', id, { date: today }, tokens.second)).statusCode).toBe(200);
    // Decisions since do not lift it: the proposal is still the last step that was not a decision.
    expect((await act('confirm-test', id, { date: today }, tokens.supervisor)).statusCode).toBe(409);
    expect((await act('skip-test', id, { reason: 'No trial' }, tokens.supervisor)).statusCode).toBe(409);
    expect((await read(id)).status).toBe('testing');
    // A trial of a day is shorter than expected: its confirmation says why.
    const confirmed = await act(
      'confirm-test',
      id,
      { date: today, reason: 'Settled at once' },
      tokens.second,
    );
    expect(confirmed.statusCode).toBe(200);
  });

  it('says so in Khmer to a user reading Khmer', async () => {
    const id = await seeded('proposed');
    expect((await act('pending-adoption', id, {}, tokens.supervisor)).statusCode).toBe(200);
    const own = await act('confirm-adoption', id, { date: today }, tokens.supervisor, 'kh');
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(
      'អ្នកបានធ្វើជំហានចុងក្រោយដែលមិនមែនជាការសម្រេច (ស្នើការសម្រេចសុំកុមារធម៌)៖ អ្នកប្រើប្រាស់ផ្សេងត្រូវសម្រេចលើនេះ។',
    );
  });

  it('holds the last step only: a warrant asked again by another user may be decided by the first', async () => {
    const id = await seeded('warrantPending');
    expect(
      (await act('request-warrant', id, actionBody('request-warrant'), tokens.supervisor)).statusCode,
    ).toBe(200);
    expect((await act('pending-warrant', id, {}, tokens.second)).statusCode).toBe(200);
    expect((await act('request-warrant', id, actionBody('request-warrant'), tokens.second)).statusCode).toBe(
      200,
    );
    expect((await act('confirm-warrant', id, actionBody('confirm-warrant'), tokens.second)).statusCode).toBe(
      409,
    );
    expect(
      (await act('confirm-warrant', id, actionBody('confirm-warrant'), tokens.supervisor)).statusCode,
    ).toBe(200);
  });

  it('holds a user whose role is Super Admin too', async () => {
    const id = await seeded('warranted');
    expect((await act('child-keep', id, { date: today }, tokens.chief)).statusCode).toBe(200);
    const own = await act('child-keep-approve', id, { date: today }, tokens.chief);
    expect(own.statusCode, own.body).toBe(409);
    expect(own.json().message).toBe(refusal('child-keep'));
    expect((await read(id)).status).toBe('keepRequested');
    expect((await act('child-keep-approve', id, { date: today }, tokens.admin)).statusCode).toBe(200);
  });

  it('is lifted when an administrator turns the setting off, which the audit log shows, and holds again once it is back on', async () => {
    const settings = async () =>
      (await call('GET', '/admin/system-setting', undefined, tokens.admin)).json().data;
    const save = async (fourEyes: boolean) => {
      const saved = await call(
        'PUT',
        '/admin/system-setting',
        { ...(await settings()), fourEyes },
        tokens.admin,
      );
      expect(saved.statusCode, saved.body).toBe(200);
    };
    await save(false);
    try {
      const id = await seeded('testing');
      expect((await act('pending-test', id, {}, tokens.supervisor)).statusCode).toBe(200);
      const own = await act('confirm-test', id, { date: today }, tokens.supervisor);
      expect(own.statusCode, own.body).toBe(200);
    } finally {
      await save(true);
    }
    // Both changes are on the audit screen: who switched it, from what to what.
    const audit = await call(
      'GET',
      '/audit-logs?take=10&entity=system_settings&action=update',
      undefined,
      tokens.admin,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    const entries = audit.json().data as { changes: string; user: { name: string } | null }[];
    expect(entries.length).toBeGreaterThanOrEqual(2);
    for (const entry of entries.slice(0, 2)) {
      expect(entry.changes).toContain('fourEyes');
      expect(entry.user).not.toBeNull();
    }
    const id = await seeded('testing');
    expect((await act('pending-test', id, {}, tokens.supervisor)).statusCode).toBe(200);
    expect((await act('confirm-test', id, { date: today }, tokens.supervisor)).statusCode).toBe(409);
  });
});

describe('time in stage', () => {
  it('enters a stage on the step’s date, keeps it for a step within the stage, and on today for an undated one', async () => {
    const { id } = await propose({ proposedDate: daysAgo(12) });
    const entered = async () => (await read(id)).stageEnteredOn;
    expect(await entered()).toBe(daysAgo(12));
    expect((await act('confirm-adoption', id, { date: daysAgo(10) })).statusCode).toBe(200);
    expect(await entered()).toBe(daysAgo(12));
    // The trial starts on the body's date, not on the day it is written down.
    expect((await act('test-adoption', id, { date: daysAgo(8) })).statusCode).toBe(200);
    expect(await entered()).toBe(daysAgo(8));
    for (const [action, body] of [
      ['confirm-test', { date: daysAgo(6), reason: 'Two days were enough: the family knew the child' }],
      ['un-confirm-test', { reason: 'One more visit is needed' }],
      ['pending-test', {}],
    ] as const) {
      expect((await act(action, id, body, tokens.second)).statusCode, action).toBe(200);
      expect(await entered(), action).toBe(daysAgo(8));
    }
    // Skipping the rest of the trial carries no date: the warrant stage starts today.
    expect((await act('skip-test', id, { reason: 'The court asked for the file' })).statusCode).toBe(200);
    expect(await entered()).toBe(today);
  });

  it('enters the keeping stage on the keep request’s date', async () => {
    const id = await seeded('warranted', daysAgo(9));
    expect((await act('child-keep', id, { date: daysAgo(3) }, tokens.caseworker)).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ status: 'keepRequested', stageEnteredOn: daysAgo(3) });
  });

  it('filters the list by stage: exactly the statuses of that stage', async () => {
    const ids = Object.fromEntries(
      await Promise.all(matchingStatuses.map(async (status) => [status, await seeded(status)] as const)),
    ) as Record<string, number>;
    for (const [stage, statuses] of Object.entries(matchingStages)) {
      const response = await call('GET', `/adoptive-matching?page=1&take=1000&stage=${stage}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = response.json().data as { id: number; status: string }[];
      expect([...new Set(rows.map((row) => row.status))].sort(), stage).toEqual([...statuses].sort());
      const listed = new Set(rows.map((row) => row.id));
      for (const status of matchingStatuses)
        expect(listed.has(ids[status]), `${status} under ${stage}`).toBe(
          (statuses as readonly string[]).includes(status),
        );
    }
  });
});

describe('editing and deleting', () => {
  it('edits the proposed date and the notes only; a proposed matching’s stage starts on the new date', async () => {
    const { id, child: c, application: p } = await propose();
    const before = await read(id);
    const edited = await call('PATCH', `/adoptive-matching/${id}`, {
      proposedDate: daysAgo(4),
      notes: 'The family visited twice.',
      version: before.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read(id)).toMatchObject({
      proposedDate: daysAgo(4),
      notes: 'The family visited twice.',
      stageEnteredOn: daysAgo(4),
      childId: c.id,
      parentId: p.id,
      status: 'proposed',
      version: before.version + 1,
    });
    const other = await child();
    const after = await read(id);
    for (const extra of [
      { childId: other.id },
      { parentId: p.id },
      { status: 'completed' },
      { justification: 'Changed' },
      { code: 'MA-OTHER' },
    ]) {
      const refused = await call('PATCH', `/adoptive-matching/${id}`, {
        notes: 'Sneaky',
        version: after.version,
        ...extra,
      });
      expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
      expect(await read(id)).toEqual(after);
    }
    const future = await call('PATCH', `/adoptive-matching/${id}`, {
      proposedDate: isoDateIn(new Date(t.clock.now() + 2 * 86_400_000)),
      version: after.version,
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual(['proposedDate cannot be in the future.']);
    expect(await read(id)).toEqual(after);
  });

  it('keeps the proposed date before every step that follows it', async () => {
    // Asked for a decision (no date yet): the proposal is still the last dated step, and moves with the edit.
    const asked = await propose({ proposedDate: daysAgo(10) });
    expect((await act('pending-adoption', asked.id, {}, tokens.caseworker)).statusCode).toBe(200);
    const edited = await call('PATCH', `/adoptive-matching/${asked.id}`, {
      proposedDate: daysAgo(2),
      version: (await read(asked.id)).version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read(asked.id)).toMatchObject({ proposedDate: daysAgo(2), stageEnteredOn: daysAgo(2) });
    const early = await act('confirm-adoption', asked.id, { date: daysAgo(5) }, tokens.second);
    expect(early.statusCode, early.body).toBe(400);
    // The ask, taken today, is the last step now.
    expect(early.json().errors).toEqual([
      `date cannot be before ${formatDate(today)}: the day of the matching's last step.`,
    ]);

    // Once a later step is dated, the proposal cannot be moved after it.
    const started = await propose({ proposedDate: daysAgo(10) });
    expect((await act('confirm-adoption', started.id, { date: daysAgo(6) })).statusCode).toBe(200);
    expect((await act('test-adoption', started.id, { date: daysAgo(3) })).statusCode).toBe(200);
    const before = await read(started.id);
    const late = await call('PATCH', `/adoptive-matching/${started.id}`, {
      proposedDate: daysAgo(5),
      version: before.version,
    });
    expect(late.statusCode, late.body).toBe(400);
    expect(late.json().errors).toEqual([
      `proposedDate cannot be after ${formatDate(daysAgo(6))}: the day of the step that follows the proposal.`,
    ]);
    expect(await read(started.id)).toEqual(before);
    const earlier = await call('PATCH', `/adoptive-matching/${started.id}`, {
      proposedDate: daysAgo(8),
      version: before.version,
    });
    expect(earlier.statusCode, earlier.body).toBe(200);
    // The trial's clock is not the proposal's.
    expect(await read(started.id)).toMatchObject({ proposedDate: daysAgo(8), stageEnteredOn: daysAgo(3) });
  });

  it('refuses an edit or an action sent with the version read before another change (409), changing nothing', async () => {
    const { id } = await propose();
    const seen = (await read(id)).version;
    expect((await act('pending-adoption', id, { version: seen }, tokens.caseworker)).statusCode).toBe(200);
    const current = await read(id);
    const edit = await call('PATCH', `/adoptive-matching/${id}`, { notes: 'Late', version: seen });
    expect(edit.statusCode, edit.body).toBe(409);
    const decide = await act('confirm-adoption', id, { date: today, version: seen }, tokens.second);
    expect(decide.statusCode, decide.body).toBe(409);
    expect(await read(id)).toEqual(current);
    expect(
      (await act('confirm-adoption', id, { date: today, version: current.version }, tokens.second))
        .statusCode,
    ).toBe(200);
  });

  it('deletes a proposed matching with its documents, freeing both to be matched again; once asked on, it cannot be deleted', async () => {
    const { id, child: c, application: p } = await propose();
    // A document of the proposal, in the file store: the delete removes the row and, once committed, the file.
    const storedName = 'a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0.pdf';
    await t.app.files.put(fileAreas.attachments, storedName, Buffer.from('%PDF-1.4'));
    await t.app.db.insert(attachments).values({
      entity: 'adoptive_matchings',
      entityId: id,
      slot: 'proposal',
      storedName,
      originalName: 'report.pdf',
      mimeType: 'application/pdf',
      size: 8,
    });
    const removed = await call('DELETE', `/adoptive-matching/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const documents = await t.app.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.entity, 'adoptive_matchings'), eq(attachments.entityId, id)));
    expect(documents).toEqual([]);
    expect(await t.app.files.exists(fileAreas.attachments, storedName)).toBe(false);
    expect(await state(c.id, p.id)).toMatchObject({ child: 'adoptable', parent: 'accepted' });
    expect((await call('GET', `/adoptive-matching/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/adoptive-matching/${id}`)).statusCode).toBe(404);
    const again = await call('POST', '/adoptive-matching', {
      childId: c.id,
      parentId: p.id,
      proposedDate: today,
    });
    expect(again.statusCode, again.body).toBe(201);

    // Still in the proposal stage, but no longer proposed.
    const asked = again.json().data.id;
    expect((await act('pending-adoption', asked, {}, tokens.caseworker)).statusCode).toBe(200);
    const before = await state(c.id, p.id);
    const refused = await call('DELETE', `/adoptive-matching/${asked}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This matching can no longer be deleted: only a proposed matching can. Reject it instead.',
    );
    expect(await state(c.id, p.id)).toEqual(before);
    expect((await read(asked)).status).toBe('adoptionPending');
  });
});

describe('the office scope', () => {
  it('keeps a provincial user to the matchings, children and families of its office', async () => {
    // Proposed for their office by a national caseworker: four-eyes leaves the decisions to them.
    const theirs = await propose({}, tokens.caseworker, kampot);
    const other = await propose();
    const p = tokens.provincial;
    const list = (await call('GET', '/adoptive-matching?page=1&take=1000', undefined, p)).json().data as {
      id: number;
    }[];
    expect(list.map((row) => row.id)).toContain(theirs.id);
    expect(list.map((row) => row.id)).not.toContain(other.id);
    const before = await read(other.id);
    for (const [method, url, body] of [
      ['GET', `/adoptive-matching/${other.id}`, undefined],
      ['GET', `/adoptive-matching/status-history/${other.id}`, undefined],
      ['GET', `/adoptive-matching/allowed-actions/${other.id}`, undefined],
      ['PATCH', `/adoptive-matching/${other.id}`, { notes: 'Not mine', version: before.version }],
      ['PATCH', `/adoptive-matching/reject-adoption/${other.id}`, { date: today, reason: 'Not mine' }],
      ['DELETE', `/adoptive-matching/${other.id}`, undefined],
      ['GET', `/adoptive-matching/histories/${other.child.id}`, undefined],
    ] as const) {
      const response = await call(method, url, body, p);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await read(other.id)).toEqual(before);
    // Their own is theirs to act on.
    expect(
      (await act('reject-adoption', theirs.id, { date: today, reason: 'Withdrawn' }, p)).statusCode,
    ).toBe(200);

    // The candidates: only the office's free children and families.
    const ownChild = await child({ headOfficeId: kampot });
    const ownFamily = await application({ headOfficeId: kampot });
    const nationalChild = await child();
    const nationalFamily = await application();
    const children = (await call('GET', '/adoptive-matching/adoptive-childs', undefined, p)).json().data as {
      id: number;
    }[];
    expect(children.map((row) => row.id)).toContain(ownChild.id);
    expect(children.map((row) => row.id)).not.toContain(nationalChild.id);
    const families = (
      await call('GET', `/adoptive-matching/adoptive-parents?childId=${ownChild.id}`, undefined, p)
    ).json().data as { id: number }[];
    expect(families.map((row) => row.id)).toContain(ownFamily.id);
    expect(families.map((row) => row.id)).not.toContain(nationalFamily.id);
    expect(
      (await call('GET', `/adoptive-matching/adoptive-parents?childId=${nationalChild.id}`, undefined, p))
        .statusCode,
    ).toBe(404);
    // A proposal with another office's family is refused as unknown, and changes nothing.
    const before2 = await state(ownChild.id, nationalFamily.id);
    const crossed = await call(
      'POST',
      '/adoptive-matching',
      { childId: ownChild.id, parentId: nationalFamily.id, proposedDate: today },
      p,
    );
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().errors.join(' ')).toMatch(/^parentId /);
    expect(await state(ownChild.id, nationalFamily.id)).toEqual(before2);
  });
});

describe('a child’s matchings', () => {
  it('answers every matching of the child, newest first, in the reader’s language, and no other child’s', async () => {
    const first = await propose({ proposedDate: daysAgo(30) });
    expect(
      (await act('reject-adoption', first.id, { date: daysAgo(20), reason: 'Withdrawn' })).statusCode,
    ).toBe(200);
    const family = await application();
    const second = await call('POST', '/adoptive-matching', {
      childId: first.child.id,
      parentId: family.id,
      proposedDate: daysAgo(5),
    });
    expect(second.statusCode, second.body).toBe(201);
    const someoneElse = await propose();

    const histories = await call('GET', `/adoptive-matching/histories/${first.child.id}`);
    expect(histories.statusCode).toBe(200);
    expect(histories.json().data).toEqual([
      expect.objectContaining({
        id: second.json().data.id,
        date: daysAgo(5),
        status: 'Proposed',
        statusCode: 'proposed',
      }),
      expect.objectContaining({
        id: first.id,
        date: daysAgo(30),
        status: 'Rejected',
        statusCode: 'rejected',
      }),
    ]);
    expect(histories.json().data.map((row: { id: number }) => row.id)).not.toContain(someoneElse.id);
    const khmer = await call(
      'GET',
      `/adoptive-matching/histories/${first.child.id}`,
      undefined,
      tokens.supervisor,
      'kh',
    );
    expect(khmer.json().data.map((row: { status: string }) => row.status)).toEqual(['បានស្នើ', 'បានបដិសេធ']);
    // A child without a matching has none; an unknown child is not found.
    const alone = await child();
    expect((await call('GET', `/adoptive-matching/histories/${alone.id}`)).json().data).toEqual([]);
    expect((await call('GET', '/adoptive-matching/histories/999999')).statusCode).toBe(404);
  });
});

describe('dated steps', () => {
  it('refuses a date before the last step (400 naming that day) or in the future, and takes the same day', async () => {
    const { id } = await propose({ proposedDate: daysAgo(6) });
    const before = await read(id);
    const early = await act('confirm-adoption', id, { date: daysAgo(7) });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual([
      `date cannot be before ${formatDate(daysAgo(6))}: the day of the matching's last step.`,
    ]);
    expect(await read(id)).toEqual(before);
    const future = await act('confirm-adoption', id, {
      date: isoDateIn(new Date(t.clock.now() + 86_400_000)),
    });
    expect(future.statusCode, future.body).toBe(400);
    expect(await read(id)).toEqual(before);
    expect((await act('confirm-adoption', id, { date: daysAgo(3) })).statusCode).toBe(200);
    // Now the confirmation is the last step: the trial cannot start before it.
    const trial = await act('test-adoption', id, { date: daysAgo(4) });
    expect(trial.statusCode).toBe(400);
    expect(trial.json().errors).toEqual([
      `date cannot be before ${formatDate(daysAgo(3))}: the day of the matching's last step.`,
    ]);
    expect((await read(id)).status).toBe('adoptionConfirmed');
    expect((await act('test-adoption', id, { date: daysAgo(3) })).statusCode).toBe(200);
  });
});

describe('dates in order', () => {
  /** A child made adoptable through the API on `day` (the child's confirm-adoption). */
  const adoptableOn = async (day: string) => {
    const c = await child({ status: 'registered' });
    const confirmed = await call(
      'PATCH',
      `/child-infos/confirm-adoption/${c.id}`,
      { id: c.id, date: day },
      tokens.admin,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return c;
  };
  const proposeOn = (childId: number, parentId: number, proposedDate: string, locale: 'en' | 'kh' = 'en') =>
    call('POST', '/adoptive-matching', { childId, parentId, proposedDate }, tokens.caseworker, locale);

  it('refuses a proposal dated before the child became adoptable (400 naming that day, in both languages), changing nothing', async () => {
    const c = await adoptableOn(daysAgo(7));
    const p = await application();
    const before = await state(c.id, p.id);
    const early = await proposeOn(c.id, p.id, daysAgo(9));
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual([
      `proposedDate cannot be before ${formatDate(daysAgo(7))}: the day ${c.code} could be adopted.`,
    ]);
    const kh = await proposeOn(c.id, p.id, daysAgo(9), 'kh');
    expect(kh.json().errors).toEqual([
      `proposedDate មិនអាចមុនថ្ងៃ ${formatDate(daysAgo(7))} បានទេ៖ ថ្ងៃដែលកុមារ ${c.code} អាចត្រូវបានសុំកុមារធម៌។`,
    ]);
    expect(await state(c.id, p.id)).toEqual(before);
    expect((await proposeOn(c.id, p.id, daysAgo(7))).statusCode).toBe(201);
  });

  it('refuses a proposal dated before the application was accepted, on create and on edit, naming that day', async () => {
    const c = await child();
    const p = await application({ decisionDate: daysAgo(5) });
    const before = await state(c.id, p.id);
    const early = await proposeOn(c.id, p.id, daysAgo(6));
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual([
      `proposedDate cannot be before ${formatDate(daysAgo(5))}: the day application ${p.code} was accepted.`,
    ]);
    const kh = await proposeOn(c.id, p.id, daysAgo(6), 'kh');
    expect(kh.json().errors).toEqual([
      `proposedDate មិនអាចមុនថ្ងៃ ${formatDate(daysAgo(5))} បានទេ៖ ថ្ងៃដែលពាក្យស្នើសុំ ${p.code} ត្រូវបានទទួលយក។`,
    ]);
    expect(await state(c.id, p.id)).toEqual(before);
    const created = await proposeOn(c.id, p.id, daysAgo(5));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const saved = await read(id);
    const edited = await call('PATCH', `/adoptive-matching/${id}`, {
      proposedDate: daysAgo(6),
      version: saved.version,
    });
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().errors).toEqual([
      `proposedDate cannot be before ${formatDate(daysAgo(5))}: the day application ${p.code} was accepted.`,
    ]);
    expect(await read(id)).toEqual(saved);
  });

  it('counts a step without a date on the day it was taken: a decision cannot be dated before it', async () => {
    const { id } = await propose({ proposedDate: daysAgo(12) });
    expect((await act('pending-adoption', id, {}, tokens.caseworker)).statusCode).toBe(200);
    const before = await read(id);
    const early = await act('confirm-adoption', id, { date: daysAgo(10) });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual([
      `date cannot be before ${formatDate(today)}: the day of the matching's last step.`,
    ]);
    const kh = await act('confirm-adoption', id, { date: daysAgo(10) }, tokens.supervisor, 'kh');
    expect(kh.json().errors).toEqual([
      `date មិនអាចមុនថ្ងៃ ${formatDate(today)} បានទេ៖ ថ្ងៃនៃជំហានចុងក្រោយរបស់ការផ្គូផ្គង។`,
    ]);
    expect(await read(id)).toEqual(before);
    // The proposal cannot be moved after the step that follows it either.
    expect((await act('confirm-adoption', id, { date: today })).statusCode).toBe(200);
  });

  it('keeps a warrant asked for after a trial skipped today on or after today, so its stage counts from its request', async () => {
    const id = await seeded('adoptionConfirmed', daysAgo(20));
    expect((await act('skip-adoption', id, { reason: 'No trial needed' })).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({ status: 'warrantPending', stageEnteredOn: today });
    const early = await act(
      'request-warrant',
      id,
      { date: daysAgo(13), reference: 'REF-13' },
      tokens.caseworker,
    );
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual([
      `date cannot be before ${formatDate(today)}: the day of the matching's last step.`,
    ]);
    expect(
      (await act('request-warrant', id, { date: today, reference: 'REF-0' }, tokens.caseworker)).statusCode,
    ).toBe(200);
    // The stepper reads the history as the page does: the warrant stage from today, its steps in order.
    const history = (await call('GET', `/adoptive-matching/status-history/${id}`)).json()
      .data as TStatusHistoryRow[];
    const periods = stagePeriods(
      [...history]
        .reverse()
        .map((row) => ({ ...row, userId: row.user?.id ?? null, userName: row.user?.name ?? null })),
      today,
      { proposal: 30, trial: 90, warrant: 60, keeping: 30 },
    );
    expect(periods.at(-1)).toMatchObject({ stage: 'warrant', enteredOn: today, leftOn: null, days: 0 });
    expect(periods.at(-1)?.steps.map((entry) => [entry.action, entry.day])).toEqual([
      ['skip-adoption', today],
      ['request-warrant', today],
    ]);
  });

  it('takes a child freed by a rejected matching from the rejection’s date, not before', async () => {
    const first = await propose({ proposedDate: daysAgo(30) });
    expect(
      (await act('reject-adoption', first.id, { date: daysAgo(20), reason: 'Withdrawn' })).statusCode,
    ).toBe(200);
    const family = await application();
    const early = await proposeOn(first.child.id, family.id, daysAgo(21));
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().errors).toEqual([
      `proposedDate cannot be before ${formatDate(daysAgo(20))}: the day ${first.child.code} could be adopted.`,
    ]);
    expect((await proposeOn(first.child.id, family.id, daysAgo(20))).statusCode).toBe(201);
  });
});
