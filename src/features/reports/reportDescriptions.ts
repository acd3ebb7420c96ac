import type { TReportAnswer } from '@/domain/reports/reportAnswer';
import {
  childReportCatalogue,
  parentReportCatalogue,
  type TReportCatalogueEntry,
  type TReportDefinitionKey,
} from '@/domain/reports/reportCatalogue';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TReportFilterKey } from './reportFilters';

type TWords = (LL: TranslationFunctions) => string;

export type TReportBreakdownName = keyof TReportAnswer['data']['breakdowns'];

/** One bar, line or column of a chart's data: which figure, named how. */
export type TReportChartSeries = { key: string; label: TWords };

/**
 * A chart of a report and its table, by what its categories are: the matching stages (each series
 * an indicator `{family}.{stage}...`), the rows of a breakdown (province, sex, age band, disability:
 * their status counts, stacked), or the 12 months of the series (lines).
 */
export type TReportChart =
  | {
      id: string;
      kind: 'stages';
      title: TWords;
      /** Each series' indicator key for a stage. */
      series: readonly { key: (stage: string) => string; label: TWords }[];
    }
  | {
      id: string;
      kind: 'breakdown';
      title: TWords;
      /** Which breakdown of the answer: one bar a province, sex, age band or disability. */
      breakdown: TReportBreakdownName;
      /** The breakdown's value keys: `{prefix}.{status}`, stacked. */
      prefix: string;
    }
  | { id: string; kind: 'months'; title: TWords; series: readonly TReportChartSeries[] };

/** The breakdown charts' titles (`childrenByProvince`…): the chart words that take no value. */
type TBreakdownChartId = `${'children' | 'applications'}By${Capitalize<TReportBreakdownName>}`;
type TChartTitleId = Extract<keyof TranslationFunctions['reports']['charts'], TBreakdownChartId>;

/**
 * One chart a breakdown (province, sex…) of a family of status counts (`children`, `applications`),
 * its bars stacked by status: `childrenByProvince`, titled by the chart words of that name.
 */
const breakdownCharts = (
  prefix: 'children' | 'applications',
  breakdowns: readonly TReportBreakdownName[],
): TReportChart[] =>
  breakdowns.map((breakdown) => {
    const id = `${prefix}By${breakdown[0]?.toUpperCase()}${breakdown.slice(1)}` as TChartTitleId;
    return { id, kind: 'breakdown', breakdown, prefix, title: (LL) => LL.reports.charts[id]() };
  });

/** A group of indicator cards: the catalogue entries whose definition is one of these, in its order. */
export type TReportCardGroup = { id: string; title: TWords; definitions: readonly TReportDefinitionKey[] };

/**
 * What one report screen shows (issue 24): the one report screen engine (ReportScreen.tsx) draws
 * any of them, so a report is described here rather than written as a page.
 */
export type TReportDescription = {
  name: 'child' | 'parents';
  /** The client route (without the locale prefix). */
  path: string;
  /** `GET /api/v1{api}` answers the figures; `{api}.xlsx` exports them. */
  api: string;
  catalogue: readonly TReportCatalogueEntry[];
  /** The filters that change this report, in the bar's order. */
  filters: readonly TReportFilterKey[];
  /** Whose sex the sex filter is: the child's, or the first applicant's (docs/decisions.md, issue 35). */
  sexOf: 'child' | 'applicant';
  title: TWords;
  cardGroups: readonly TReportCardGroup[];
  charts: readonly TReportChart[];
};

