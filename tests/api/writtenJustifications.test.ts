import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptiveMatchings,
  headOffices,
  parentInfos,
  provinces,
  statusHistory,
  users,
} from '../../server/db/schema';
import { addMonths } from '../../src/domain/addMonths';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { addDays } from '../../src/domain/serviceSchedule';
import {
  checklistDone,
  insertApplication,
  insertMatching,
  pendingApplication,
} from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 22 item 6: a decision that overrides a rule is written down; issue 35: and taken by two
 * people. An application whose assessment checklist or applicants' ages fail the eligibility the
 * show page computes is not accepted by one user (409 in the request's language, naming the checks,
 * nothing changed): its acceptance is requested with a `justification` (status
 * `acceptanceRequested`), and another holder of `adoptive_parents:approve` approves it (accepted,
 * with the approval's end an acceptance sets) or sends it back with a reason; the one who asked is
 * refused with the matchings' four-eyes words. The request waits on the approvers' work queue.
 * Confirming a trial shorter than the setting's expected days of the trial stage needs a `reason`.
 */
let t: TTestApp;
let headOfficeId: number;
let today: string;
/** The caseworker who asks; they hold the approve permission too, which four-eyes holds back. */
let token: string;
const tokens = {} as Record<'approver' | 'clerk' | 'provincial', string>;
let askerId: number;

const pending = async (values: Partial<typeof parentInfos.$inferInsert> = {}) =>
  (
    await insertApplication(
      t.app.db,
      {
        ...pendingApplication,
        headOfficeId,
        applicantType: 'single',
        applicant1FamilyNameEn: 'Eligible',
        applicant1Sex: 'female',
        applicant1DateOfBirth: yearsBefore(today, 35),
        applicationDate: addDays(today, -30),
        ...checklistDone(addDays(today, -20)),
        ...values,
      },
      { prefix: 'JUST', today },
    )
  ).id;
/** Pending, its checklist 2 of 5 done: fails eligibility. */
const notEligible = () => pending({ homeStudyOn: null, trainingOn: null, policeRecordOn: null });

const patch = (url: string, payload: Record<string, unknown>, locale: 'en' | 'kh' = 'en', as = token) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1${url}`, headers: { ...t.bearer(as), locale }, payload });
const get = (url: string, as = token) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...t.bearer(as), locale: 'en' } });

const applicationOf = async (id: number) => {
  const [row] = await t.app.db
    .select({
      status: parentInfos.status,
      version: parentInfos.version,
      justification: parentInfos.acceptanceJustification,
      decisionDate: parentInfos.decisionDate,
      decisionReason: parentInfos.decisionReason,
      approvedUntil: parentInfos.approvedUntil,
    })
    .from(parentInfos)
    .where(eq(parentInfos.id, id));
  return row;
};

const justification = 'The home study is booked; the committee accepts on the other four.';
/** An application that fails eligibility, its acceptance asked by the caseworker. */
const requested = async () => {
  const id = await notEligible();
  const response = await patch(`/parent-infos/request-acceptance/${id}`, { justification });
  expect(response.statusCode, response.body).toBe(200);
  return id;
};

/** The requests to accept on a user's work queue. */
const acceptanceItems = async (as: string) => {
  const response = await get('/work-queue', as);
  expect(response.statusCode, response.body).toBe(200);
  return (
    response.json().data as { entityId: number; reason: string; actions?: string[]; since: string }[]
  ).filter((item) => item.reason === 'acceptanceRequested');
};

beforeAll(async () => {
  t = await createTestApp();
  headOfficeId = await t.createHeadOffice('HO-JUST');
  today = isoDateIn(new Date(t.clock.now()));
  askerId = (
    await t.createUser('just-officer', [
      'adoptive_parents:read',
      'adoptive_parents:update',
      'adoptive_parents:approve',
      'matchings:read',
      'matchings:update',
      'matchings:approve',
    ])
  ).id;
  token = (await t.signIn('just-officer', userPassword)).accessToken;
  await t.createUser('just-approver', ['adoptive_parents:read', 'adoptive_parents:approve']);
  await t.createUser('just-clerk', ['adoptive_parents:read', 'adoptive_parents:update']);
  // An approver kept to a provincial office: the national office's applications are not theirs.
  const provincial = await t.createUser('just-provincial', [
    'adoptive_parents:read',
    'adoptive_parents:approve',
  ]);
  const [province] = await t.app.db.select({ id: provinces.id }).from(provinces).limit(1);
  const [office] = await t.app.db
    .insert(headOffices)
    .values({
      code: 'HO-JUST-PRV',
      name: { kh: 'ខេត្ត', en: 'Province' },
      class: 'provincial',
      provinceId: province.id,
    })
    .returning({ id: headOffices.id });
  await t.app.db.update(users).set({ headOfficeId: office.id }).where(eq(users.id, provincial.id));
  for (const name of ['approver', 'clerk', 'provincial'] as const)
    tokens[name] = (await t.signIn(`just-${name}`, userPassword)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('accepting an application that fails eligibility', () => {
  it('is refused to one user (409 in both languages, naming the checks, nothing changed)', async () => {
    const id = await notEligible();
    const before = await applicationOf(id);
    const en = await patch(`/parent-infos/accept-parents-adoption/${id}`, { date: today });
    expect(en.statusCode, en.body).toBe(409);
    expect(en.json()).toMatchObject({
      message:
        'This application does not meet the eligibility rules (below): request its acceptance with a justification; another holder of the approve permission decides.',
      errors: ['the assessment checklist: 2 of 5 done'],
    });
    const kh = await patch(`/parent-infos/accept-parents-adoption/${id}`, { date: today }, 'kh');
    expect(kh.statusCode, kh.body).toBe(409);
    expect(kh.json().errors[0]).toContain('2 នៃ 5');
    expect(kh.json().message).not.toContain('eligibility');
    // A justification does not make it one user's decision any more.
    const justified = await patch(`/parent-infos/accept-parents-adoption/${id}`, {
      date: today,
      justification,
    });
    expect(justified.statusCode, justified.body).toBe(409);
    expect(justified.json().errors).toEqual(['the assessment checklist: 2 of 5 done']);
    expect(await applicationOf(id)).toEqual(before);
  });

  it('is refused when an applicant is younger than the settings’ minimum age', async () => {
    const id = await pending({ applicant1DateOfBirth: yearsBefore(today, 20) });
    const response = await patch(`/parent-infos/accept-parents-adoption/${id}`, { date: today });
    expect(response.statusCode, response.body).toBe(409);
    // The age on the application's day (a month ago): 19.
    expect(response.json().errors[0]).toContain('applicant 1’s age (19, at least 25)');
  });

  it('is requested with a justification (400 without, in both languages), kept on the application and its history', async () => {
    const id = await notEligible();
    const before = await applicationOf(id);
    for (const [locale, body, message] of [
      ['en', {}, 'justification is required.'],
      ['kh', {}, 'justification ត្រូវតែបំពេញ។'],
      ['en', { justification: ' \n ' }, 'justification can not be blank.'],
    ] as const) {
      const refused = await patch(`/parent-infos/request-acceptance/${id}`, body, locale);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().errors).toContain(message);
    }
    expect(await applicationOf(id)).toEqual(before);
    const response = await patch(`/parent-infos/request-acceptance/${id}`, { justification });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('acceptanceRequested');
    expect(await applicationOf(id)).toMatchObject({
      status: 'acceptanceRequested',
      justification,
      approvedUntil: null,
    });
    const record = await get(`/parent-infos/${id}`);
    expect(record.json().data).toMatchObject({
      acceptanceJustification: justification,
      acceptanceRequestedBy: askerId,
    });
    const history = await get(`/parent-infos/status-history/${id}`);
    expect(history.json().data[0]).toMatchObject({
      action: 'request-acceptance',
      fromStatus: 'pending',
      toStatus: 'acceptanceRequested',
      payload: { justification },
    });
  });

  it('is not decided by the one who asked (the matchings’ four-eyes words, both languages), even holding the permission', async () => {
    const id = await requested();
    const before = await applicationOf(id);
    const approve = await patch(`/parent-infos/approve-acceptance/${id}`, { date: today });
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json().message).toBe(
      'You took the last step that was not a decision (Request acceptance): another user must take this decision.',
    );
    const kh = await patch(`/parent-infos/return-acceptance/${id}`, { reason: 'Ask again' }, 'kh');
    expect(kh.statusCode, kh.body).toBe(409);
    expect(kh.json().message).toContain('ស្នើសុំការទទួលយក');
    expect(await applicationOf(id)).toEqual(before);
    // Nor by a user without the approve permission (403), nor one of another office (404).
    const clerk = await patch(`/parent-infos/approve-acceptance/${id}`, { date: today }, 'en', tokens.clerk);
    expect(clerk.statusCode, clerk.body).toBe(403);
    const away = await patch(
      `/parent-infos/approve-acceptance/${id}`,
      { date: today },
      'en',
      tokens.provincial,
    );
    expect(away.statusCode, away.body).toBe(404);
    expect(await applicationOf(id)).toEqual(before);
  });

  it('is approved by another approver: accepted with the approval’s end an acceptance sets, the justification kept', async () => {
    const id = await requested();
    const response = await patch(
      `/parent-infos/approve-acceptance/${id}`,
      { date: today },
      'en',
      tokens.approver,
    );
    expect(response.statusCode, response.body).toBe(200);
    // Without an end: the decision date plus the setting's 12 months.
    expect(await applicationOf(id)).toMatchObject({
      status: 'accepted',
      justification,
      decisionDate: today,
      approvedUntil: addMonths(today, 12),
    });
    expect(response.json().data.history).toMatchObject({
      action: 'approve-acceptance',
      toStatus: 'accepted',
    });
    // Taken back: the acceptance it justified no longer stands (the history keeps it).
    const back = await patch(`/parent-infos/un-accept-parents-adoption/${id}`, { reason: 'Redo the study' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await applicationOf(id)).justification).toBeNull();
  });

  it('is sent back by another approver with a reason: pending again, the request gone', async () => {
    const id = await requested();
    const noReason = await patch(`/parent-infos/return-acceptance/${id}`, {}, 'en', tokens.approver);
    expect(noReason.statusCode, noReason.body).toBe(400);
    const response = await patch(
      `/parent-infos/return-acceptance/${id}`,
      { reason: 'The committee has not met yet' },
      'en',
      tokens.approver,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await applicationOf(id)).toMatchObject({
      status: 'pending',
      justification: null,
      decisionReason: 'The committee has not met yet',
    });
    // Nothing left to approve.
    const late = await patch(
      `/parent-infos/approve-acceptance/${id}`,
      { date: today },
      'en',
      tokens.approver,
    );
    expect(late.statusCode, late.body).toBe(409);
  });

  it('waits on the work queue of those who may approve it, not of the one who asked nor of others', async () => {
    const id = await requested();
    const [item] = (await acceptanceItems(tokens.approver)).filter((entry) => entry.entityId === id);
    expect(item).toMatchObject({
      entity: 'parent',
      reason: 'acceptanceRequested',
      status: 'acceptanceRequested',
      since: today,
      actions: ['approve-acceptance', 'return-acceptance'],
    });
    expect((await acceptanceItems(token)).map((entry) => entry.entityId)).not.toContain(id);
    expect((await acceptanceItems(tokens.clerk)).map((entry) => entry.entityId)).not.toContain(id);
    expect((await acceptanceItems(tokens.provincial)).map((entry) => entry.entityId)).not.toContain(id);
    // Decided, it leaves the queue.
    await patch(`/parent-infos/approve-acceptance/${id}`, { date: today }, 'en', tokens.approver);
    expect((await acceptanceItems(tokens.approver)).map((entry) => entry.entityId)).not.toContain(id);
  });

  it('is not asked for an eligible application: accepted directly by one user', async () => {
    const id = await pending();
    const response = await patch(`/parent-infos/accept-parents-adoption/${id}`, { date: today });
    expect(response.statusCode, response.body).toBe(200);
    expect(await applicationOf(id)).toMatchObject({ status: 'accepted', justification: null });
  });
});

describe('confirming a trial shorter than expected', () => {
  const testing = async (trialDays: number) =>
    (
      await insertMatching(
        t.app.db,
        {
          headOfficeId,
          status: 'testing',
          proposedDate: addDays(today, -200),
          lastStepDate: addDays(today, -trialDays),
          stageEnteredOn: addDays(today, -trialDays),
          trialStart: addDays(today, -trialDays),
          child: { familyNameEn: 'Trial' },
          parent: { applicantType: 'single', applicant1FamilyNameEn: 'Trial', applicant1Sex: 'female' },
        },
        { prefix: 'JUST', today },
      )
    ).id;
  const matchingOf = async (id: number) => {
    const [row] = await t.app.db
      .select({ status: adoptiveMatchings.status, version: adoptiveMatchings.version })
      .from(adoptiveMatchings)
      .where(eq(adoptiveMatchings.id, id));
    return row;
  };

  it('needs a reason (400 in both languages, nothing changed) that says the days', async () => {
    const id = await testing(30);
    const before = await matchingOf(id);
    const en = await patch(`/adoptive-matching/confirm-test/${id}`, { date: today });
    expect(en.statusCode, en.body).toBe(400);
    expect(en.json().errors).toEqual([
      'reason is required: the trial lasted 30 days, shorter than the 90 expected. Write why it is confirmed now.',
    ]);
    const kh = await patch(`/adoptive-matching/confirm-test/${id}`, { date: today }, 'kh');
    expect(kh.statusCode, kh.body).toBe(400);
    expect(kh.json().errors[0]).toMatch(/^reason /);
    expect(kh.json().errors[0]).toContain('30');
    expect(kh.json().errors[0]).not.toContain('expected');
    const blank = await patch(`/adoptive-matching/confirm-test/${id}`, { date: today, reason: ' \n ' });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(await matchingOf(id)).toEqual(before);
  });

  it('confirms with one, kept in the history', async () => {
    const id = await testing(30);
    const reason = 'The family and the child settled quickly; the social worker visited weekly.';
    const response = await patch(`/adoptive-matching/confirm-test/${id}`, { date: today, reason });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.app.db
      .select({ payload: statusHistory.payload })
      .from(statusHistory)
      .where(and(eq(statusHistory.entity, 'adoptive_matchings'), eq(statusHistory.entityId, id)));
    expect(row.payload).toEqual({ date: today, reason });
  });

  it('needs none for a trial as long as expected', async () => {
    const id = await testing(90);
    const response = await patch(`/adoptive-matching/confirm-test/${id}`, { date: today });
    expect(response.statusCode, response.body).toBe(200);
    expect((await matchingOf(id)).status).toBe('testConfirmed');
  });
});
