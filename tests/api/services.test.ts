import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptiveMatchings,
  attachments,
  childInfos,
  headOffices,
  parentInfos,
  postAdoptionServices,
  provinces,
  statusHistory,
  users,
} from '../../server/db/schema';
import { fileAreas } from '../../server/files/fileStore';
import { addMonths } from '../../src/domain/addMonths';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { addDays, serviceDueState } from '../../src/domain/serviceSchedule';
import {
  matchingWorkflowActions,
  type TMatchingActionName,
} from '../../src/domain/workflows/matching.workflow';
import {
  insertApplication,
  insertChild,
  insertCompletedMatching,
  insertService,
  type TApplicationOverrides,
  type TChildOverrides,
  type TCompletedMatching,
  type TServiceOverrides,
} from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Services after adoption on the server (issue 14 'Proof'): the follow-up schedule a completed
 * matching makes (count and dates from the setting, officer, in the completion's transaction),
 * due-soon and overdue by date and by the setting, every filter and the search, a service added by
 * hand for a child or a matching, edits, deletes while pending, the three actions with their
 * findings, stale versions, the office scope, the permissions, the export and the create form's
 * adopted children.
 */
let t: TTestApp;
let today: string;
let national: number;
let kampot: number;
let provinceA: number;
let provinceB: number;
type TUser =
  | 'caseworker'
  | 'supervisor'
  | 'reader'
  | 'updater'
  | 'writer'
  | 'deleter'
  | 'provincial'
  | 'admin';
const tokens = {} as Record<TUser, string>;
const userIds = {} as Record<TUser, number>;

type TService = Record<string, unknown> & {
  id: number;
  code: string;
  status: string;
  plannedDate: string;
  version: number;
};

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: unknown,
  token: string = tokens.supervisor,
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...t.bearer(token), locale: 'en' },
    payload: payload as object,
  });

const daysFromToday = (days: number) => addDays(today, days);

/** This file's records: `CH-SV-000001`, dated from `today`. */
const records = () => ({ prefix: 'SV', today });
/** Applications here were accepted three years ago, in province A, unless said. */
const applicationValues = () => ({
  provinceId: provinceA,
  applicationDate: yearsBefore(today, 3),
  decisionDate: yearsBefore(today, 3),
});
const child = (over: TChildOverrides = {}) =>
  insertChild(t.app.db, { headOfficeId: national, ...over }, records());
const application = (over: TApplicationOverrides = {}) =>
  insertApplication(t.app.db, { headOfficeId: national, ...applicationValues(), ...over }, records());

/** A matching completed on `completedOn`, straight in its tables (its child and family adopted), no services. */
const completedMatching = ({
  office = national,
  parent,
  ...options
}: {
  office?: number;
  completedOn?: string;
  child?: TChildOverrides;
  parent?: TApplicationOverrides;
  childId?: number;
} = {}) =>
  insertCompletedMatching(
    t.app.db,
    {
      headOfficeId: office,
      createdBy: userIds.caseworker,
      ...options,
      parent: { ...applicationValues(), ...parent },
    },
    records(),
  );

/** A service of a matching (in its office), straight in its table, for the caseworker unless said. */
const addService = (matching: TCompletedMatching, values: TServiceOverrides & { code: string }) =>
  insertService(t.app.db, matching, { officerId: userIds.caseworker, ...values }, records());

/** What an action's body carries on `day` (a date, a reason, a warrant's reference or number). */
const matchingBody = (action: TMatchingActionName, day: string): Record<string, unknown> =>
  Object.fromEntries(
    matchingWorkflowActions[action].fields.map((field) => [
      field.key,
      field.key === 'date'
        ? day
        : field.key === 'reason'
          ? 'No trial needed: the child knows the family.'
          : field.key === 'reference'
            ? 'REF-SV'
            : 'W-SV',
    ]),
  );

const act = (action: TMatchingActionName, id: number, day: string, token: string) =>
  call('PATCH', `/adoptive-matching/${action}/${id}`, matchingBody(action, day), token);

/**
 * A matching proposed by the caseworker through the API and taken to its keep request, the steps'
 * days leading up to `keepOn` (the trial skipped); the keep approval is the caller's.
 */
const proposeToKeep = async (keepOn: string, office = national, keeper: string = tokens.caseworker) => {
  const c = await child({ headOfficeId: office });
  const p = await application({ headOfficeId: office });
  const proposed = await call(
    'POST',
    '/adoptive-matching',
    { childId: c.id, parentId: p.id, proposedDate: addDays(keepOn, -30) },
    tokens.caseworker,
  );
  expect(proposed.statusCode, proposed.body).toBe(201);
  const id = proposed.json().data.id as number;
  const steps: [TMatchingActionName, number, string][] = [
    ['confirm-adoption', -25, tokens.supervisor],
    ['skip-adoption', -25, tokens.supervisor],
    ['request-warrant', -20, tokens.caseworker],
    ['confirm-warrant', -10, tokens.supervisor],
    ['child-keep', -5, keeper],
  ];
  for (const [action, shift, token] of steps) {
    // A step without a date counts on the day it is taken: the skip is taken on its day, with the clock set back.
    const back =
      action === 'skip-adoption' ? t.clock.now() - Date.parse(`${addDays(keepOn, shift)}T12:00:00+07:00`) : 0;
    t.clock.advance(-back);
    try {
      const done = await act(action, id, addDays(keepOn, shift), token);
      expect(done.statusCode, `${action}: ${done.body}`).toBe(200);
    } finally {
      t.clock.advance(back);
    }
  }
  return { id, childId: c.id, parentId: p.id };
};

const servicesOf = (matchingId: number) =>
  t.app.db
    .select()
    .from(postAdoptionServices)
    .where(eq(postAdoptionServices.matchingId, matchingId))
    .orderBy(asc(postAdoptionServices.plannedDate), asc(postAdoptionServices.id));

/** The codes a list call answers, sorted. */
const listCodes = async (query: string, token: string = tokens.supervisor) => {
  const response = await call('GET', `/service-after-adoption?take=200&${query}`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { code: string }[]).map((row) => row.code).sort();
};