export const childReport: TReportDescription = {
  name: 'child',
  path: '/reports/child',
  api: '/reports/children',
  catalogue: childReportCatalogue,
  filters: ['from', 'to', 'provinceId', 'headOfficeId', 'sex', 'ageBand', 'disability'],
  sexOf: 'child',
  title: (LL) => LL.reports.screen.childTitle(),
  cardGroups: [
    { id: 'children', title: (LL) => LL.reports.groups.children(), definitions: ['childrenByStatus'] },
    {
      id: 'timeliness',
      title: (LL) => LL.reports.groups.timeliness(),
      definitions: [
        'adoptedInPeriod',
        'avgDaysCareToPlacement',
        'avgDaysAdoptableToMatched',
        'shareAdoptedWithin14Months',
      ],
    },
    {
      id: 'matchings',
      title: (LL) => LL.reports.groups.matchings(),
      definitions: ['matchingsByStage', 'matchingsOverdue'],
    },
    {
      id: 'daysInStage',
      title: (LL) => LL.reports.groups.daysInStage(),
      definitions: ['daysInStageMedian', 'daysInStageP90'],
    },
    { id: 'rejections', title: (LL) => LL.reports.groups.rejections(), definitions: ['rejections'] },
    {
      id: 'services',
      title: (LL) => LL.reports.groups.services(),
      definitions: ['servicesGiven', 'servicesDueSoon', 'servicesOverdue', 'servicesWithConcern'],
    },
  ],
  charts: [
    {
      id: 'matchingsByStage',
      kind: 'stages',
      title: (LL) => LL.reports.charts.matchingsByStage(),
      series: [
        { key: (stage) => `matchings.${stage}`, label: (LL) => LL.reports.charts.inStage() },
        { key: (stage) => `matchingsOverdue.${stage}`, label: (LL) => LL.reports.charts.overdue() },
      ],
    },
    {
      id: 'daysInStage',
      kind: 'stages',
      title: (LL) => LL.reports.charts.daysInStage(),
      series: [
        { key: (stage) => `daysInStage.${stage}.median`, label: (LL) => LL.reports.charts.median() },
        { key: (stage) => `daysInStage.${stage}.p90`, label: (LL) => LL.reports.charts.p90() },
      ],
    },
    {
      id: 'rejectionsByStage',
      kind: 'stages',
      title: (LL) => LL.reports.charts.rejectionsByStage(),
      series: [{ key: (stage) => `rejections.${stage}`, label: (LL) => LL.reports.charts.rejected() }],
    },
    ...breakdownCharts('children', ['province', 'sex', 'ageBand', 'disability']),
    {
      id: 'childMonthly',
      kind: 'months',
      title: (LL) => LL.reports.charts.childMonthly(),
      series: [
        { key: 'adoptedInPeriod', label: (LL) => LL.reports.indicators.adoptedInPeriod() },
        { key: 'servicesGiven', label: (LL) => LL.reports.indicators.servicesGiven() },
      ],
    },
  ],
};

export const parentsReport: TReportDescription = {
  name: 'parents',
  path: '/reports/parents',
  api: '/reports/parents',
  catalogue: parentReportCatalogue,
  // Age band and disability are a child's: they change nothing in the parents' report. Its sex is
  // the first applicant's, as its 'By sex' chart groups (issue 35).
  filters: ['from', 'to', 'provinceId', 'headOfficeId', 'sex'],
  sexOf: 'applicant',
  title: (LL) => LL.reports.screen.parentsTitle(),
  cardGroups: [
    {
      id: 'applications',
      title: (LL) => LL.reports.groups.applications(),
      definitions: ['applicationsByStatus'],
    },
    {
      id: 'timeliness',
      title: (LL) => LL.reports.groups.timeliness(),
      definitions: ['applicationsReceived', 'avgDaysApplicationToDecision', 'applicationsAwaitingDecision'],
    },
    {
      id: 'families',
      title: (LL) => LL.reports.groups.families(),
      definitions: [
        'familiesApprovedWaiting',
        'shareFamiliesWaited3Months',
        'approvalsExpiringSoon',
        'approvalsExpired',
      ],
    },
  ],
  charts: [
    ...breakdownCharts('applications', ['province', 'sex']),
    {
      id: 'parentMonthly',
      kind: 'months',
      title: (LL) => LL.reports.charts.parentMonthly(),
      series: [{ key: 'applicationsReceived', label: (LL) => LL.reports.indicators.applicationsReceived() }],
    },
  ],
};

export const reportDescriptions = { child: childReport, parents: parentsReport } as const;
