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

describe('the accept dialog', () => {
  const needs = parentWorkflowClient.needs;
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

  it('does not ask for a justification of an eligible application', () => {
    expect(needs?.('accept-parents-adoption', eligible, {}, settings, en)).toEqual({
      note: null,
      required: [],
      hidden: ['justification'],
    });
  });

  it('says which checks fail and requires the justification otherwise', () => {
    const result = needs?.(
      'accept-parents-adoption',
      { ...eligible, homeStudyOn: null, trainingOn: '', policeRecordOn: null },
      {},
      settings,
      en,
    );
    expect(result?.required).toEqual(['justification']);
    expect(result?.hidden).toEqual([]);
    expect(result?.note).toContain(en.areas.parent.show.checklistDone({ done: 2, all: 5 }));
  });
});
