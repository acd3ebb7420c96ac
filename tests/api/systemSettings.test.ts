import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, systemSettings } from '../../server/db/schema';
import { createTestApp, type TTestApp, userPassword } from './testApp';

const url = '/api/v1/admin/system-setting';
const defaults = {
  defaultRowsPerPage: 10,
  childCodePrefix: 'CH',
  sessionIdleMinutes: 30,
  organizationName: '',
  parentApprovalMonths: 12,
  minimumAdopterAge: 25,
  minimumAgeGap: 18,
  maximumAgeGap: 45,
  fourEyes: true,
  stageExpectedDays: { proposal: 30, trial: 90, warrant: 60, keeping: 30 },
  followUpSchedule: [
    { type: 'homeVisit', monthsAfter: 3 },
    { type: 'homeVisit', monthsAfter: 6 },
    { type: 'homeVisit', monthsAfter: 12 },
    { type: 'followUpReport', monthsAfter: 24 },
  ],
  serviceDueSoonDays: 14,
  // The reports' targets (issue 24): none set.
  reportTargetDays: {
    avgDaysCareToPlacement: null,
    avgDaysAdoptableToMatched: null,
    avgDaysApplicationToDecision: null,
  },
  reportTargetShares: { shareAdoptedWithin14Months: null, shareFamiliesWaited3Months: null },
  backupHour: 2,
  backupKeepDays: 14,
  // The duplicate check's threshold (issue 35).
  duplicateThresholdPercent: 80,
};

let t: TTestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('settingsAdmin', ['system_settings:read', 'system_settings:update']);
  await t.createUser('settingsReader', ['system_settings:read', 'system_settings:write']);
  await t.createUser('outsider', ['general_settings:read', 'general_settings:update']);
  for (const username of ['settingsAdmin', 'settingsReader', 'outsider']) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
});
afterAll(() => t?.close());

const read = (username = 'settingsReader') =>
  t.app.inject({ method: 'GET', url, headers: t.bearer(tokens[username]) });
const save = (payload: object, username = 'settingsAdmin') =>
  t.app.inject({ method: 'PUT', url, headers: t.bearer(tokens[username]), payload });

