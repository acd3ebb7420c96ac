import type { TAreaDefinition } from '../areas/area';
import { childArea } from '../areas/child.area';
import { matchingArea } from '../areas/matching.area';
import { parentArea } from '../areas/parent.area';
import { serviceArea } from '../areas/service.area';
import { dateRangeValue } from '../dateRange';
import { addDays } from '../serviceSchedule';
import { reportDayRange, type TReportQuery } from './reportQuery';

type TPeriod = { from: string; to: string };

/** What a figure of now needs beyond the period: today, and each stage's expected days (settings). */
export type TReportListContext = { today: string; stageExpectedDays: Record<string, number> };

/** The first day a list's span of days may start on: the reports' first (src/domain/reports/reportQuery.ts). */
const firstDay = reportDayRange.first;

/**
 * The stage entered on or before this day is past its expected days today (a matching is overdue
 * once `stage_entered_on < today - expected`, as the work queue and the dashboard count it).
 */
export const overdueEnteredBy = (today: string, expectedDays: number): string =>
  addDays(today, -(expectedDays + 1));

/** The `stageEnteredIn` value of the matchings overdue in a stage today. */
export const overdueSpan = (today: string, expectedDays: number): string =>
  dateRangeValue(firstDay, overdueEnteredBy(today, expectedDays));

/** An area's list address with the given filters (no locale prefix: the client adds its own). */
const listOf = (area: TAreaDefinition, filters: Record<string, string | number | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  return `${area.routeBase}?${params.toString()}`;
};

/** A figure's list: the area, and the filters that pick its records (beside the report's own). */
type TListLink = readonly [TAreaDefinition, Record<string, string | undefined>];

/**
 * A report's link builder: `links` gives, for each indicator family, its list and the filters of
 * its records (the status or stage `name`, the period as a `…In` value); the report's filters are
 * added to every link as the lists read them (`reportFilters`).
 */
const reportListPaths =
  (
    reportFilters: (query: TReportQuery) => Record<string, string | number | undefined>,
    links: (
      name: string | undefined,
      inPeriod: string,
      context: TReportListContext,
    ) => Record<string, TListLink>,
  ) =>
  (key: string, period: TPeriod, query: TReportQuery, context: TReportListContext): string | undefined => {
    const [family = key, name] = key.split('.');
    const byFamily = links(name, dateRangeValue(period.from, period.to), context);
    if (!Object.hasOwn(byFamily, family)) return undefined;
    const [area, filters] = byFamily[family] as TListLink;
    return listOf(area, { ...filters, ...reportFilters(query) });
  };

/** The report's office filters: the province of the record's own head office, and that office. */
const officeFilters = (query: TReportQuery) => ({
  officeProvinceId: query.provinceId,
  headOfficeId: query.headOfficeId,
});

/**
 * The list that shows exactly the records a children's report figure counts (issue 24), with the
 * report's filters as the lists read them (src/domain/resources/reportFilters.ts); for an average or
 * a share, its denominator's records; an overdue stage's, the stage entered before its expected days
 * ran out (issue 35). None for the days in a stage (a median of stage periods, not a set of records).
 */
export const childReportListPath = reportListPaths(
  (query) => ({
    ...officeFilters(query),
    sex: query.sex,
    ageBand: query.ageBand,
    disability: query.disability,
  }),
  (name, inPeriod, { today, stageExpectedDays }) => ({
    children: [childArea, { status: name }],
    adoptedInPeriod: [matchingArea, { completedIn: inPeriod }],
    avgDaysCareToPlacement: [matchingArea, { placedIn: inPeriod, childAdmitted: 'true' }],
    avgDaysAdoptableToMatched: [matchingArea, { proposedIn: inPeriod, childConfirmed: 'true' }],
    shareAdoptedWithin14Months: [matchingArea, { completedIn: inPeriod, childConfirmed: 'true' }],
    matchings: [matchingArea, { stage: name }],
    matchingsOverdue: [
      matchingArea,
      {
        stage: name,
        stageEnteredIn:
          name && name in stageExpectedDays
            ? overdueSpan(today, stageExpectedDays[name] as number)
            : undefined,
      },
    ],
    rejections: [matchingArea, { rejectedIn: inPeriod, rejectedStage: name }],
    servicesGiven: [serviceArea, { givenIn: inPeriod }],
    servicesDueSoon: [serviceArea, { due: 'dueSoon' }],
    servicesOverdue: [serviceArea, { due: 'overdue' }],
    servicesWithConcern: [serviceArea, { givenIn: inPeriod, concern: 'true' }],
  }),
);

/**
 * The applications' list behind a parents' report figure (issue 24), with the report's office
 * filters and its sex (the first applicant's; the child's age band and disability change nothing
 * there, so they are not carried). The families matched
 * in the period are the applications with a matching proposed in it.
 */
export const parentReportListPath = reportListPaths(
  // Its sex is the first applicant's (issue 35), as the report counts it.
  (query) => ({ ...officeFilters(query), applicantSex: query.sex }),
  (name, inPeriod) => ({
    applications: [parentArea, { status: name }],
    applicationsReceived: [parentArea, { receivedIn: inPeriod }],
    avgDaysApplicationToDecision: [parentArea, { decidedIn: inPeriod }],
    applicationsAwaitingDecision: [parentArea, { status: 'pending' }],
    familiesApprovedWaiting: [parentArea, { approval: 'waiting' }],
    shareFamiliesWaited3Months: [parentArea, { matchedIn: inPeriod }],
    approvalsExpiringSoon: [parentArea, { approval: 'expiring' }],
    approvalsExpired: [parentArea, { approval: 'expired' }],
  }),
);