const readService = async (id: number, token: string = tokens.supervisor) => {
  const response = await call('GET', `/service-after-adoption/${id}`, undefined, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TService;
};

/** Saves system settings through the API (as the administrator), over the current ones. */
const saveSettings = async (changes: Record<string, unknown>) => {
  const current = (await call('GET', '/admin/system-setting', undefined, tokens.admin)).json().data;
  const saved = await call('PUT', '/admin/system-setting', { ...current, ...changes }, tokens.admin);
  expect(saved.statusCode, saved.body).toBe(200);
};

/** The latest 31 January that is at least a week past (a month-end keep approval). */
const lastThirtyFirstOfJanuary = () => {
  const year = Number(today.slice(0, 4));
  const thisYear = `${year}-01-31`;
  return thisYear <= daysFromToday(-7) ? thisYear : `${year - 1}-01-31`;
};

const findings = {
  health: 'good',
  schooling: 'concern',
  integration: 'notAssessed',
  notes: 'Struggles at school',
};

beforeAll(async () => {
  t = await createTestApp();
  today = isoDateIn(new Date(t.clock.now()));
  const [first, second] = await t.app.db
    .select({ id: provinces.id })
    .from(provinces)
    .orderBy(provinces.code)
    .limit(2);
  provinceA = first.id;
  provinceB = second.id;
  const office = async (code: string, kind: 'national' | 'provincial') =>
    (
      await t.app.db
        .insert(headOffices)
        .values({ code, name: { kh: code, en: code }, class: kind, provinceId: provinceA })
        .returning({ id: headOffices.id })
    )[0].id;
  national = await office('HO-SV-NAT', 'national');
  kampot = await office('HO-SV-KPT', 'provincial');
  const read = ['matchings:read', 'adoptive_children:read', 'adoptive_parents:read'];
  const service = (...actions: string[]) => actions.map((action) => `post_adoption_services:${action}`);
  const created = {
    caseworker: await t.createUser('caseworker', [
      ...read,
      'matchings:write',
      'matchings:update',
      ...service('read', 'write', 'update'),
    ]),
    supervisor: await t.createUser('supervisor', [
      ...read,
      'matchings:write',
      'matchings:update',
      'matchings:approve',
      ...service('read', 'write', 'update', 'delete'),
    ]),
    reader: await t.createUser('reader', service('read')),
    updater: await t.createUser('updater', service('read', 'update')),
    writer: await t.createUser('writer', service('read', 'write')),
    deleter: await t.createUser('deleter', service('read', 'delete')),
    provincial: await t.createUser('provincial', [...read, ...service('read', 'write', 'update', 'delete')]),
  };
  await t.app.db.update(users).set({ headOfficeId: kampot }).where(eq(users.id, created.provincial.id));
  for (const [name, user] of Object.entries(created)) {
    userIds[name as TUser] = user.id;
    tokens[name as TUser] = (await t.signIn(name, userPassword)).accessToken;
  }
  tokens.admin = (await t.signIn('admin', 'admin-pass-123')).accessToken;
  const [admin] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  userIds.admin = admin.id;
}, 60_000);
afterAll(() => t?.close());

describe('the follow-up schedule made when a matching completes', () => {
  it('plans one pending service per entry of followUpSchedule, months after the keep approval, for the proposer', async () => {
    const keepOn = lastThirtyFirstOfJanuary();
    const year = Number(keepOn.slice(0, 4));
    const matching = await proposeToKeep(keepOn);
    expect(await servicesOf(matching.id)).toEqual([]);
    const approved = await act('child-keep-approve', matching.id, keepOn, tokens.supervisor);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('completed');

    const listed = await call('GET', `/service-after-adoption?matchingId=${matching.id}&sort=plannedDate`);
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().data as TService[];
    // The default schedule: home visits at 3, 6 and 12 months, a follow-up report at 24; a month
    // without the 31st ends on its last day.
    expect(rows.map((row) => [row.serviceType, row.plannedDate])).toEqual([
      ['homeVisit', `${year}-04-30`],
      ['homeVisit', `${year}-07-31`],
      ['homeVisit', `${year + 1}-01-31`],
      ['followUpReport', `${year + 2}-01-31`],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        matchingId: matching.id,
        childId: matching.childId,
        parentId: matching.parentId,
        headOfficeId: national,
        adoptedOn: keepOn,
        status: 'pending',
        origin: 'schedule',
        // The matching's caseworker (who proposed it), not the supervisor who approved the keep.
        officerId: userIds.caseworker,
        officer: { id: userIds.caseworker, name: 'User caseworker' },
        actualDate: null,
        findings: null,
        concern: false,
        version: 1,
      });
      expect(row.code).toMatch(/^SV-\d{4}-\d{6}$/);
      expect(row.overdue).toBe(serviceDueState(row, today, 14) === 'overdue');
      expect(row.dueSoon).toBe(serviceDueState(row, today, 14) === 'dueSoon');
      // Each starts its history with the schedule, by who completed the matching.
      const history = (await call('GET', `/service-after-adoption/status-history/${row.id}`)).json().data;
      expect(history).toEqual([
        expect.objectContaining({
          action: 'schedule',
          fromStatus: '',
          toStatus: 'pending',
          user: { id: userIds.supervisor, name: 'User supervisor' },
          payload: { plannedDate: row.plannedDate, matchingId: matching.id },
        }),
      ]);
    }
    expect(new Set(rows.map((row) => row.code)).size).toBe(4);
    // The caseworker finds them among their own.
    const mine = await listCodes(`mine=mine&matchingId=${matching.id}`, tokens.caseworker);
    expect(mine).toEqual(rows.map((row) => row.code).sort());
    expect(await listCodes(`mine=mine&matchingId=${matching.id}`, tokens.supervisor)).toEqual([]);
  });

  it('follows the schedule as an administrator changed it', async () => {
    const keepOn = daysFromToday(-40);
    const matching = await proposeToKeep(keepOn);
    await saveSettings({
      followUpSchedule: [
        { type: 'counselling', monthsAfter: 1 },
        { type: 'healthCheck', monthsAfter: 2 },
        { type: 'educationSupport', monthsAfter: 18 },
      ],
    });
    try {
      const approved = await act('child-keep-approve', matching.id, keepOn, tokens.supervisor);
      expect(approved.statusCode, approved.body).toBe(200);
    } finally {
      await saveSettings({
        followUpSchedule: [
          { type: 'homeVisit', monthsAfter: 3 },
          { type: 'homeVisit', monthsAfter: 6 },
          { type: 'homeVisit', monthsAfter: 12 },
          { type: 'followUpReport', monthsAfter: 24 },
        ],
      });
    }
    const rows = await servicesOf(matching.id);
    expect(rows.map((row) => [row.serviceType, row.plannedDate])).toEqual([
      ['counselling', addMonths(keepOn, 1)],
      ['healthCheck', addMonths(keepOn, 2)],
      ['educationSupport', addMonths(keepOn, 18)],
    ]);
  });

  it('leaves nothing half-done when the schedule cannot be written: the matching is not completed either', async () => {
    const keepOn = daysFromToday(-3);
    const matching = await proposeToKeep(keepOn);
    const historyCount = async () =>
      (
        await t.app.db
          .select({ n: count() })
          .from(statusHistory)
          .where(
            sql`(${statusHistory.entity} = 'adoptive_matchings' and ${statusHistory.entityId} = ${matching.id})
              or (${statusHistory.entity} = 'child_infos' and ${statusHistory.entityId} = ${matching.childId})
              or (${statusHistory.entity} = 'parent_infos' and ${statusHistory.entityId} = ${matching.parentId})`,
          )
      )[0].n;
    const before = await historyCount();
    await t.app.db.execute(
      sql.raw(`create function services_test_refuse() returns trigger language plpgsql as $$
        begin raise exception 'services test: no service today'; end $$`),
    );
    await t.app.db.execute(
      sql.raw(`create trigger services_test_refuse before insert on post_adoption_services
        for each row execute function services_test_refuse()`),
    );
    try {
      const failed = await act('child-keep-approve', matching.id, keepOn, tokens.supervisor);
      expect(failed.statusCode, failed.body).toBe(500);
      t.forgiveUndeclared(500);
    } finally {
      await t.app.db.execute(sql.raw('drop trigger services_test_refuse on post_adoption_services'));
      await t.app.db.execute(sql.raw('drop function services_test_refuse()'));
    }
    const [state] = await t.app.db
      .select({
        matching: adoptiveMatchings.status,
        child: childInfos.status,
        parent: parentInfos.status,
        version: adoptiveMatchings.version,
      })
      .from(adoptiveMatchings)
      .innerJoin(childInfos, eq(childInfos.id, adoptiveMatchings.childId))
      .innerJoin(parentInfos, eq(parentInfos.id, adoptiveMatchings.parentId))
      .where(eq(adoptiveMatchings.id, matching.id));
    expect(state).toMatchObject({ matching: 'keepRequested', child: 'matched', parent: 'matched' });
    expect(await historyCount()).toBe(before);
    expect(await servicesOf(matching.id)).toEqual([]);

    // The same approval once the table takes rows again: completed, with its four services.
    const approved = await act('child-keep-approve', matching.id, keepOn, tokens.supervisor);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await servicesOf(matching.id)).toHaveLength(4);
  });

  it('plans nothing for a refused completion', async () => {
    const keepOn = daysFromToday(-2);
    // The supervisor asks for the keep: four-eyes keeps the approval to another.
    const matching = await proposeToKeep(keepOn, national, tokens.supervisor);
    // Refused: not allowed to decide, a day to come, a day before the keep request, four-eyes.
    expect((await act('child-keep-approve', matching.id, keepOn, tokens.caseworker)).statusCode).toBe(403);
    // (The administrator, who took no step of it, meets the dates' rules.)
    expect((await act('child-keep-approve', matching.id, daysFromToday(1), tokens.admin)).statusCode).toBe(
      400,
    );
    expect((await act('child-keep-approve', matching.id, addDays(keepOn, -6), tokens.admin)).statusCode).toBe(
      400,
    );
    const own = await act('child-keep-approve', matching.id, keepOn, tokens.supervisor);
    expect(own.statusCode, own.body).toBe(409);
    expect(await servicesOf(matching.id)).toEqual([]);
    const [row] = await t.app.db
      .select({ status: adoptiveMatchings.status })
      .from(adoptiveMatchings)
      .where(eq(adoptiveMatchings.id, matching.id));
    expect(row.status).toBe('keepRequested');
  });
});

