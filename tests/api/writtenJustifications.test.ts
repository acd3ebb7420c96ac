import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptiveMatchings, parentInfos, statusHistory } from '../../server/db/schema';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { addDays } from '../../src/domain/serviceSchedule';
import { insertApplication, insertMatching, pendingApplication } from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 22 item 6: a decision that overrides a rule is written down. Accepting an application whose
 * assessment checklist or applicants' ages fail the eligibility the show page computes needs a
 * `justification` (400 without, in the request's language, nothing changed), kept on the
 * application and in its history; confirming a trial shorter than the setting's expected days of
 * the trial stage needs a `reason`.
 */
let t: TTestApp;
let headOfficeId: number;
let today: string;
let token: string;

/** The five checklist dates, all done (an application that is eligible on its checklist). */
const checklistDone = (day: string) => ({
  homeStudyOn: day,
  policeRecordOn: day,
  medicalReportOn: day,
  referencesOn: day,
  trainingOn: day,
});

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

const patch = (url: string, payload: Record<string, unknown>, locale: 'en' | 'kh' = 'en') =>
  t.app.inject({ method: 'PATCH', url: `/api/v1${url}`, headers: { ...t.bearer(token), locale }, payload });
const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...t.bearer(token), locale: 'en' } });

const applicationOf = async (id: number) => {
  const [row] = await t.app.db
    .select({
      status: parentInfos.status,
      version: parentInfos.version,
      justification: parentInfos.acceptanceJustification,
    })
    .from(parentInfos)
    .where(eq(parentInfos.id, id));
  return row;
};

beforeAll(async () => {
  t = await createTestApp();
  headOfficeId = await t.createHeadOffice('HO-JUST');
  today = isoDateIn(new Date(t.clock.now()));
  await t.createUser('just-officer', [
    'adoptive_parents:read',
    'adoptive_parents:update',
    'matchings:read',
    'matchings:update',
    'matchings:approve',
  ]);
  token = (await t.signIn('just-officer', userPassword)).accessToken;
}, 60_000);
afterAll(() => t?.close());

describe('accepting an application that fails eligibility', () => {
  it('needs a written justification (400 in both languages, nothing changed) when the checklist is not done', async () => {
    const id = await pending({ homeStudyOn: null, trainingOn: null, policeRecordOn: null });
    const before = await applicationOf(id);
    const en = await patch(`/parent-infos/accept-parents-adoption/${id}`, { date: today });
    expect(en.statusCode, en.body).toBe(400);
    expect(en.json().errors).toEqual([
      'justification is required: this application does not meet the eligibility rules (the assessment checklist: 2 of 5 done). Write why it is accepted anyway.',
    ]);
    const kh = await patch(`/parent-infos/accept-parents-adoption/${id}`, { date: today }, 'kh');
    expect(kh.statusCode, kh.body).toBe(400);
    expect(kh.json().errors[0]).toMatch(/^justification /);
    expect(kh.json().errors[0]).toContain('2 នៃ 5');
    expect(kh.json().errors[0]).not.toContain('checklist');
    const blank = await patch(`/parent-infos/accept-parents-adoption/${id}`, {
      date: today,
      justification: '   ',
    });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(await applicationOf(id)).toEqual(before);
  });

  it('needs one when an applicant is younger than the settings’ minimum age', async () => {
    const id = await pending({ applicant1DateOfBirth: yearsBefore(today, 20) });
    const response = await patch(`/parent-infos/accept-parents-adoption/${id}`, { date: today });
    expect(response.statusCode, response.body).toBe(400);
    // The age on the application's day (a month ago): 19.
    expect(response.json().errors[0]).toContain('applicant 1’s age (19, at least 25)');
  });

  it('accepts with one, keeps it on the application, its history and its record page', async () => {
    const id = await pending({ homeStudyOn: null, trainingOn: null, policeRecordOn: null });
    const justification = 'The home study is booked; the committee accepts on the other four.';
    const response = await patch(`/parent-infos/accept-parents-adoption/${id}`, {
      date: today,
      justification,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await applicationOf(id)).toMatchObject({ status: 'accepted', justification });
    const record = await get(`/parent-infos/${id}`);
    expect(record.json().data.acceptanceJustification).toBe(justification);
    const history = await get(`/parent-infos/status-history/${id}`);
    expect(history.json().data[0]).toMatchObject({
      action: 'accept-parents-adoption',
      payload: { date: today, justification },
    });
    // Taken back: the acceptance it justified no longer stands (the history keeps it).
    const back = await patch(`/parent-infos/un-accept-parents-adoption/${id}`, { reason: 'Redo the study' });
    expect(back.statusCode, back.body).toBe(200);
    expect((await applicationOf(id)).justification).toBeNull();
  });

  it('needs none for an eligible application', async () => {
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
