import type { TAreaDefinition } from '../areas/area';
import { childArea } from '../areas/child.area';
import { matchingArea } from '../areas/matching.area';
import { parentArea } from '../areas/parent.area';
import { serviceArea } from '../areas/service.area';
import { dateRangeValue } from '../dateRange';
import type { TReportQuery } from './reportQuery';

type TPeriod = { from: string; to: string };

/** An area's list address with the given filters (no locale prefix: the client adds its own). */
const listOf = (area: TAreaDefinition, filters: Record<string, string | number | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) params.set(key, String(value));
  return `${area.routeBase}?${params.toString()}`;
};

/**
 * The list that shows exactly the records a children's report figure counts (issue 24), with the
 * report's filters as the lists read them (src/domain/resources/reportFilters.ts); for an average or
 * a share, its denominator's records. None for the overdue stages (no list filters by lateness
 * against each stage's expected days) nor for the days in a stage (a median of stage periods, not a
 * set of records).
 */
export const childReportListPath = (
  key: string,
  period: TPeriod,
  query: TReportQuery,
): string | undefined => {
  const [family, name] = key.split('.');
  const inPeriod = dateRangeValue(period.from, period.to);
  const child = {
    officeProvinceId: query.provinceId,
    headOfficeId: query.headOfficeId,
    sex: query.sex,
    ageBand: query.ageBand,
    disability: query.disability,
  };
  switch (family) {
    case 'children':
      return listOf(childArea, { status: name, ...child });
    case 'adoptedInPeriod':
      return listOf(matchingArea, { completedIn: inPeriod, ...child });
    case 'avgDaysCareToPlacement':
      return listOf(matchingArea, { placedIn: inPeriod, childAdmitted: 'true', ...child });
    case 'avgDaysAdoptableToMatched':
      return listOf(matchingArea, { proposedIn: inPeriod, childConfirmed: 'true', ...child });
    case 'shareAdoptedWithin14Months':
      return listOf(matchingArea, { completedIn: inPeriod, childConfirmed: 'true', ...child });
    case 'matchings':
      return listOf(matchingArea, { stage: name, ...child });
    case 'rejections':
      return listOf(matchingArea, { rejectedIn: inPeriod, rejectedStage: name, ...child });
    case 'servicesGiven':
      return listOf(serviceArea, { givenIn: inPeriod, ...child });
    case 'servicesDueSoon':
      return listOf(serviceArea, { due: 'dueSoon', ...child });
    case 'servicesOverdue':
      return listOf(serviceArea, { due: 'overdue', ...child });
    case 'servicesWithConcern':
      return listOf(serviceArea, { givenIn: inPeriod, concern: 'true', ...child });
    default:
      return undefined;
  }
};

/**
 * The applications' list behind a parents' report figure (issue 24), with the report's office
 * filters (its child's filters change nothing there, so they are not carried). The families matched
 * in the period are the applications with a matching proposed in it.
 */
export const parentReportListPath = (
  key: string,
  period: TPeriod,
  query: TReportQuery,
): string | undefined => {
  const [family, name] = key.split('.');
  const inPeriod = dateRangeValue(period.from, period.to);
  const office = { officeProvinceId: query.provinceId, headOfficeId: query.headOfficeId };
  switch (family) {
    case 'applications':
      return listOf(parentArea, { status: name, ...office });
    case 'applicationsReceived':
      return listOf(parentArea, { receivedIn: inPeriod, ...office });
    case 'avgDaysApplicationToDecision':
      return listOf(parentArea, { decidedIn: inPeriod, ...office });
    case 'applicationsAwaitingDecision':
      return listOf(parentArea, { status: 'pending', ...office });
    case 'familiesApprovedWaiting':
      return listOf(parentArea, { approval: 'waiting', ...office });
    case 'shareFamiliesWaited3Months':
      return listOf(parentArea, { matchedIn: inPeriod, ...office });
    case 'approvalsExpiringSoon':
      return listOf(parentArea, { approval: 'expiring', ...office });
    case 'approvalsExpired':
      return listOf(parentArea, { approval: 'expired', ...office });
    default:
      return undefined;
  }
};