describe('due soon and overdue', () => {
  let matching: Awaited<ReturnType<typeof completedMatching>>;
  const planned = {} as Record<
    'yesterday' | 'today' | 'soon' | 'edge' | 'beyond' | 'later' | 'confirmed',
    TService
  >;

  beforeAll(async () => {
    matching = await completedMatching({ child: { familyNameEn: 'Duekid' } });
    const days = { yesterday: -1, today: 0, soon: 3, edge: 14, beyond: 15, later: 60, confirmed: -1 };
    for (const [name, shift] of Object.entries(days)) {
      const row = await addService(matching, {
        code: `SV-DUE-${name}`,
        plannedDate: daysFromToday(shift),
        ...(name === 'confirmed'
          ? { status: 'confirmed', actualDate: daysFromToday(-1), findings, concern: true }
          : {}),
      });
      planned[name as keyof typeof planned] = row as unknown as TService;
    }
  });

  const flags = async () => {
    const rows = (await call('GET', `/service-after-adoption?take=50&matchingId=${matching.id}`)).json()
      .data as TService[];
    return Object.fromEntries(
      rows.map((row) => [
        String(row.code).replace('SV-DUE-', ''),
        row.overdue ? 'overdue' : row.dueSoon ? 'dueSoon' : null,
      ]),
    );
  };

  it('marks a pending service overdue once its day has passed, due soon up to serviceDueSoonDays ahead', async () => {
    expect(await flags()).toEqual({
      yesterday: 'overdue',
      today: 'dueSoon',
      soon: 'dueSoon',
      edge: 'dueSoon',
      beyond: null,
      later: null,
      // Given: neither, however late.
      confirmed: null,
    });
    // The record says the same, and so does the shared rule the screens use.
    const record = await readService(planned.yesterday.id);
    expect(record).toMatchObject({ overdue: true, dueSoon: false });
    const marks = await flags();
    for (const [name, row] of Object.entries(planned))
      expect(serviceDueState(row, today, 14), name).toBe(marks[name]);
  });

  it('filters by due state', async () => {
    expect(await listCodes(`matchingId=${matching.id}&due=overdue`)).toEqual(['SV-DUE-yesterday']);
    expect(await listCodes(`matchingId=${matching.id}&due=dueSoon`)).toEqual([
      'SV-DUE-edge',
      'SV-DUE-soon',
      'SV-DUE-today',
    ]);
  });

  it('judges by the saved serviceDueSoonDays: a change holds from the next call', async () => {
    try {
      await saveSettings({ serviceDueSoonDays: 2 });
      expect(await flags()).toMatchObject({ today: 'dueSoon', soon: null, edge: null, yesterday: 'overdue' });
      expect(await listCodes(`matchingId=${matching.id}&due=dueSoon`)).toEqual(['SV-DUE-today']);
      await saveSettings({ serviceDueSoonDays: 60 });
      expect(await flags()).toMatchObject({
        soon: 'dueSoon',
        beyond: 'dueSoon',
        later: 'dueSoon',
        confirmed: null,
      });
      expect(await listCodes(`matchingId=${matching.id}&due=dueSoon`)).toEqual([
        'SV-DUE-beyond',
        'SV-DUE-edge',
        'SV-DUE-later',
        'SV-DUE-soon',
        'SV-DUE-today',
      ]);
    } finally {
      await saveSettings({ serviceDueSoonDays: 14 });
    }
    expect(await flags()).toMatchObject({ beyond: null, edge: 'dueSoon' });
  });

  it('is no longer overdue once given, and overdue again when taken back to pending', async () => {
    const id = planned.yesterday.id;
    const given = await call('PATCH', `/service-after-adoption/confirm-service/${id}`, {
      date: today,
      findings: { health: 'good', schooling: 'good', integration: 'good' },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(await readService(id)).toMatchObject({ status: 'confirmed', overdue: false, dueSoon: false });
    const back = await call('PATCH', `/service-after-adoption/back-to-pending/${id}`, {
      reason: 'Wrong child',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await readService(id)).toMatchObject({ status: 'pending', overdue: true });
  });
});

describe('the list: every filter and the search', () => {
  type TFixture = {
    code: string;
    matching: 'one' | 'two';
    serviceType: string;
    plannedDate: string;
    officer: 'caseworker' | 'supervisor';
    status: string;
  };
  const firstOfMonth = (shift: number) => {
    const [year, month] = today.split('-').map(Number);
    return new Date(Date.UTC(year, month - 1 + shift, 1)).toISOString().slice(0, 10);
  };
  const fixtures: TFixture[] = [];
  const matchings = {} as Record<'one' | 'two', Awaited<ReturnType<typeof completedMatching>>>;

  beforeAll(async () => {
    matchings.one = await completedMatching({
      child: { familyNameEn: 'Filterkid', givenNameEn: 'Alpha' },
      parent: { provinceId: provinceA },
    });
    matchings.two = await completedMatching({
      office: kampot,
      child: { familyNameEn: 'Filterkid', givenNameEn: 'Bravo' },
      parent: { provinceId: provinceB },
    });
    fixtures.push(
      {
        code: 'SV-FLT-000001',
        matching: 'one',
        serviceType: 'homeVisit',
        plannedDate: daysFromToday(-1),
        officer: 'caseworker',
        status: 'pending',
      },
      {
        code: 'SV-FLT-000002',
        matching: 'one',
        serviceType: 'counselling',
        plannedDate: daysFromToday(3),
        officer: 'supervisor',
        status: 'pending',
      },
      {
        code: 'SV-FLT-000003',
        matching: 'one',
        serviceType: 'healthCheck',
        plannedDate: daysFromToday(60),
        officer: 'caseworker',
        status: 'pending',
      },
      {
        code: 'SV-FLT-000004',
        matching: 'two',
        serviceType: 'educationSupport',
        plannedDate: daysFromToday(-1),
        officer: 'supervisor',
        status: 'confirmed',
      },
      {
        code: 'SV-FLT-000005',
        matching: 'two',
        serviceType: 'followUpReport',
        plannedDate: firstOfMonth(1),
        officer: 'caseworker',
        status: 'rejected',
      },
      {
        code: 'SV-FLT-000006',
        matching: 'two',
        serviceType: 'homeVisit',
        plannedDate: firstOfMonth(0),
        officer: 'supervisor',
        status: 'pending',
      },
    );
    for (const fixture of fixtures)
      await addService(matchings[fixture.matching], {
        code: fixture.code,
        serviceType: fixture.serviceType,
        plannedDate: fixture.plannedDate,
        officerId: userIds[fixture.officer],
        status: fixture.status,
      });
  });

  const expected = (keep: (fixture: TFixture) => boolean) =>
    fixtures
      .filter(keep)
      .map((fixture) => fixture.code)
      .sort();
  const month = (shift: number) => firstOfMonth(shift).slice(0, 7);

  it('filters by each of its filters, alone and together', async () => {
    const cases: [string, (fixture: TFixture) => boolean][] = [
      ['', () => true],
      ['status=pending', (f) => f.status === 'pending'],
      ['status=confirmed', (f) => f.status === 'confirmed'],
      ['status=rejected', (f) => f.status === 'rejected'],
      ['due=overdue', (f) => serviceDueState(f, today, 14) === 'overdue'],
      ['due=dueSoon', (f) => serviceDueState(f, today, 14) === 'dueSoon'],
      ['serviceType=homeVisit', (f) => f.serviceType === 'homeVisit'],
      ['serviceType=followUpReport', (f) => f.serviceType === 'followUpReport'],
      ['period=thisMonth', (f) => f.plannedDate.slice(0, 7) === month(0)],
      ['period=nextMonth', (f) => f.plannedDate.slice(0, 7) === month(1)],
      ['period=lastMonth', (f) => f.plannedDate.slice(0, 7) === month(-1)],
      ['period=thisYear', (f) => f.plannedDate.slice(0, 4) === today.slice(0, 4)],
      [`officerId=${userIds.caseworker}`, (f) => f.officer === 'caseworker'],
      [`officerId=${userIds.supervisor}`, (f) => f.officer === 'supervisor'],
      [`provinceId=${provinceA}`, (f) => f.matching === 'one'],
      [`provinceId=${provinceB}`, (f) => f.matching === 'two'],
      [`headOfficeId=${kampot}`, (f) => f.matching === 'two'],
      [`headOfficeId=${national}`, (f) => f.matching === 'one'],
      [`childId=${matchings.one.childId}`, (f) => f.matching === 'one'],
      [`matchingId=${matchings.two.id}`, (f) => f.matching === 'two'],
      [
        'status=pending&serviceType=homeVisit',
        (f) => f.status === 'pending' && f.serviceType === 'homeVisit',
      ],
      [
        `officerId=${userIds.caseworker}&headOfficeId=${national}`,
        (f) => f.officer === 'caseworker' && f.matching === 'one',
      ],
      // A filter sent empty counts as absent.
      ['status=&due=', () => true],
    ];
    for (const [query, keep] of cases)
      expect(await listCodes(`search=Filterkid&${query}`), query).toEqual(expected(keep));
    // 'This week' and 'next week' count from Monday, where the programme works.
    const monday = (() => {
      const day = new Date(`${today}T00:00:00Z`).getUTCDay();
      return daysFromToday(-((day + 6) % 7));
    })();
    const inWeek = (start: string) => (f: TFixture) =>
      f.plannedDate >= start && f.plannedDate < addDays(start, 7);
    expect(await listCodes('search=Filterkid&period=thisWeek')).toEqual(expected(inWeek(monday)));
    expect(await listCodes('search=Filterkid&period=nextWeek')).toEqual(expected(inWeek(addDays(monday, 7))));
  });

  it("'mine' is the services the signed-in user gives", async () => {
    expect(await listCodes('search=Filterkid&mine=mine', tokens.caseworker)).toEqual(
      expected((f) => f.officer === 'caseworker'),
    );
    expect(await listCodes('search=Filterkid&mine=mine', tokens.supervisor)).toEqual(
      expected((f) => f.officer === 'supervisor'),
    );
    expect(await listCodes('search=Filterkid&mine=mine', tokens.reader)).toEqual([]);
  });

  it('refuses a value a filter does not know', async () => {
    for (const query of [
      'status=done',
      'due=late',
      'serviceType=visit',
      'period=someday',
      'mine=yours',
      'officerId=x',
    ])
      expect((await call('GET', `/service-after-adoption?${query}`)).statusCode, query).toBe(400);
  });

  it("searches the service's code and its child's (and family's) names and codes", async () => {
    expect(await listCodes('search=SV-FLT-000002')).toEqual(['SV-FLT-000002']);
    expect(await listCodes('search=sv-flt-00000')).toEqual(expected(() => true));
    expect(await listCodes('search=Filterkid Bravo')).toEqual(expected((f) => f.matching === 'two'));
    expect(await listCodes('search=alpha filterkid')).toEqual(expected((f) => f.matching === 'one'));
    const [one] = await t.app.db
      .select({ code: childInfos.code })
      .from(childInfos)
      .where(eq(childInfos.id, matchings.one.childId));
    expect(await listCodes(`search=${one.code}`)).toEqual(expected((f) => f.matching === 'one'));
    expect(await listCodes(`search=${matchings.two.code}`)).toEqual(expected((f) => f.matching === 'two'));
    expect(await listCodes('search=Filterkid Nobody')).toEqual([]);
  });

  it('sorts by the planned day, and by the other sortable columns', async () => {
    const response = await call(
      'GET',
      '/service-after-adoption?search=Filterkid&sort=plannedDate&order=desc',
    );
    const days = (response.json().data as TService[]).map((row) => row.plannedDate);
    expect(days).toEqual([...days].sort().reverse());
    for (const sort of [
      'code',
      'childName',
      'applicants',
      'serviceType',
      'actualDate',
      'officer',
      'status',
      'headOffice',
    ])
      expect(
        (await call('GET', `/service-after-adoption?search=Filterkid&sort=${sort}`)).statusCode,
        sort,
      ).toBe(200);
  });

  it('exports the list as it is filtered, in .xlsx and CSV', async () => {
    const csv = await call(
      'GET',
      '/service-after-adoption/export?format=csv&search=Filterkid&status=pending',
    );
    expect(csv.statusCode, csv.body).toBe(200);
    for (const fixture of fixtures)
      if (fixture.status === 'pending') expect(csv.body).toContain(fixture.code);
      else expect(csv.body).not.toContain(fixture.code);
    expect(csv.body).toContain('Filterkid');
    const xlsx = await call('GET', '/service-after-adoption/export?format=xlsx&search=Filterkid');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('adding a service by hand', () => {
  it('for a child: the child’s completed matching, its office and day; the officer is who adds it unless named', async () => {
    const matching = await completedMatching({ completedOn: daysFromToday(-100) });
    const created = await call(
      'POST',
      '/service-after-adoption',
      {
        childId: matching.childId,
        serviceType: 'counselling',
        plannedDate: daysFromToday(10),
        notes: 'By phone',
      },
      tokens.caseworker,
    );
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json().data as TService;
    expect(row).toMatchObject({
      matchingId: matching.id,
      childId: matching.childId,
      headOfficeId: national,
      adoptedOn: matching.completedOn,
      serviceType: 'counselling',
      plannedDate: daysFromToday(10),
      officerId: userIds.caseworker,
      status: 'pending',
      origin: 'manual',
      notes: 'By phone',
      dueSoon: true,
      overdue: false,
    });
    expect(row.code).toBe(`SV-${today.slice(0, 4)}-${row.code.slice(-6)}`);
    const history = (await call('GET', `/service-after-adoption/status-history/${row.id}`)).json().data;
    expect(history).toEqual([
      expect.objectContaining({
        action: 'create',
        toStatus: 'pending',
        user: { id: userIds.caseworker, name: 'User caseworker' },
      }),
    ]);
    const timeline = await call('GET', `/service-after-adoption/timeline/${row.id}`);
    expect(timeline.statusCode, timeline.body).toBe(200);
  });

  it('for a matching, naming the officer; a child with two adoptions gets the latest', async () => {
    const earlier = await completedMatching({ completedOn: daysFromToday(-900) });
    const later = await completedMatching({ childId: earlier.childId, completedOn: daysFromToday(-30) });
    const byMatching = await call('POST', '/service-after-adoption', {
      matchingId: earlier.id,
      serviceType: 'healthCheck',
      plannedDate: daysFromToday(-800),
      officerId: userIds.caseworker,
    });
    expect(byMatching.statusCode, byMatching.body).toBe(201);
    expect(byMatching.json().data).toMatchObject({
      matchingId: earlier.id,
      childId: earlier.childId,
      adoptedOn: earlier.completedOn,
      officerId: userIds.caseworker,
      overdue: true,
    });
    const byChild = await call('POST', '/service-after-adoption', {
      childId: earlier.childId,
      serviceType: 'homeVisit',
      plannedDate: today,
    });
    expect(byChild.statusCode, byChild.body).toBe(201);
    expect(byChild.json().data).toMatchObject({ matchingId: later.id, officerId: userIds.supervisor });
    // Both named, and they agree.
    const both = await call('POST', '/service-after-adoption', {
      childId: later.childId,
      matchingId: later.id,
      serviceType: 'homeVisit',
      plannedDate: today,
    });
    expect(both.statusCode, both.body).toBe(201);
  });

  it('refuses a child without a completed adoption, a matching not completed, a pair that does not agree, an unknown officer', async () => {
    const [before] = await t.app.db.select({ n: count() }).from(postAdoptionServices);
    const adopted = await completedMatching();
    const other = await completedMatching();
    const adoptable = await child();
    const inProgress = await proposeToKeep(daysFromToday(-1));
    const [inactive] = await t.app.db
      .insert(users)
      .values({ username: 'gone', name: 'Gone', passwordHash: 'x', active: false })
      .returning({ id: users.id });
    const refused: [Record<string, unknown>, RegExp][] = [
      // Each message leads with the form's field name (childId, officerId): the form puts it there.
      [{ childId: adoptable.id }, /^childId has no completed adoption/],
      [{ childId: inProgress.childId }, /^childId has no completed adoption/],
      [{ childId: 2147483000 }, /childId does not exist/],
      [{ matchingId: inProgress.id }, /matchingId must be a completed matching/],
      [{ matchingId: 2147483000 }, /matchingId does not exist/],
      [
        { childId: adopted.childId, matchingId: other.id },
        /matchingId is not the completed matching of that child/,
      ],
      [{ childId: adopted.childId, officerId: 2147483000 }, /^officerId must be an active user/],
      [{ childId: adopted.childId, officerId: inactive.id }, /^officerId must be an active user/],
      [{}, /^childId is required/],
      // Planned before the adoption it follows (a year ago).
      [
        { childId: adopted.childId, plannedDate: yearsBefore(today, 2) },
        /plannedDate cannot be before the adoption it follows/,
      ],
    ];
    for (const [body, message] of refused) {
      const response = await call('POST', '/service-after-adoption', {
        serviceType: 'homeVisit',
        plannedDate: today,
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors[0], JSON.stringify(body)).toMatch(message);
    }
    // In Khmer too, the same field names lead.
    for (const [body, field] of [
      [{ childId: adoptable.id }, 'childId'],
      [{ childId: adopted.childId, officerId: inactive.id }, 'officerId'],
      [{}, 'childId'],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/service-after-adoption',
        headers: { ...t.bearer(tokens.supervisor), locale: 'kh' },
        payload: { serviceType: 'homeVisit', plannedDate: today, ...body },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].split(' ')[0], JSON.stringify(body)).toBe(field);
    }
    // And the body's own rules: a type it does not know, no planned day, a field it does not take.
    for (const body of [
      { childId: adopted.childId, serviceType: 'visit', plannedDate: today },
      { childId: adopted.childId, serviceType: 'homeVisit' },
      { childId: adopted.childId, serviceType: 'homeVisit', plannedDate: today, status: 'confirmed' },
    ])
      expect((await call('POST', '/service-after-adoption', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    const [after] = await t.app.db.select({ n: count() }).from(postAdoptionServices);
    expect(after.n).toBe(before.n);
  });
});

describe('editing and deleting', () => {
  it('changes the type, the planned day, the officer and the notes; refuses a stale version and the adoption', async () => {
    const matching = await completedMatching();
    const service = await addService(matching, { code: 'SV-EDIT-000001' });
    const changed = await call('PATCH', `/service-after-adoption/${service.id}`, {
      version: 1,
      serviceType: 'healthCheck',
      plannedDate: daysFromToday(20),
      officerId: userIds.supervisor,
      notes: 'Moved after the rains',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      serviceType: 'healthCheck',
      plannedDate: daysFromToday(20),
      officerId: userIds.supervisor,
      notes: 'Moved after the rains',
      version: 2,
    });
    const stale = await call('PATCH', `/service-after-adoption/${service.id}`, {
      version: 1,
      notes: 'Again',
    });
    expect(stale.statusCode, stale.body).toBe(409);
    const other = await completedMatching();
    for (const body of [
      { version: 2, matchingId: other.id },
      { version: 2, childId: other.childId },
      { version: 2, status: 'confirmed' },
    ])
      expect(
        (await call('PATCH', `/service-after-adoption/${service.id}`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    const unknown = await call('PATCH', `/service-after-adoption/${service.id}`, {
      version: 2,
      officerId: 2147483000,
    });
    expect(unknown.statusCode).toBe(400);
    const beforeAdoption = await call('PATCH', `/service-after-adoption/${service.id}`, {
      version: 2,
      plannedDate: yearsBefore(today, 2),
    });
    expect(beforeAdoption.statusCode).toBe(400);
    expect(beforeAdoption.body).toMatch(/plannedDate cannot be before the adoption it follows/);
    expect(await readService(service.id)).toMatchObject({
      version: 2,
      matchingId: matching.id,
      notes: 'Moved after the rains',
    });
  });

  it('deletes a pending service only (409 once given, kept by law, or refused, until it is pending again), with its documents', async () => {
    const matching = await completedMatching();
    const pending = await addService(matching, { code: 'SV-DEL-000001' });
    // A document of it, in the file store: the delete removes the row and, once committed, the file.
    const storedName = 'e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0e0.pdf';
    await t.app.files.put(fileAreas.attachments, storedName, Buffer.from('%PDF-1.4'));
    await t.app.db.insert(attachments).values({
      entity: 'post_adoption_services',
      entityId: pending.id,
      slot: 'documents',
      storedName,
      originalName: 'visit.pdf',
      mimeType: 'application/pdf',
      size: 8,
    });
    const confirmed = await addService(matching, {
      code: 'SV-DEL-000002',
      status: 'confirmed',
      actualDate: today,
    });
    const rejected = await addService(matching, { code: 'SV-DEL-000003', status: 'rejected' });
    const removed = await call('DELETE', `/service-after-adoption/${pending.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/service-after-adoption/${pending.id}`)).statusCode).toBe(404);
    const documents = await t.app.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.entity, 'post_adoption_services'), eq(attachments.entityId, pending.id)));
    expect(documents).toEqual([]);
    expect(await t.app.files.exists(fileAreas.attachments, storedName)).toBe(false);
    // A given service is the law's (issue 27); a refused one waits to be taken back to pending.
    const given = await call('DELETE', `/service-after-adoption/${confirmed.id}`);
    expect(given.statusCode, given.body).toBe(409);
    expect(given.json().message).toMatch(/kept by law: a given service cannot be deleted/);
    const refused = await call('DELETE', `/service-after-adoption/${rejected.id}`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toMatch(/only a pending one can/);
    const back = await call('PATCH', `/service-after-adoption/back-to-pending/${rejected.id}`, {
      reason: 'Planned again',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await call('DELETE', `/service-after-adoption/${rejected.id}`)).statusCode).toBe(200);
    expect(await servicesOf(matching.id)).toHaveLength(1);
  });
});

describe('the actions: confirm with findings, reject with a reason, back to pending', () => {
  let matching: Awaited<ReturnType<typeof completedMatching>>;
  beforeAll(async () => {
    matching = await completedMatching({ completedOn: daysFromToday(-120) });
  });
  const service = async (code: string) => addService(matching, { code, plannedDate: daysFromToday(-30) });
  const action = (
    name: string,
    id: number,
    body: Record<string, unknown>,
    token: string = tokens.caseworker,
  ) => call('PATCH', `/service-after-adoption/${name}/${id}`, body, token);

  it('confirms with the findings: the concern flag when one area is a concern, the notes kept', async () => {
    const row = await service('SV-ACT-000001');
    const allowed = (await call('GET', `/service-after-adoption/allowed-actions/${row.id}`)).json().data;
    expect(allowed).toEqual({ status: 'pending', allowedActions: ['confirm-service', 'reject-service'] });
    const given = await action('confirm-service', row.id, { date: daysFromToday(-2), findings, version: 1 });
    expect(given.statusCode, given.body).toBe(200);
    // One answer per action (issue 23): the record and the history row it wrote come with it.
    expect(given.json().data).toEqual({
      id: row.id,
      status: 'confirmed',
      version: 2,
      allowedActions: ['back-to-pending'],
      record: expect.objectContaining({
        id: row.id,
        status: 'confirmed',
        version: 2,
        findings,
        concern: true,
      }),
      history: expect.objectContaining({
        action: 'confirm-service',
        fromStatus: 'pending',
        toStatus: 'confirmed',
      }),
    });
    expect(await readService(row.id)).toMatchObject({
      status: 'confirmed',
      actualDate: daysFromToday(-2),
      decisionDate: daysFromToday(-2),
      decisionReason: null,
      findings,
      concern: true,
      overdue: false,
    });
    const history = (await call('GET', `/service-after-adoption/status-history/${row.id}`)).json().data;
    expect(history[0]).toMatchObject({
      action: 'confirm-service',
      fromStatus: 'pending',
      toStatus: 'confirmed',
      payload: { date: daysFromToday(-2), findings },
      user: { id: userIds.caseworker },
    });

    // All good: no concern; notes written beside the findings are kept in them.
    const good = await service('SV-ACT-000002');
    const fine = await action('confirm-service', good.id, {
      date: today,
      findings: { health: 'good', schooling: 'good', integration: 'notAssessed' },
      notes: 'Settled in well',
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(await readService(good.id)).toMatchObject({
      concern: false,
      findings: { health: 'good', schooling: 'good', integration: 'notAssessed', notes: 'Settled in well' },
    });
    for (const area of ['health', 'schooling', 'integration']) {
      const one = await service(`SV-ACT-AREA-${area}`);
      const body = { health: 'good', schooling: 'good', integration: 'good', [area]: 'concern' };
      expect((await action('confirm-service', one.id, { date: today, findings: body })).statusCode).toBe(200);
      expect((await readService(one.id)).concern, area).toBe(true);
    }
  });

  it('rejects with the reason; back to pending clears what was recorded (the history keeps it)', async () => {
    const row = await service('SV-ACT-000003');
    const refused = await action('reject-service', row.id, {
      date: daysFromToday(-1),
      reason: 'The family moved away',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await readService(row.id)).toMatchObject({
      status: 'rejected',
      actualDate: null,
      decisionDate: daysFromToday(-1),
      decisionReason: 'The family moved away',
    });
    const back = await action('back-to-pending', row.id, { reason: 'They came back' });
    expect(back.statusCode, back.body).toBe(200);
    const given = await action('confirm-service', row.id, { date: today, findings });
    expect(given.statusCode, given.body).toBe(200);
    const again = await action('back-to-pending', row.id, { reason: 'Recorded on the wrong service' });
    expect(again.statusCode, again.body).toBe(200);
    expect(await readService(row.id)).toMatchObject({
      status: 'pending',
      actualDate: null,
      findings: null,
      concern: false,
      decisionDate: null,
      decisionReason: null,
      overdue: true,
    });
    const history = (await call('GET', `/service-after-adoption/status-history/${row.id}`)).json().data as {
      action: string;
      payload: Record<string, unknown>;
    }[];
    expect(history.map((entry) => entry.action)).toEqual([
      'back-to-pending',
      'confirm-service',
      'back-to-pending',
      'reject-service',
    ]);
    expect(history[1].payload.findings).toEqual(findings);
  });

  it('refuses a day before the adoption or to come, a missing reason or finding, a step the status does not allow, a stale version', async () => {
    const row = await service('SV-ACT-000004');
    const before = await action('confirm-service', row.id, {
      date: addDays(matching.completedOn, -1),
      findings,
    });
    expect(before.statusCode).toBe(400);
    expect(JSON.stringify(before.json())).toMatch(/cannot be before the adoption it follows/);
    const future = await action('reject-service', row.id, { date: daysFromToday(1), reason: 'x' });
    expect(future.statusCode).toBe(400);
    expect(JSON.stringify(future.json())).toMatch(/cannot be in the future/);
    for (const body of [
      { date: today, findings: { health: 'good', schooling: 'good' } },
      { date: today, findings: { health: 'fine', schooling: 'good', integration: 'good' } },
      { date: today },
    ])
      expect((await action('confirm-service', row.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await action('reject-service', row.id, { date: today, reason: '  ' })).statusCode).toBe(400);
    expect((await action('reject-service', row.id, { date: today })).statusCode).toBe(400);
    const notAllowed = await action('back-to-pending', row.id, { reason: 'Nothing to take back' });
    expect(notAllowed.statusCode).toBe(409);
    expect(notAllowed.json().message).toMatch(/A service whose status is Pending cannot be given/);
    const stale = await action('confirm-service', row.id, { date: today, findings, version: 7 });
    expect(stale.statusCode).toBe(409);
    // The day of the adoption itself is fine; nothing above changed the service.
    expect(await readService(row.id)).toMatchObject({ status: 'pending', version: 1 });
    expect(
      (await action('confirm-service', row.id, { date: matching.completedOn, findings, version: 1 }))
        .statusCode,
    ).toBe(200);
    const twice = await action('confirm-service', row.id, { date: today, findings });
    expect(twice.statusCode).toBe(409);
  });
});

describe('the office scope', () => {
  let ownMatching: Awaited<ReturnType<typeof completedMatching>>;
  let otherMatching: Awaited<ReturnType<typeof completedMatching>>;
  let own: number;
  let other: number;
  let otherAttachment: number;

  beforeAll(async () => {
    ownMatching = await completedMatching({
      office: kampot,
      child: { familyNameEn: 'Scopekid', givenNameEn: 'Own' },
    });
    otherMatching = await completedMatching({ child: { familyNameEn: 'Scopekid', givenNameEn: 'Other' } });
    own = (await addService(ownMatching, { code: 'SV-SCOPE-OWN', plannedDate: daysFromToday(-1) })).id;
    other = (await addService(otherMatching, { code: 'SV-SCOPE-OTHER', plannedDate: daysFromToday(-1) })).id;
    const [attachment] = await t.app.db
      .insert(attachments)
      .values({
        entity: 'post_adoption_services',
        entityId: other,
        slot: 'documents',
        storedName: 'c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0.pdf',
        originalName: 'visit.pdf',
        mimeType: 'application/pdf',
        size: 10,
      })
      .returning({ id: attachments.id });
    otherAttachment = attachment.id;
  });

  it("lists, searches, filters and exports only their office's services", async () => {
    const p = tokens.provincial;
    expect(await listCodes('search=Scopekid', p)).toEqual(['SV-SCOPE-OWN']);
    expect(await listCodes('search=SV-SCOPE', p)).toEqual(['SV-SCOPE-OWN']);
    expect(await listCodes(`headOfficeId=${national}`, p)).toEqual([]);
    expect(await listCodes(`matchingId=${otherMatching.id}`, p)).toEqual([]);
    expect(await listCodes('search=Scopekid&due=overdue', p)).toEqual(['SV-SCOPE-OWN']);
    // The opening page (a kept statement per office) too.
    const opening = (await call('GET', '/service-after-adoption', undefined, p)).json();
    const all = await t.app.db
      .select({ n: count() })
      .from(postAdoptionServices)
      .where(eq(postAdoptionServices.headOfficeId, kampot));
    expect(opening.paginateMeta.itemCount).toBe(all[0].n);
    const csv = await call('GET', '/service-after-adoption/export?format=csv&search=Scopekid', undefined, p);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('SV-SCOPE-OWN');
    expect(csv.body).not.toContain('SV-SCOPE-OTHER');
    // A national user sees both.
    expect(await listCodes('search=Scopekid')).toEqual(['SV-SCOPE-OTHER', 'SV-SCOPE-OWN']);
  });

  it("gets 404 for another office's service on every route that names it, and changes nothing", async () => {
    const p = tokens.provincial;
    const [before] = await t.app.db
      .select()
      .from(postAdoptionServices)
      .where(eq(postAdoptionServices.id, other));
    const reads = [
      `/service-after-adoption/${other}`,
      `/service-after-adoption/status-history/${other}`,
      `/service-after-adoption/allowed-actions/${other}`,
      `/service-after-adoption/timeline/${other}`,
      `/service-after-adoption/attachments/${other}`,
      `/service-after-adoption/attachment/${otherAttachment}`,
    ];
    for (const url of reads) expect((await call('GET', url, undefined, p)).statusCode, url).toBe(404);
    const writes: ['PATCH' | 'DELETE', string, unknown][] = [
      ['PATCH', `/service-after-adoption/${other}`, { version: 1, notes: 'Changed' }],
      ['DELETE', `/service-after-adoption/${other}`, undefined],
      ['PATCH', `/service-after-adoption/confirm-service/${other}`, { date: today, findings }],
      ['PATCH', `/service-after-adoption/reject-service/${other}`, { date: today, reason: 'x' }],
      ['DELETE', `/service-after-adoption/attachment/${otherAttachment}`, undefined],
    ];
    for (const [method, url, payload] of writes)
      expect((await call(method, url, payload, p)).statusCode, `${method} ${url}`).toBe(404);
    const [after] = await t.app.db
      .select()
      .from(postAdoptionServices)
      .where(eq(postAdoptionServices.id, other));
    expect(after).toEqual(before);
    // Their own office's service: read and given.
    expect((await call('GET', `/service-after-adoption/${own}`, undefined, p)).statusCode).toBe(200);
    const given = await call(
      'PATCH',
      `/service-after-adoption/confirm-service/${own}`,
      { date: today, findings },
      p,
    );
    expect(given.statusCode, given.body).toBe(200);
  });

  it("adds services for their office's adoptions only, and is offered only their office and its children", async () => {
    const p = tokens.provincial;
    for (const body of [{ childId: otherMatching.childId }, { matchingId: otherMatching.id }]) {
      const refused = await call(
        'POST',
        '/service-after-adoption',
        { serviceType: 'homeVisit', plannedDate: today, ...body },
        p,
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(JSON.stringify(refused.json())).toMatch(/does not exist/);
    }
    const created = await call(
      'POST',
      '/service-after-adoption',
      { childId: ownMatching.childId, serviceType: 'homeVisit', plannedDate: today },
      p,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.headOfficeId).toBe(kampot);
    const offices = (await call('GET', '/service-after-adoption/head-offices', undefined, p)).json().data as {
      id: number;
    }[];
    expect(offices.map((row) => row.id)).toEqual([kampot]);
    const children = (await call('GET', '/service-after-adoption/adoptive-childs', undefined, p)).json()
      .data as {
      id: number;
    }[];
    expect(children.map((row) => row.id)).toContain(ownMatching.childId);
    expect(children.map((row) => row.id)).not.toContain(otherMatching.childId);
  });
});

describe('permissions: read, write, update, delete', () => {
  it('lets each permission do its own part only', async () => {
    const matching = await completedMatching();
    const row = await addService(matching, { code: 'SV-PERM-000001' });
    const create = { childId: matching.childId, serviceType: 'homeVisit', plannedDate: today };
    const expectations: [TUser, string, () => Promise<{ statusCode: number }>, number][] = [];
    const as = (
      user: TUser,
      label: string,
      run: (token: string) => Promise<{ statusCode: number }>,
      status: number,
    ) => expectations.push([user, label, () => run(tokens[user]), status]);
    for (const user of ['reader', 'updater', 'writer', 'deleter'] as const) {
      as(user, 'list', (token) => call('GET', '/service-after-adoption', undefined, token), 200);
      as(user, 'read', (token) => call('GET', `/service-after-adoption/${row.id}`, undefined, token), 200);
      as(
        user,
        'history',
        (token) => call('GET', `/service-after-adoption/status-history/${row.id}`, undefined, token),
        200,
      );
      as(
        user,
        'export',
        (token) => call('GET', '/service-after-adoption/export?format=csv', undefined, token),
        200,
      );
      as(
        user,
        'children',
        (token) => call('GET', '/service-after-adoption/adoptive-childs', undefined, token),
        200,
      );
      as(user, 'officers', (token) => call('GET', '/service-after-adoption/officers', undefined, token), 200);
    }
    as('reader', 'create', (token) => call('POST', '/service-after-adoption', create, token), 403);
    as(
      'reader',
      'edit',
      (token) => call('PATCH', `/service-after-adoption/${row.id}`, { version: 1, notes: 'x' }, token),
      403,
    );
    as(
      'reader',
      'confirm',
      (token) =>
        call('PATCH', `/service-after-adoption/confirm-service/${row.id}`, { date: today, findings }, token),
      403,
    );
    as(
      'reader',
      'delete',
      (token) => call('DELETE', `/service-after-adoption/${row.id}`, undefined, token),
      403,
    );
    as(
      'writer',
      'edit',
      (token) => call('PATCH', `/service-after-adoption/${row.id}`, { version: 1, notes: 'x' }, token),
      403,
    );
    as(
      'writer',
      'reject',
      (token) =>
        call(
          'PATCH',
          `/service-after-adoption/reject-service/${row.id}`,
          { date: today, reason: 'x' },
          token,
        ),
      403,
    );
    as(
      'writer',
      'delete',
      (token) => call('DELETE', `/service-after-adoption/${row.id}`, undefined, token),
      403,
    );
    as('updater', 'create', (token) => call('POST', '/service-after-adoption', create, token), 403);
    as(
      'updater',
      'delete',
      (token) => call('DELETE', `/service-after-adoption/${row.id}`, undefined, token),
      403,
    );
    as('deleter', 'create', (token) => call('POST', '/service-after-adoption', create, token), 403);
    as(
      'deleter',
      'edit',
      (token) => call('PATCH', `/service-after-adoption/${row.id}`, { version: 1, notes: 'x' }, token),
      403,
    );
    as(
      'deleter',
      'confirm',
      (token) =>
        call('PATCH', `/service-after-adoption/confirm-service/${row.id}`, { date: today, findings }, token),
      403,
    );
    // Each one's own part.
    as('writer', 'create', (token) => call('POST', '/service-after-adoption', create, token), 201);
    as(
      'updater',
      'edit',
      (token) => call('PATCH', `/service-after-adoption/${row.id}`, { version: 1, notes: 'x' }, token),
      200,
    );
    as(
      'updater',
      'confirm',
      (token) =>
        call('PATCH', `/service-after-adoption/confirm-service/${row.id}`, { date: today, findings }, token),
      200,
    );
    as(
      'updater',
      'back',
      (token) =>
        call('PATCH', `/service-after-adoption/back-to-pending/${row.id}`, { reason: 'Wrong day' }, token),
      200,
    );
    as(
      'deleter',
      'delete',
      (token) => call('DELETE', `/service-after-adoption/${row.id}`, undefined, token),
      200,
    );
    for (const [user, label, run, status] of expectations)
      expect((await run()).statusCode, `${user} ${label}`).toBe(status);
    // Without any of them: not even the list.
    const none = await t.createUser('nobody', ['matchings:read']);
    const token = (await t.signIn(none.username, userPassword)).accessToken;
    for (const url of [
      '/service-after-adoption',
      '/service-after-adoption/adoptive-childs',
      '/service-after-adoption/export?format=csv',
    ])
      expect((await call('GET', url, undefined, token)).statusCode, url).toBe(403);
  });
});

describe('the adopted children the create form offers', () => {
  it('lists adopted children with their completed matching, by code, each named in both scripts', async () => {
    const single = await completedMatching({
      completedOn: daysFromToday(-50),
      child: { familyNameKh: 'សុខ', givenNameKh: 'ចន្ទា', familyNameEn: 'Sok', givenNameEn: 'Chanthea' },
    });
    const khmerOnly = await completedMatching({
      child: { familyNameKh: 'កែវ', givenNameKh: 'ដារ៉ា', familyNameEn: null, givenNameEn: null },
    });
    const twice = await completedMatching({ completedOn: daysFromToday(-700) });
    const latest = await completedMatching({ childId: twice.childId, completedOn: daysFromToday(-20) });
    // Not offered: an adoptable child, a child in a matching, a child back in the programme after
    // an adoption, another office's adopted child (for a provincial user).
    const adoptable = await child();
    const inProgress = await proposeToKeep(daysFromToday(-1));
    const back = await completedMatching();
    await t.app.db.update(childInfos).set({ status: 'registered' }).where(eq(childInfos.id, back.childId));
    const provincialOnly = await completedMatching({ office: kampot });

    const response = await call('GET', '/service-after-adoption/adoptive-childs', undefined, tokens.reader);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data as {
      id: number;
      code: string;
      name: { kh: string; en: string };
      matchingId: number;
      matchingCode: string;
      adoptedOn: string;
    }[];
    expect(rows.map((row) => row.code)).toEqual([...rows.map((row) => row.code)].sort());
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(single.childId)).toEqual({
      id: single.childId,
      code: expect.stringMatching(/^CH-SV-/),
      name: { kh: 'សុខ ចន្ទា', en: 'Sok Chanthea' },
      matchingId: single.id,
      matchingCode: single.code,
      adoptedOn: single.completedOn,
    });
    expect(byId.get(khmerOnly.childId)?.name).toEqual({ kh: 'កែវ ដារ៉ា', en: 'កែវ ដារ៉ា' });
    expect(byId.get(twice.childId)).toMatchObject({ matchingId: latest.id, adoptedOn: latest.completedOn });
    for (const id of [adoptable.id, inProgress.childId, back.childId])
      expect(byId.has(id), String(id)).toBe(false);
    expect(byId.has(provincialOnly.childId)).toBe(true);
    // Every one offered can be followed: a service for it is accepted.
    const [first] = rows;
    const created = await call('POST', '/service-after-adoption', {
      childId: first.id,
      serviceType: 'homeVisit',
      plannedDate: today,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.matchingId).toBe(first.matchingId);
    // A provincial user: their office's only.
    const scoped = (
      await call('GET', '/service-after-adoption/adoptive-childs', undefined, tokens.provincial)
    ).json().data as { id: number }[];
    expect(scoped.map((row) => row.id)).toContain(provincialOnly.childId);
    expect(scoped.map((row) => row.id)).not.toContain(single.childId);
  });
});
