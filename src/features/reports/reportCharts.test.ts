import { describe, expect, it } from 'vitest';
import type { TReportAnswer } from '@/domain/reports/reportAnswer';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { chartTable, groupIndicators, rowTotal } from './reportCharts';
import { childReport, parentsReport } from './reportDescriptions';

loadAllLocales();
const en = i18nObject('en');

const data: TReportAnswer['data'] = {
  period: { from: '2025-01-01', to: '2025-12-31' },
  asOf: '2025-12-31T10:00:00.000Z',
  indicators: [
    { key: 'children.adoptable', value: 4, unit: 'count', listPath: '/adoptive-children?status=adoptable' },
    { key: 'matchings.trial', value: 3, unit: 'count', listPath: '/matchings?stage=trial' },
    { key: 'matchingsOverdue.trial', value: 1, unit: 'count' },
    { key: 'daysInStage.trial.median', value: 40, unit: 'days', target: 30 },
    { key: 'daysInStage.trial.p90', value: 80, unit: 'days' },
    { key: 'daysInStage.warrant.median', value: 0, unit: 'days', denominator: 0 },
    { key: 'adoptedInPeriod', value: 2, unit: 'count' },
  ],
  breakdowns: {
    province: [
      {
        id: '12',
        name: { kh: 'ភ្នំពេញ', en: 'Phnom Penh' },
        values: { 'children.adoptable': 3, 'children.adopted': 2 },
      },
    ],
    sex: [
      { id: 'female', name: { kh: 'ស្រី', en: 'Female' }, values: { 'children.adoptable': 2 } },
      {
        id: 'male',
        name: { kh: 'ប្រុស', en: 'Male' },
        values: { 'children.adoptable': 1, 'children.adopted': 2 },
      },
    ],
    ageBand: [],
    disability: [],
  },
  series: [
    {
      month: '2025-11',
      from: '2025-11-20',
      to: '2025-11-30',
      values: { adoptedInPeriod: 1, servicesGiven: 0 },
    },
    {
      month: '2025-12',
      from: '2025-12-01',
      to: '2025-12-31',
      values: { adoptedInPeriod: 1, servicesGiven: 5 },
      listPaths: { servicesGiven: '/services?givenIn=2025-12-01..2025-12-31' },
    },
  ],
};

const chart = (id: string) => {
  const found = [...childReport.charts, ...parentsReport.charts].find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return chartTable(found, childReport, data, en, 'en');
};

describe("a report's chart and its table", () => {
  it('bars by stage: one row a stage, its figures and the list each opens', () => {
    const table = chart('matchingsByStage');
    expect(table.rows.map((row) => row.label)).toEqual(['Proposal', 'Trial', 'Warrant', 'Keeping']);
    const trial = table.rows.find((row) => row.id === 'trial');
    expect(trial?.values).toEqual({ 'matchings.{stage}': 3, 'matchingsOverdue.{stage}': 1 });
    expect(trial?.links).toEqual({ 'matchings.{stage}': '/matchings?stage=trial' });
    expect(table.columns.map((column) => column.role)).toEqual(['value', 'value']);
  });

  it("marks a median of no stay as counting nothing (the table shows '—', issue 35)", () => {
    const table = chart('daysInStage');
    expect(table.rows.find((row) => row.id === 'warrant')?.nothing).toEqual({
      'daysInStage.{stage}.median': true,
    });
    expect(table.rows.find((row) => row.id === 'trial')?.nothing).toEqual({});
  });

  it('a target line appears only where a target is set', () => {
    const table = chart('daysInStage');
    expect(table.columns.at(-1)).toMatchObject({ key: 'target', role: 'target', label: 'Target' });
    expect(table.rows.find((row) => row.id === 'trial')?.values.target).toBe(30);
    expect(table.rows.find((row) => row.id === 'proposal')?.values.target).toBeUndefined();
    expect(chart('rejectionsByStage').columns.some((column) => column.role === 'target')).toBe(false);
  });

  it('bars by province: each status stacked, named in the reader language, with a total', () => {
    const table = chart('childrenByProvince');
    expect(table.stacked).toBe(true);
    expect(table.across).toBe(true);
    const row = table.rows[0];
    expect(row?.label).toBe('Phnom Penh');
    expect(row?.values['children.adoptable']).toBe(3);
    expect(row?.values['children.registered']).toBe(0);
    expect(row ? rowTotal(row, table.columns) : 0).toBe(5);
  });

  it('the other breakdowns are charted the same way, standing up beside their table', () => {
    const table = chart('childrenBySex');
    expect(table.categoryLabel).toBe('Sex');
    expect(table.across).toBe(false);
    expect(table.rows.map((row) => [row.label, rowTotal(row, table.columns)])).toEqual([
      ['Female', 2],
      ['Male', 3],
    ]);
  });

  it('every chart is titled in both languages, the breakdowns by what they break down', () => {
    const km = i18nObject('km');
    for (const found of [...childReport.charts, ...parentsReport.charts]) {
      expect(found.title(en), found.id).not.toBe('');
      expect(found.title(km), found.id).not.toBe(found.title(en));
    }
    const breakdowns = [...childReport.charts, ...parentsReport.charts].flatMap((found) =>
      found.kind === 'breakdown' ? [`${found.id} ${found.prefix} ${found.breakdown}`] : [],
    );
    expect(breakdowns).toEqual([
      'childrenByProvince children province',
      'childrenBySex children sex',
      'childrenByAgeBand children ageBand',
      'childrenByDisability children disability',
      'applicationsByProvince applications province',
      'applicationsBySex applications sex',
    ]);
    expect(chart('childrenByAgeBand').title).toBe(en.reports.charts.childrenByAgeBand());
  });

  it('a line over the months, each named, a month the period cuts with its days, each opening its list', () => {
    const table = chart('childMonthly');
    expect(table.kind).toBe('lines');
    expect(table.rows.map((row) => row.label)).toEqual(['Nov 2025 (days 20–30)', 'Dec 2025']);
    expect(table.rows[1]?.values).toEqual({ adoptedInPeriod: 1, servicesGiven: 5 });
    expect(table.rows[1]?.links).toEqual({ servicesGiven: '/services?givenIn=2025-12-01..2025-12-31' });
    expect(table.rows[0]?.links).toEqual({});
  });

  it("the Khmer report's months carry the Khmer month names, in the chart and its table", () => {
    const found = childReport.charts.find((candidate) => candidate.id === 'childMonthly');
    if (!found) throw new Error('childMonthly');
    const table = chartTable(found, childReport, data, i18nObject('km'), 'kh');
    expect(table.rows.map((row) => row.label)).toEqual(['វិច្ឆិកា 2025 (ថ្ងៃទី 20–30)', 'ធ្នូ 2025']);
  });

  it('card groups take the figures the answer carries, in the catalogue order', () => {
    const group = childReport.cardGroups.find((candidate) => candidate.id === 'matchings');
    if (!group) throw new Error('matchings');
    expect(groupIndicators(group, childReport, data).map((indicator) => indicator.key)).toEqual([
      'matchings.trial',
      'matchingsOverdue.trial',
    ]);
  });
});