describe('system settings', () => {
  it('answers the defaults with version 0 before anything is saved', async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ...defaults, version: 0 } });
  });

  it('saves the whole set, answers it with the next version and reads it back; an audit row is written', async () => {
    const values = {
      defaultRowsPerPage: 50,
      childCodePrefix: 'KH-C',
      sessionIdleMinutes: 45,
      organizationName: 'ក្រសួងសង្គមកិច្ច',
      parentApprovalMonths: 18,
      minimumAdopterAge: 30,
      minimumAgeGap: 16,
      maximumAgeGap: 50,
      fourEyes: false,
      stageExpectedDays: { proposal: 20, trial: 60, warrant: 45, keeping: 15 },
      followUpSchedule: [
        { type: 'homeVisit', monthsAfter: 1 },
        { type: 'healthCheck', monthsAfter: 6 },
        { type: 'followUpReport', monthsAfter: 36 },
      ],
      serviceDueSoonDays: 21,
      reportTargetDays: {
        avgDaysCareToPlacement: 120,
        avgDaysAdoptableToMatched: null,
        avgDaysApplicationToDecision: 60,
      },
      reportTargetShares: { shareAdoptedWithin14Months: 80, shareFamiliesWaited3Months: null },
      backupHour: 23,
      backupKeepDays: 30,
      duplicateThresholdPercent: 90,
    };
    const response = await save({ ...values, version: 0 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ...values, version: 1 } });
    expect((await read()).json()).toEqual({ data: { ...values, version: 1 } });

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'system_settings'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'update', before: defaults, after: values });

    // Every screen applies the list size and idle sign-out from the public setup data.
    const mains = await t.app.inject({ method: 'GET', url: '/api/v1/mains' });
    expect(mains.json().data.settings).toEqual({
      defaultRowsPerPage: 50,
      sessionIdleMinutes: 45,
      minimumAdopterAge: 30,
      fourEyes: false,
      stageExpectedDays: { proposal: 20, trial: 60, warrant: 45, keeping: 15 },
      serviceDueSoonDays: 21,
    });
  });

  it('refuses a stale version with 409 and keeps the saved values', async () => {
    const current = (await read()).json().data;
    const response = await save({ ...defaults, version: 0 });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/changed by someone else/);
    expect((await read()).json().data).toEqual(current);

    const next = await save({ ...current, sessionIdleMinutes: 60 });
    expect(next.json().data).toEqual({ ...current, sessionIdleMinutes: 60, version: current.version + 1 });
  });

  it('refuses values outside the rules with field-first messages, changing nothing', async () => {
    const current = (await read()).json().data;
    const cases: [object, string[]][] = [
      [{ defaultRowsPerPage: 25 }, ['defaultRowsPerPage is not valid.']],
      [{ defaultRowsPerPage: -1 }, ['defaultRowsPerPage is not valid.']],
      [{ childCodePrefix: '' }, ['childCodePrefix is required.']],
      [{ childCodePrefix: '   ' }, ['childCodePrefix can not be blank.']],
      [{ childCodePrefix: 'ABCDEFGHIJK' }, ['childCodePrefix must be at most 10 characters long.']],
      [{ sessionIdleMinutes: 4 }, ['sessionIdleMinutes: Number has to be between 5 and 480']],
      [{ sessionIdleMinutes: 481 }, ['sessionIdleMinutes: Number has to be between 5 and 480']],
      [{ organizationName: 'x'.repeat(201) }, ['organizationName must be at most 200 characters long.']],
      [{ childCodePrefix: undefined }, ['childCodePrefix is required.']],
      // The expected days of each matching stage: whole days, 1 to 730, every stage given.
      // A report's target: empty (null) or whole days 1 to 3650, a share 0 to 100 (%).
      [
        { reportTargetShares: { ...current.reportTargetShares, shareAdoptedWithin14Months: 101 } },
        ['reportTargetShares.shareAdoptedWithin14Months: Number has to be between 0 and 100'],
      ],
      [
        { reportTargetDays: { ...current.reportTargetDays, avgDaysCareToPlacement: 0 } },
        ['reportTargetDays.avgDaysCareToPlacement: Number has to be between 1 and 3650'],
      ],
      [
        { stageExpectedDays: { ...current.stageExpectedDays, trial: 0 } },
        ['stageExpectedDays.trial: Number has to be between 1 and 730'],
      ],
      [
        { stageExpectedDays: { ...current.stageExpectedDays, trial: 731 } },
        ['stageExpectedDays.trial: Number has to be between 1 and 730'],
      ],
      [
        { stageExpectedDays: { ...current.stageExpectedDays, warrant: 1.5 } },
        ['stageExpectedDays.warrant is not valid.'],
      ],
      [
        { stageExpectedDays: { proposal: 30, trial: 90, warrant: 60 } },
        ['stageExpectedDays.keeping is required.'],
      ],
      [
        { stageExpectedDays: { ...current.stageExpectedDays, later: 5 } },
        ['stageExpectedDays is not valid.'],
      ],
      // The follow-up schedule: at least one row, each a known type and 1 to 240 whole months.
      [{ followUpSchedule: [] }, ['followUpSchedule is required.']],
      [{ followUpSchedule: undefined }, ['followUpSchedule is required.']],
      [
        { followUpSchedule: [{ type: 'homeVisit', monthsAfter: 0 }] },
        ['followUpSchedule.monthsAfter: Number has to be between 1 and 240'],
      ],
      [
        { followUpSchedule: [{ type: 'homeVisit', monthsAfter: 1.5 }] },
        ['followUpSchedule.monthsAfter is not valid.'],
      ],
      [{ followUpSchedule: [{ type: 'homeVisit' }] }, ['followUpSchedule.monthsAfter is required.']],
      [
        {
          followUpSchedule: [
            { type: 'homeVisit', monthsAfter: 3 },
            { type: 'birthdayParty', monthsAfter: 6 },
          ],
        },
        ['followUpSchedule.type is not valid.'],
      ],
      [{ serviceDueSoonDays: 0 }, ['serviceDueSoonDays: Number has to be between 1 and 180']],
      [{ serviceDueSoonDays: 181 }, ['serviceDueSoonDays: Number has to be between 1 and 180']],
      [{ serviceDueSoonDays: undefined }, ['serviceDueSoonDays is required.']],
    ];
    for (const [change, errors] of cases) {
      const response = await save({ ...current, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors).toEqual(errors);
    }
    expect((await read()).json().data).toEqual(current);
  });

  it('words a bad follow-up schedule in the language of the request, changing nothing', async () => {
    const current = (await read()).json().data;
    const inKhmer = (change: object) =>
      t.app.inject({
        method: 'PUT',
        url,
        headers: { ...t.bearer(tokens.settingsAdmin), locale: 'kh' },
        payload: { ...current, ...change },
      });
    const cases: [object, string[]][] = [
      [{ followUpSchedule: [] }, ['followUpSchedule ត្រូវតែបំពេញ។']],
      [
        { followUpSchedule: [{ type: 'homeVisit', monthsAfter: 0 }] },
        ['followUpSchedule.monthsAfter: លេខត្រូវតែនៅចន្លោះ 1 និង 240'],
      ],
      [{ followUpSchedule: [{ type: 'visit', monthsAfter: 3 }] }, ['followUpSchedule.type មិនត្រឹមត្រូវ។']],
    ];
    for (const [change, errors] of cases) {
      const response = await inKhmer(change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json()).toMatchObject({ message: 'ទិន្នន័យមិនត្រឹមត្រូវ។', errors });
    }
    expect((await read()).json().data).toEqual(current);
  });

  it('reads a stored value that no longer fits the rules as its default', async () => {
    const current = (await read()).json().data;
    await t.app.db
      .update(systemSettings)
      .set({ value: 7 })
      .where(eq(systemSettings.key, 'defaultRowsPerPage'));
    expect((await read()).json().data).toEqual({ ...current, defaultRowsPerPage: 10 });
  });

  it('refuses a user without the permission with 403 and a caller without sign-in with 401', async () => {
    const current = (await read()).json().data;
    expect((await read('outsider')).statusCode).toBe(403);
    expect((await save(current, 'settingsReader')).statusCode).toBe(403);
    expect((await save(current, 'outsider')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url, payload: current })).statusCode).toBe(401);
    expect((await read()).json().data).toEqual(current);
  });
});
