import { describe, expect, it } from 'vitest';
import { trialLength } from '@/domain/matchingStage';
import { systemSettingDefaults } from '@/domain/systemSettingDefaults';
import type { TClientSettings } from '@/domain/systemSettings';
import { matchingWorkflowClient } from '@/features/matching/status/matchingWorkflowClient';
import { parentWorkflowClient } from '@/features/parent/status/parentWorkflowClient';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';

/**
 * What an action dialog says and asks beyond its table (issue 22), by the rules the server judges
 * with: a confirmed trial's days against the expected (its reason required when shorter), and an
 * acceptance's failed eligibility (its justification asked and required only then).
 */
loadAllLocales();
const en = i18nObject('en');
const settings = { ...systemSettingDefaults } as TClientSettings;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('trialLength', () => {
  it('counts the days from the trial’s start to the confirmation against the trial stage’s expected days', () => {
    const expected = settings.stageExpectedDays;
    expect(trialLength('2026-01-01', '2026-03-01', expected)).toEqual({
      days: 59,
      expected: 90,
      short: true,
    });
    expect(trialLength('2026-01-01', '2026-04-01', expected)).toEqual({
      days: 90,
      expected: 90,
      short: false,
    });
    expect(trialLength(null, '2026-04-01', expected)).toBeNull();
    expect(trialLength('2026-01-01', '', expected)).toBeNull();
  });
});

describe('the confirm-test dialog', () => {
  const needs = matchingWorkflowClient.needs;
  const record = { id: 1, version: 3, status: 'testPending', trialStart: '2026-01-01' };

  it('shows the days against the expected and requires the reason when the trial is shorter', () => {
    expect(needs?.('confirm-test', record, { date: '2026-01-31' }, settings, en)).toEqual({
      note: 'The trial: 30 days of the 90 expected. Write why it is confirmed early.',
      required: ['reason'],
      hidden: [],
    });
  });

  it('shows the days and asks nothing more when the trial lasted as expected', () => {
    expect(needs?.('confirm-test', record, { date: addDays('2026-01-01', 120) }, settings, en)).toEqual({
      note: 'The trial: 120 days of the 90 expected.',
      required: [],
      hidden: [],
    });
  });

  it('asks nothing of the other actions', () => {
    expect(needs?.('confirm-adoption', record, { date: '2026-01-31' }, settings, en)).toEqual({
      note: null,
      required: [],
      hidden: [],
    });
  });
});

describe('accepting an application, and asking another approver to (issue 35)', () => {
  const { needs, refusal } = parentWorkflowClient;
  const eligible = {
    id: 2,
    version: 1,
    status: 'pending',
    applicantType: 'single',
    applicant1DateOfBirth: '1980-05-01',
    applicationDate: '2026-01-10',
    homeStudyOn: '2026-01-11',
    policeRecordOn: '2026-01-11',
    medicalReportOn: '2026-01-11',
    referencesOn: '2026-01-11',
    trainingOn: '2026-01-11',
  };
  const failing = { ...eligible, homeStudyOn: null, trainingOn: '', policeRecordOn: null };
  const user = (id: number, username: string) => ({
    id,
    name: username,
    username,
    roles: [],
    permissions: [],
  });
  const caseworker = user(7, 'caseworker');
  const supervisor = user(8, 'supervisor');

  it('accepts an eligible application directly; the request says none is needed', () => {
    expect(refusal?.('accept-parents-adoption', eligible, caseworker, settings, en)).toBeNull();
    expect(needs?.('request-acceptance', eligible, {}, settings, en)).toEqual({
      note: en.workflowNeeds.requestNotNeeded(),
      required: [],
      hidden: [],
    });
  });

  it('locks the acceptance of one that fails the rules, naming the checks, and the request names them too', () => {
    const checks = en.areas.parent.show.checklistDone({ done: 2, all: 5 });
    expect(refusal?.('accept-parents-adoption', failing, caseworker, settings, en)).toBe(
      en.workflowNeeds.acceptNeedsRequest({ checks }),
    );
    expect(refusal?.('request-acceptance', failing, caseworker, settings, en)).toBeNull();
    expect(needs?.('request-acceptance', failing, {}, settings, en)?.note).toBe(
      en.workflowNeeds.notEligible({ checks }),
    );
  });

  it('locks the decisions for the one who asked (four-eyes), not for another approver', () => {
    const requested = { ...failing, status: 'acceptanceRequested', acceptanceRequestedBy: 7 };
    const words = en.workflow.fourEyesRefused({ step: 'Request acceptance' });
    expect(refusal?.('approve-acceptance', requested, caseworker, settings, en)).toBe(words);
    expect(refusal?.('return-acceptance', requested, caseworker, settings, en)).toBe(words);
    expect(refusal?.('approve-acceptance', requested, supervisor, settings, en)).toBeNull();
    expect(refusal?.('return-acceptance', requested, supervisor, settings, en)).toBeNull();
  });
});
