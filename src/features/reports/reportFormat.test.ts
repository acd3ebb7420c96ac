import { describe, expect, it } from 'vitest';
import type { TReportAnswer } from '@/domain/reports/reportAnswer';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { formatFigure, indicatorLabel, isEmptyAnswer, targetState } from './reportFormat';

loadAllLocales();
const en = i18nObject('en');
const km = i18nObject('km');

describe('a figure as the report shows it', () => {
  it('counts whole with separators, days with one decimal, shares as a per cent', () => {
    expect(formatFigure(12345, 'count', 'en')).toBe('12,345');
    expect(formatFigure(41, 'days', 'en')).toBe('41.0');
    expect(formatFigure(41.26, 'days', 'en')).toBe('41.3');
    expect(formatFigure(0.425, 'share', 'en')).toBe('42.5%');
    expect(formatFigure(1, 'share', 'en')).toBe('100%');
    expect(formatFigure(0, 'share', 'en')).toBe('0%');
  });

  it('Khmer follows the Khmer locale of Intl (as every number of the app)', () => {
    expect(formatFigure(1234, 'count', 'kh')).toBe(new Intl.NumberFormat('km').format(1234));
    expect(formatFigure(2.5, 'days', 'kh')).toBe(
      new Intl.NumberFormat('km', { minimumFractionDigits: 1 }).format(2.5),
    );
  });
});

describe('a target met or missed', () => {
  it('days meet a target at or under it', () => {
    expect(targetState({ key: 'avgDaysCareToPlacement', value: 90, target: 90 })).toBe('met');
    expect(targetState({ key: 'avgDaysCareToPlacement', value: 90.1, target: 90 })).toBe('missed');
  });
  it('the share adopted within 14 months meets it at or above; the share who waited 3 months at or under', () => {
    expect(targetState({ key: 'shareAdoptedWithin14Months', value: 0.8, target: 0.75 })).toBe('met');
    expect(targetState({ key: 'shareAdoptedWithin14Months', value: 0.7, target: 0.75 })).toBe('missed');
    expect(targetState({ key: 'shareFamiliesWaited3Months', value: 0.7, target: 0.5 })).toBe('missed');
  });
  it('no target, no verdict', () => {
    expect(targetState({ key: 'avgDaysCareToPlacement', value: 3 })).toBeNull();
  });
});

describe("an indicator's name", () => {
  it('names statuses and stages with their words, in both languages', () => {
    expect(indicatorLabel(en, 'children.adoptable')).toBe(en.options.status.adoptable());
    expect(indicatorLabel(en, 'applications.accepted')).toBe('Accepted');
    expect(indicatorLabel(en, 'matchingsOverdue.trial')).toBe('Overdue in Trial');
    expect(indicatorLabel(en, 'daysInStage.warrant.p90')).toBe('Warrant: days for 90%');
    expect(indicatorLabel(en, 'rejections.proposal')).toBe('Rejected in Proposal');
    expect(indicatorLabel(km, 'matchings.keeping')).toBe(
      km.reports.indicators.matchingsByStage({ stage: km.options.stage.keeping() }),
    );
    expect(indicatorLabel(km, 'adoptedInPeriod')).toBe(km.reports.indicators.adoptedInPeriod());
  });
  it('an unknown key is shown as it is rather than hidden', () => {
    expect(indicatorLabel(en, 'somethingNew')).toBe('somethingNew');
  });
});

const answer = (value: number): TReportAnswer['data'] => ({
  period: { from: '2025-01-01', to: '2025-12-31' },
  asOf: '2025-12-31T10:00:00.000Z',
  indicators: [{ key: 'adoptedInPeriod', value: 0, unit: 'count' }],
  breakdowns: {
    province: [{ id: '1', name: { kh: 'ក', en: 'A' }, values: { 'children.adoptable': value } }],
    sex: [],
    ageBand: [],
    disability: [],
  },
  series: [{ month: '2025-12', from: '2025-12-01', to: '2025-12-31', values: { adoptedInPeriod: 0 } }],
});

describe('an empty report', () => {
  it('is one whose every figure is 0', () => {
    expect(isEmptyAnswer(answer(0))).toBe(true);
    expect(isEmptyAnswer(answer(2))).toBe(false);
  });
});
