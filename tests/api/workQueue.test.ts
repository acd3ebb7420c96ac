import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptiveMatchings,
  childInfos,
  headOffices,
  parentInfos,
  postAdoptionServices,
  provinces,
  users,
} from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { matchingStatuses } from '../../src/domain/workflows/matching.workflow';
import { createOffices, createOfficeUser, signInAll } from './support/officesAndUsers';
import {
  insertApplication,
  insertChild,
  insertCompletedMatching,
  insertMatching,
  insertService,
  type TApplicationOverrides,
} from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The work queue (`GET /work-queue`, issue 13, DESIGN.md section 6): what each user finds waiting
 * for them, by what they hold: decisions for approvers (four-eyes leaves out their own requests),
 * overdue stages for matching readers, approvals ending for parent readers, services after adoption
 * (overdue or with a concern for their officer and the office's supervisors, due soon for their
 * officer); within the office.
 */
let t: TTestApp;
let today: string;
let national: number;
let kampot: number;
const tokens = {} as Record<
  | 'caseworker'
  | 'supervisor'
  | 'second'
  | 'provincial'
  | 'registrar'
  | 'approveOnly'
  | 'admin'
  | 'officer'
  | 'otherOfficer'
  | 'serviceSupervisor'
  | 'serviceBlind'
  | 'kampotCaseworker',
  string
>;
const userIds = {} as Record<'officer' | 'otherOfficer' | 'serviceSupervisor' | 'serviceBlind', number>;

type TItem = {
  entity: 'matching' | 'parent' | 'service';
  entityId: number;
  code: string;
  title: string;
  reason:
    | 'decision'
    | 'overdue'
    | 'approvalExpiring'
    | 'serviceOverdue'
    | 'serviceConcern'
    | 'serviceDueSoon'
    | 'nextStep';
  status: string;
  since: string;
  actions?: string[];
  stage?: string;
  days?: number;
  expected?: number;
  serviceType?: string;
};
type TQueue = { data: TItem[]; total: number };

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...t.bearer(token), locale: 'en' },
    payload: payload as object,
  });

const queue = async (token: string): Promise<TQueue> => {
  const response = await call('GET', '/work-queue', token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const find = (items: TQueue, entityId: number, reason: TItem['reason'], entity = 'matching') =>
  items.data.find((item) => item.entity === entity && item.entityId === entityId && item.reason === reason);

const dayFromToday = (days: number) => isoDateIn(new Date(t.clock.now() + days * 86_400_000));

/** This file's records: `CH-WQ-000001`, dated from `today`; its children are `Queue Child <n>`. */
const records = () => ({ prefix: 'WQ', today });
const queueChild = { familyNameEn: 'Queue' };
const child = (headOfficeId = national) => insertChild(t.app.db, { headOfficeId, ...queueChild }, records());
const application = (over: TApplicationOverrides = {}) =>
  insertApplication(t.app.db, { headOfficeId: national, ...over }, records());

/**
 * A service after adoption of a matching completed three years ago, written straight in its table (as the
 * workflow contract test does): pending unless said, planned on `plannedDate`, given by `officerId`.
 */
const service = async ({
  office = national,
  concern = false,
  ...values
}: {
  office?: number;
  officerId: number;
  plannedDate: string;
  status?: 'pending' | 'confirmed' | 'rejected';
  concern?: boolean;
  actualDate?: string;
  serviceType?: string;
}) => {
  const matching = await insertCompletedMatching(
    t.app.db,
    { headOfficeId: office, completedOn: yearsBefore(today, 3), child: queueChild },
    records(),
  );
  const row = await insertService(
    t.app.db,
    matching,
    {
      ...values,
      concern,
      findings: concern ? { health: 'good', schooling: 'concern', integration: 'good' } : null,
    },
    records(),
  );
  return { id: row.id, code: row.code };
};

/** A matching proposed through the API (the caseworker, unless said), in the child's office. */
const propose = async ({
  proposedDate = today,
  office = national,
  token = tokens.caseworker,
}: {
  proposedDate?: string;
  office?: number;
  token?: string;
} = {}) => {
  const c = await child(office);
  const p = await application({ headOfficeId: office });
  const response = await call('POST', '/adoptive-matching', token, {
    childId: c.id,
    parentId: p.id,
    proposedDate,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; code: string };
};
const act = async (action: string, id: number, token: string, body: Record<string, unknown> = {}) => {
  const response = await call('PATCH', `/adoptive-matching/${action}/${id}`, token, body);
  expect(response.statusCode, response.body).toBe(200);
};

/** Saves one system setting through the settings screen's route, as an administrator would. */
const setSetting = async (change: Record<string, unknown>) => {
  const current = (await call('GET', '/admin/system-setting', tokens.admin)).json().data;
  const response = await call('PUT', '/admin/system-setting', tokens.admin, { ...current, ...change });
  expect(response.statusCode, response.body).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  ({ national, kampot } = await createOffices(t, 'WQ'));
  await t.createUser('caseworker', ['matchings:read', 'matchings:write', 'matchings:update']);
  await t.createUser('supervisor', [
    'matchings:read',
    'matchings:write',
    'matchings:update',
    'matchings:approve',
  ]);
  await t.createUser('second', ['matchings:read', 'matchings:update', 'matchings:approve']);
  await t.createUser('registrar', ['adoptive_parents:read']);
  await t.createUser('approveOnly', ['matchings:approve']);
  // Services after adoption: two caseworkers who give them, a supervisor of the Kampot office, and
  // a supervisor who gives services but may not read them.
  userIds.officer = (await t.createUser('officer', ['post_adoption_services:read'])).id;
  userIds.otherOfficer = (await t.createUser('other-officer', ['post_adoption_services:read'])).id;
  userIds.serviceSupervisor = (
    await createOfficeUser(
      t,
      'service-supervisor',
      ['post_adoption_services:read', 'matchings:approve'],
      kampot,
    )
  ).id;
  userIds.serviceBlind = (await t.createUser('service-blind', ['matchings:read', 'matchings:approve'])).id;
  await createOfficeUser(
    t,
    'provincial',
    ['matchings:read', 'matchings:update', 'matchings:approve', 'adoptive_parents:read'],
    kampot,
  );
  // A caseworker of the Kampot office (takes the steps that are not decisions).
  await createOfficeUser(t, 'kampot-caseworker', ['matchings:read', 'matchings:update'], kampot);
  Object.assign(
    tokens,
    await signInAll(t, ['caseworker', 'supervisor', 'second', 'provincial', 'registrar', 'approveOnly'], {
      kampotCaseworker: 'kampot-caseworker',
      officer: 'officer',
      otherOfficer: 'other-officer',
      serviceSupervisor: 'service-supervisor',
      serviceBlind: 'service-blind',
    }),
  );
}, 60_000);
afterAll(() => t?.close());

// First in the file: the national users' queues hold only these items yet (the 230 overdue matchings
// of 'answers at most 200 items' below would push today's items past the answer's 200).
describe('every matching that is not final on the queue of whoever takes its next step (issue 22)', () => {
  /** Whose move each status awaits, from DESIGN.md section 4, written out by hand. */
  const awaited = {
    proposed: { turn: 'caseworker', actions: ['pending-adoption'] },
    adoptionPending: { turn: 'decision', actions: ['confirm-adoption', 'reject-adoption'] },
    adoptionConfirmed: { turn: 'decision', actions: ['test-adoption', 'skip-adoption'] },
    testing: { turn: 'caseworker', actions: ['pending-test'] },
    testPending: { turn: 'decision', actions: ['confirm-test', 'reject-test', 'skip-test'] },
    testConfirmed: { turn: 'caseworker', actions: ['pending-warrant'] },
    warrantPending: { turn: 'caseworker', actions: ['request-warrant'] },
    warrantRequested: { turn: 'decision', actions: ['confirm-warrant', 'reject-warrant'] },
    warranted: { turn: 'caseworker', actions: ['child-keep'] },
    keepRequested: { turn: 'decision', actions: ['child-keep-approve'] },
    completed: null,
    rejected: null,
  } as const;

  const userId = async (username: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

  /** A matching the caseworker proposed, in `status` since today (not overdue), straight in its table. */
  const matchingIn = async (status: string, createdBy: number, office = national) =>
    insertMatching(
      t.app.db,
      {
        headOfficeId: office,
        status,
        createdBy,
        child: queueChild,
        completedOn: status === 'completed' ? today : null,
      },
      records(),
    );

  it('walks every status: decisions for those who may decide, the other steps for the caseworker', async () => {
    expect(Object.keys(awaited).sort()).toEqual([...matchingStatuses].sort());
    const caseworkerId = await userId('caseworker');
    const ids = new Map<string, number>();
    for (const status of matchingStatuses) ids.set(status, (await matchingIn(status, caseworkerId)).id);
    const [caseworker, supervisor, provincialCaseworker] = await Promise.all([
      queue(tokens.caseworker),
      queue(tokens.supervisor),
      queue(tokens.kampotCaseworker),
    ]);
    for (const status of matchingStatuses) {
      const id = ids.get(status) as number;
      const expected = awaited[status];
      const mine = (items: TQueue) =>
        items.data.filter((item) => item.entity === 'matching' && item.entityId === id);
      if (expected === null) {
        // A final matching waits for nobody.
        expect(mine(caseworker), status).toEqual([]);
        expect(mine(supervisor), status).toEqual([]);
        continue;
      }
      if (expected.turn === 'decision') {
        expect(find(supervisor, id, 'decision'), status).toMatchObject({
          status,
          since: today,
          actions: expected.actions,
        });
        expect(mine(caseworker), `${status}: not the caseworker's move`).toEqual([]);
      } else {
        expect(find(caseworker, id, 'nextStep'), status).toMatchObject({
          status,
          since: today,
          actions: expected.actions,
          title: expect.stringMatching(/^Queue Child \d+ · /),
        });
        // Not an approver's decision, and not the step of a caseworker who did not propose it.
        expect(mine(supervisor), `${status}: the supervisor did not propose it`).toEqual([]);
      }
      // Another office's caseworker has nothing of it.
      expect(mine(provincialCaseworker), status).toEqual([]);
    }
    // The answer's total counts the new items as well.
    expect(caseworker.total).toBe(caseworker.data.length);
  });

  it('puts a step on the queue of the caseworkers of the matching’s office too, and leaves it once taken', async () => {
    const proposer = await userId('supervisor');
    const warranted = await matchingIn('warranted', proposer, kampot);
    // The Kampot caseworker did not propose it, but it is their office's.
    expect(find(await queue(tokens.kampotCaseworker), warranted.id, 'nextStep')).toMatchObject({
      status: 'warranted',
      actions: ['child-keep'],
    });
    // So is its proposer's; a national caseworker who did not propose it has nothing of it.
    expect(find(await queue(tokens.supervisor), warranted.id, 'nextStep')).toBeDefined();
    expect(find(await queue(tokens.caseworker), warranted.id, 'nextStep')).toBeUndefined();
    // Once the keep is asked for, it waits for a decision, no longer for the caseworker.
    await act('child-keep', warranted.id, tokens.kampotCaseworker, { date: today });
    expect(find(await queue(tokens.kampotCaseworker), warranted.id, 'nextStep')).toBeUndefined();
    expect(find(await queue(tokens.provincial), warranted.id, 'decision')).toMatchObject({
      actions: ['child-keep-approve'],
    });
  });

  it('does not show a step to a user who may not take it', async () => {
    const caseworkerId = await userId('caseworker');
    const testing = await matchingIn('testing', caseworkerId);
    // Reading matchings is not enough: the steps need matchings:update.
    const reader = await t.createUser('step-reader', ['matchings:read']);
    await t.app.db.update(users).set({ headOfficeId: national }).where(eq(users.id, reader.id));
    const readerToken = (await t.signIn('step-reader', userPassword)).accessToken;
    expect(find(await queue(readerToken), testing.id, 'nextStep')).toBeUndefined();
    expect(find(await queue(tokens.caseworker), testing.id, 'nextStep')).toBeDefined();
  });
});

describe('the work queue', () => {
  it('shows a caseworker the overdue stages, with the days against the expected, and no decisions', async () => {
    const late = await propose({ proposedDate: yearsBefore(today, 1) });
    const fresh = await propose();
    const asked = await propose();
    await act('pending-adoption', asked.id, tokens.caseworker);

    const caseworker = await queue(tokens.caseworker);
    expect(find(caseworker, late.id, 'overdue')).toMatchObject({
      code: late.code,
      status: 'proposed',
      stage: 'proposal',
      since: yearsBefore(today, 1),
      expected: 30,
      days: expect.any(Number),
    });
    expect(find(caseworker, late.id, 'overdue')?.days).toBeGreaterThan(360);
    // The title names the child and the family.
    expect(find(caseworker, late.id, 'overdue')?.title).toMatch(
      /^Queue Child \d+ · Family One \d+ & Family Two \d+$/,
    );
    expect(find(caseworker, fresh.id, 'overdue')).toBeUndefined();
    // Asking for a decision is a caseworker's step; the decision is not theirs.
    expect(caseworker.data.filter((item) => item.reason === 'decision')).toEqual([]);
    // Parent approvals are for those who read applications.
    expect(caseworker.data.filter((item) => item.entity === 'parent')).toEqual([]);
  });

  it('names the child and the family in the reader’s language: Latin in English, Khmer in Khmer', async () => {
    const named = await insertChild(
      t.app.db,
      {
        headOfficeId: national,
        familyNameKh: 'ខៀវ',
        givenNameKh: 'សុវណ្ណ',
        familyNameEn: 'Khiev',
        givenNameEn: 'Sovann',
      },
      records(),
    );
    // The second applicant has a Khmer name only: in English it stays Khmer.
    const family = await application({
      applicant1FamilyNameKh: 'សុខ',
      applicant1GivenNameKh: 'ដារា',
      applicant2FamilyNameKh: 'ចាន់',
      applicant2GivenNameKh: 'ស្រីពៅ',
      applicant2FamilyNameEn: null,
      applicant2GivenNameEn: null,
    } as TApplicationOverrides);
    const response = await call('POST', '/adoptive-matching', tokens.caseworker, {
      childId: named.id,
      parentId: family.id,
      proposedDate: yearsBefore(today, 1),
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json().data as { id: number };
    const titleIn = async (locale: 'kh' | 'en') => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/v1/work-queue',
        headers: { ...t.bearer(tokens.caseworker), locale },
      });
      return find(answer.json(), id, 'overdue')?.title;
    };
    expect(await titleIn('en')).toMatch(/^Khiev Sovann · Family One \d+ & ចាន់ ស្រីពៅ$/);
    expect(await titleIn('kh')).toBe('ខៀវ សុវណ្ណ · សុខ ដារា & ចាន់ ស្រីពៅ');
  });

  it('follows the expected days of the settings: a longer proposal stage is not overdue', async () => {
    const late = await propose({ proposedDate: dayFromToday(-40) });
    expect(find(await queue(tokens.caseworker), late.id, 'overdue')).toMatchObject({
      days: 40,
      expected: 30,
    });
    await setSetting({ stageExpectedDays: { proposal: 45, trial: 90, warrant: 60, keeping: 30 } });
    expect(find(await queue(tokens.caseworker), late.id, 'overdue')).toBeUndefined();
    await setSetting({ stageExpectedDays: { proposal: 30, trial: 90, warrant: 60, keeping: 30 } });
  });

  it('gives a supervisor the decisions asked of them with the actions they may take, not the ones they asked for', async () => {
    const asked = await propose();
    await act('pending-adoption', asked.id, tokens.caseworker);
    const own = await propose({ token: tokens.supervisor });
    await act('pending-adoption', own.id, tokens.supervisor);

    const supervisor = await queue(tokens.supervisor);
    expect(find(supervisor, asked.id, 'decision')).toMatchObject({
      code: asked.code,
      status: 'adoptionPending',
      actions: ['confirm-adoption', 'reject-adoption'],
      since: today,
    });
    // Four-eyes: the supervisor asked for this one; another approver decides it.
    expect(find(supervisor, own.id, 'decision')).toBeUndefined();
    expect(find(await queue(tokens.second), own.id, 'decision')).toBeDefined();
    // Nobody is exempt: a super user's own request is not on their queue either.
    expect(find(await queue(tokens.admin), own.id, 'decision')).toBeDefined();
    const admins = await propose({ token: tokens.admin });
    await act('pending-adoption', admins.id, tokens.admin);
    expect(find(await queue(tokens.admin), admins.id, 'decision')).toBeUndefined();
    expect(find(await queue(tokens.supervisor), admins.id, 'decision')).toBeDefined();
    // Approving without reading the matchings gives nothing to open.
    expect(await queue(tokens.approveOnly)).toEqual({ data: [], total: 0, totalExact: true });

    // With four-eyes off, the supervisor may decide their own request.
    await setSetting({ fourEyes: false });
    expect(find(await queue(tokens.supervisor), own.id, 'decision')).toBeDefined();
    await setSetting({ fourEyes: true });
    expect(find(await queue(tokens.supervisor), own.id, 'decision')).toBeUndefined();

    // Once decided, the request leaves the queue; the adoption confirmed, the supervisor's next
    // decision is the trial (issue 22: it no longer waits unseen), and once chosen it leaves again.
    await act('confirm-adoption', asked.id, tokens.second, { date: today });
    expect(find(await queue(tokens.supervisor), asked.id, 'decision')).toMatchObject({
      status: 'adoptionConfirmed',
      actions: ['test-adoption', 'skip-adoption'],
    });
    await act('test-adoption', asked.id, tokens.second, { date: today });
    expect(find(await queue(tokens.supervisor), asked.id, 'decision')).toBeUndefined();
  });

  it('lists each stage’s awaited decision: trial, warrant, keeping', async () => {
    const { id } = await propose();
    await act('pending-adoption', id, tokens.caseworker);
    await act('confirm-adoption', id, tokens.supervisor, { date: today });
    await act('test-adoption', id, tokens.supervisor, { date: today });
    await act('pending-test', id, tokens.caseworker);
    expect(find(await queue(tokens.supervisor), id, 'decision')?.actions).toEqual([
      'confirm-test',
      'reject-test',
      'skip-test',
    ]);
    await act('confirm-test', id, tokens.supervisor, { date: today, reason: 'Settled from the first day' });
    await act('pending-warrant', id, tokens.caseworker);
    // Waiting for the warrant to be requested is no decision.
    expect(find(await queue(tokens.supervisor), id, 'decision')).toBeUndefined();
    await act('request-warrant', id, tokens.caseworker, { date: today, reference: 'REF-1' });
    expect(find(await queue(tokens.supervisor), id, 'decision')?.actions).toEqual([
      'confirm-warrant',
      'reject-warrant',
    ]);
    await act('confirm-warrant', id, tokens.supervisor, { date: today, number: 'W-1' });
    await act('child-keep', id, tokens.caseworker, { date: today });
    expect(find(await queue(tokens.supervisor), id, 'decision')?.actions).toEqual(['child-keep-approve']);
    await act('child-keep-approve', id, tokens.supervisor, { date: today });
    const after = await queue(tokens.supervisor);
    expect(after.data.filter((item) => item.entityId === id && item.entity === 'matching')).toEqual([]);
  });

  it('lists accepted approvals ending within 30 days or already ended to parent readers', async () => {
    const soon = await application({ approvedUntil: dayFromToday(10) });
    const ended = await application({ approvedUntil: dayFromToday(-3) });
    const later = await application({ approvedUntil: dayFromToday(45) });
    const notAccepted = await application({ approvedUntil: dayFromToday(5), status: 'pending' });

    const registrar = await queue(tokens.registrar);
    expect(find(registrar, soon.id, 'approvalExpiring', 'parent')).toMatchObject({
      code: soon.code,
      title: expect.stringMatching(/^Family One \d+ & Family Two \d+$/),
      status: 'accepted',
      since: dayFromToday(10),
    });
    expect(find(registrar, ended.id, 'approvalExpiring', 'parent')?.since).toBe(dayFromToday(-3));
    expect(find(registrar, later.id, 'approvalExpiring', 'parent')).toBeUndefined();
    expect(find(registrar, notAccepted.id, 'approvalExpiring', 'parent')).toBeUndefined();
    // A parent reader reads no matchings.
    expect(registrar.data.every((item) => item.entity === 'parent')).toBe(true);
    // Oldest first.
    const days = registrar.data.map((item) => item.since);
    expect(days).toEqual([...days].sort());
  });

  it('keeps a provincial user to the items of its own office', async () => {
    const theirs = await propose({
      office: kampot,
      token: tokens.supervisor,
      proposedDate: yearsBefore(today, 1),
    });
    const ours = await propose({ proposedDate: yearsBefore(today, 1) });
    const theirsAsked = await propose({ office: kampot, token: tokens.supervisor });
    await act('pending-adoption', theirsAsked.id, tokens.supervisor);
    const oursAsked = await propose();
    await act('pending-adoption', oursAsked.id, tokens.caseworker);
    const theirsEnding = await application({ headOfficeId: kampot, approvedUntil: dayFromToday(7) });
    const oursEnding = await application({ approvedUntil: dayFromToday(7) });

    const provincial = await queue(tokens.provincial);
    expect(find(provincial, theirs.id, 'overdue')).toBeDefined();
    expect(find(provincial, theirsAsked.id, 'decision')).toBeDefined();
    expect(find(provincial, theirsEnding.id, 'approvalExpiring', 'parent')).toBeDefined();
    expect(find(provincial, ours.id, 'overdue')).toBeUndefined();
    expect(find(provincial, oursAsked.id, 'decision')).toBeUndefined();
    expect(find(provincial, oursEnding.id, 'approvalExpiring', 'parent')).toBeUndefined();
    const offices = await t.app.db
      .select({ id: adoptiveMatchings.id, office: adoptiveMatchings.headOfficeId })
      .from(adoptiveMatchings);
    const officeOf = new Map(offices.map((row) => [row.id, row.office]));
    expect(
      provincial.data
        .filter((item) => item.entity === 'matching')
        .every((item) => officeOf.get(item.entityId) === kampot),
    ).toBe(true);
    expect(provincial.total).toBe(provincial.data.length);
    // A national supervisor sees both offices' items.
    const supervisor = await queue(tokens.supervisor);
    expect(find(supervisor, theirs.id, 'overdue')).toBeDefined();
    expect(find(supervisor, ours.id, 'overdue')).toBeDefined();
  });

  it('answers at most 200 items, oldest first, with the true total', async () => {
    // An office of its own, with more overdue matchings than one answer holds.
    const [province] = await t.app.db.select({ id: provinces.id }).from(provinces).limit(1);
    const [office] = await t.app.db
      .insert(headOffices)
      .values({
        code: 'HO-WQ-BIG',
        name: { kh: 'BIG', en: 'BIG' },
        class: 'provincial',
        provinceId: province.id,
      })
      .returning({ id: headOffices.id });
    const reader = await t.createUser('big-reader', ['matchings:read']);
    await t.app.db.update(users).set({ headOfficeId: office.id }).where(eq(users.id, reader.id));
    const count = 230;
    const children = await t.app.db
      .insert(childInfos)
      .values(
        Array.from({ length: count }, (_, index) => ({
          code: `CH-WQ-BIG-${index}`,
          familyNameEn: 'Big',
          givenNameEn: `${index}`,
          sex: 'male',
          dateOfBirth: yearsBefore(today, 4),
          headOfficeId: office.id,
          status: 'matched',
        })),
      )
      .returning({ id: childInfos.id });
    const families = await t.app.db
      .insert(parentInfos)
      .values(
        Array.from({ length: count }, (_, index) => ({
          code: `PA-WQ-BIG-${index}`,
          applicantType: 'single',
          applicant1FamilyNameEn: 'Big',
          applicant1GivenNameEn: `Family ${index}`,
          headOfficeId: office.id,
          applicationDate: yearsBefore(today, 2),
          status: 'matched',
        })),
      )
      .returning({ id: parentInfos.id });
    await t.app.db.insert(adoptiveMatchings).values(
      Array.from({ length: count }, (_, index) => {
        const entered = dayFromToday(-100 - index);
        return {
          code: `MA-WQ-BIG-${index}`,
          childId: children[index].id,
          parentId: families[index].id,
          headOfficeId: office.id,
          proposedDate: entered,
          status: 'proposed',
          lastStepDate: entered,
          stageEnteredOn: entered,
        };
      }),
    );
    const big = await queue((await t.signIn('big-reader', userPassword)).accessToken);
    expect(big.total).toBe(count);
    expect(big.data).toHaveLength(200);
    const days = big.data.map((item) => item.since);
    expect(days).toEqual([...days].sort());
    // The oldest of all is the first.
    expect(big.data[0]).toMatchObject({ code: `MA-WQ-BIG-${count - 1}`, days: 100 + count - 1 });
  });

  it('is empty for a user who may read none of it, and refused without a session', async () => {
    await t.createUser('queue-nobody', ['adoptive_children:read']);
    const nobody = (await t.signIn('queue-nobody', userPassword)).accessToken;
    expect(await queue(nobody)).toEqual({ data: [], total: 0, totalExact: true });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/work-queue' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the work queue’s services after adoption (issue 14)', () => {
  it('gives an officer their overdue, due-soon and concerning services, not another officer’s', async () => {
    const overdue = await service({ officerId: userIds.officer, plannedDate: dayFromToday(-10) });
    const dueSoon = await service({
      officerId: userIds.officer,
      plannedDate: dayFromToday(5),
      serviceType: 'followUpReport',
    });
    const later = await service({ officerId: userIds.officer, plannedDate: dayFromToday(60) });
    const concern = await service({
      officerId: userIds.officer,
      plannedDate: dayFromToday(-30),
      status: 'confirmed',
      concern: true,
      actualDate: dayFromToday(-20),
    });
    const fine = await service({
      officerId: userIds.officer,
      plannedDate: dayFromToday(-30),
      status: 'confirmed',
      actualDate: dayFromToday(-25),
    });
    const refused = await service({
      officerId: userIds.officer,
      plannedDate: dayFromToday(-30),
      status: 'rejected',
    });
    const others = await service({ officerId: userIds.otherOfficer, plannedDate: dayFromToday(-10) });
    const othersSoon = await service({ officerId: userIds.otherOfficer, plannedDate: dayFromToday(3) });

    const officer = await queue(tokens.officer);
    expect(find(officer, overdue.id, 'serviceOverdue', 'service')).toEqual({
      entity: 'service',
      entityId: overdue.id,
      code: overdue.code,
      title: expect.stringMatching(/^Queue Child \d+ · Family One \d+ & Family Two \d+$/),
      reason: 'serviceOverdue',
      status: 'pending',
      since: dayFromToday(-10),
      serviceType: 'homeVisit',
    });
    expect(find(officer, dueSoon.id, 'serviceDueSoon', 'service')).toMatchObject({
      since: dayFromToday(5),
      serviceType: 'followUpReport',
    });
    // A concern is there since the day the service was given.
    expect(find(officer, concern.id, 'serviceConcern', 'service')).toMatchObject({
      status: 'confirmed',
      since: dayFromToday(-20),
    });
    const serviceIds = officer.data.filter((item) => item.entity === 'service').map((item) => item.entityId);
    // Not due yet, given without a concern, refused: nothing to do.
    expect(serviceIds).not.toContain(later.id);
    expect(serviceIds).not.toContain(fine.id);
    expect(serviceIds).not.toContain(refused.id);
    // Another officer's services are theirs.
    expect(serviceIds).not.toContain(others.id);
    expect(serviceIds).not.toContain(othersSoon.id);
    expect(find(await queue(tokens.otherOfficer), others.id, 'serviceOverdue', 'service')).toBeDefined();
    expect(find(await queue(tokens.otherOfficer), othersSoon.id, 'serviceDueSoon', 'service')).toBeDefined();
    expect(officer.total).toBe(officer.data.length);

    // Due soon follows the setting: 3 days ahead no longer covers a service in 5.
    await setSetting({ serviceDueSoonDays: 3 });
    expect(find(await queue(tokens.officer), dueSoon.id, 'serviceDueSoon', 'service')).toBeUndefined();
    await setSetting({ serviceDueSoonDays: 14 });
    expect(find(await queue(tokens.officer), dueSoon.id, 'serviceDueSoon', 'service')).toBeDefined();
  });

  it('gives a supervisor the overdue and concerning services of their office, not of another', async () => {
    // Planned long ago: an administrator's queue, checked below, holds more than 200 overdue matchings
    // of the test before, all younger than these.
    const ours = await service({
      office: kampot,
      officerId: userIds.officer,
      plannedDate: dayFromToday(-700),
    });
    const oursConcern = await service({
      office: kampot,
      officerId: userIds.otherOfficer,
      plannedDate: dayFromToday(-40),
      status: 'confirmed',
      concern: true,
      actualDate: dayFromToday(-35),
    });
    const oursFine = await service({
      office: kampot,
      officerId: userIds.officer,
      plannedDate: dayFromToday(-40),
      status: 'confirmed',
      actualDate: dayFromToday(-35),
    });
    // Due soon is for the officer alone.
    const oursSoon = await service({
      office: kampot,
      officerId: userIds.officer,
      plannedDate: dayFromToday(2),
    });
    const elsewhere = await service({ officerId: userIds.officer, plannedDate: dayFromToday(-700) });
    const elsewhereConcern = await service({
      officerId: userIds.officer,
      plannedDate: dayFromToday(-720),
      status: 'confirmed',
      concern: true,
      actualDate: dayFromToday(-710),
    });

    const supervisor = await queue(tokens.serviceSupervisor);
    expect(find(supervisor, ours.id, 'serviceOverdue', 'service')).toMatchObject({
      since: dayFromToday(-700),
    });
    expect(find(supervisor, oursConcern.id, 'serviceConcern', 'service')).toMatchObject({
      since: dayFromToday(-35),
    });
    const serviceIds = supervisor.data
      .filter((item) => item.entity === 'service')
      .map((item) => item.entityId);
    expect(serviceIds).not.toContain(oursFine.id);
    expect(serviceIds).not.toContain(oursSoon.id);
    expect(serviceIds).not.toContain(elsewhere.id);
    expect(serviceIds).not.toContain(elsewhereConcern.id);
    // Every service item is of the supervisor's office.
    const offices = await t.app.db
      .select({ id: postAdoptionServices.id, office: postAdoptionServices.headOfficeId })
      .from(postAdoptionServices);
    const officeOf = new Map(offices.map((row) => [row.id, row.office]));
    expect(
      supervisor.data
        .filter((item) => item.entity === 'service')
        .every((item) => officeOf.get(item.entityId) === kampot),
    ).toBe(true);
    expect(supervisor.total).toBe(supervisor.data.length);
    // Oldest first.
    const days = supervisor.data.map((item) => item.since);
    expect(days).toEqual([...days].sort());

    // A super user supervises every office: both overdue ones, no one else's due-soon.
    const admin = await queue(tokens.admin);
    expect(find(admin, ours.id, 'serviceOverdue', 'service')).toBeDefined();
    expect(find(admin, elsewhere.id, 'serviceOverdue', 'service')).toBeDefined();
    expect(find(admin, elsewhereConcern.id, 'serviceConcern', 'service')).toBeDefined();
    expect(find(admin, oursSoon.id, 'serviceDueSoon', 'service')).toBeUndefined();
  });

  it('shows no service to a user who may not read services, even their own or as a supervisor', async () => {
    const own = await service({ officerId: userIds.serviceBlind, plannedDate: dayFromToday(-730) });
    const soon = await service({ officerId: userIds.serviceBlind, plannedDate: dayFromToday(5) });
    const blind = await queue(tokens.serviceBlind);
    expect(blind.data.filter((item) => item.entity === 'service')).toEqual([]);
    // The same services are on the queue of a supervisor who reads them.
    expect(find(await queue(tokens.admin), own.id, 'serviceOverdue', 'service')).toBeDefined();
    expect(find(await queue(tokens.admin), soon.id, 'serviceDueSoon', 'service')).toBeUndefined();
  });

  it('leaves a service once it is given without a concern', async () => {
    const visit = await service({ officerId: userIds.officer, plannedDate: dayFromToday(-3) });
    expect(find(await queue(tokens.officer), visit.id, 'serviceOverdue', 'service')).toBeDefined();
    await t.app.db
      .update(postAdoptionServices)
      .set({ status: 'confirmed', actualDate: today })
      .where(eq(postAdoptionServices.id, visit.id));
    const after = await queue(tokens.officer);
    expect(after.data.filter((item) => item.entity === 'service' && item.entityId === visit.id)).toEqual([]);
  });
});
