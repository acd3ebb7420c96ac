import type { TranslationFunctions } from '../../i18n/i18n-types';
import { childArea } from '../areas/child.area';
import { parentArea } from '../areas/parent.area';
import { matchingStageNames } from '../matchingStage';
import { rejectableStages } from './rejectableStages';

/** The word (under `reports.definitions`) that defines an indicator, in both languages: the dictionaries must have it. */
export type TReportDefinitionKey = keyof TranslationFunctions['reports']['definitions'];

export type TReportCatalogueEntry = {
  key: string;
  unit: 'count' | 'days' | 'share';
  definition: TReportDefinitionKey;
};

const childStatuses = Object.keys(childArea.statuses);

/** One count a status or stage: `{prefix}.{name}`, all defined by the family's word. */
const countsOf = (
  prefix: string,
  names: readonly string[],
  definition: TReportCatalogueEntry['definition'],
): TReportCatalogueEntry[] => names.map((name) => ({ key: `${prefix}.${name}`, unit: 'count', definition }));

/**
 * The children's report's indicators (issue 24) in the answer's order: the key, its unit and the
 * word that defines it. A key with a status or stage (`children.adoptable`) shares its family's
 * definition, which names the status or stage.
 */
export const childReportCatalogue: readonly TReportCatalogueEntry[] = [
  ...countsOf('children', childStatuses, 'childrenByStatus'),
  { key: 'adoptedInPeriod', unit: 'count', definition: 'adoptedInPeriod' },
  { key: 'avgDaysCareToPlacement', unit: 'days', definition: 'avgDaysCareToPlacement' },
  { key: 'avgDaysAdoptableToMatched', unit: 'days', definition: 'avgDaysAdoptableToMatched' },
  { key: 'shareAdoptedWithin14Months', unit: 'share', definition: 'shareAdoptedWithin14Months' },
  ...countsOf('matchings', matchingStageNames, 'matchingsByStage'),
  ...countsOf('matchingsOverdue', matchingStageNames, 'matchingsOverdue'),
  ...matchingStageNames.flatMap((stage) =>
    (['median', 'p90'] as const).map((measure) => ({
      key: `daysInStage.${stage}.${measure}`,
      unit: 'days' as const,
      definition: measure === 'median' ? ('daysInStageMedian' as const) : ('daysInStageP90' as const),
    })),
  ),
  ...countsOf('rejections', rejectableStages, 'rejections'),
  { key: 'servicesGiven', unit: 'count', definition: 'servicesGiven' },
  { key: 'servicesDueSoon', unit: 'count', definition: 'servicesDueSoon' },
  { key: 'servicesOverdue', unit: 'count', definition: 'servicesOverdue' },
  { key: 'servicesWithConcern', unit: 'count', definition: 'servicesWithConcern' },
];

/** The parents' report's indicators (issue 24) in the answer's order. */
export const parentReportCatalogue: readonly TReportCatalogueEntry[] = [
  ...countsOf('applications', Object.keys(parentArea.statuses), 'applicationsByStatus'),
  { key: 'applicationsReceived', unit: 'count', definition: 'applicationsReceived' },
  { key: 'avgDaysApplicationToDecision', unit: 'days', definition: 'avgDaysApplicationToDecision' },
  { key: 'applicationsAwaitingDecision', unit: 'count', definition: 'applicationsAwaitingDecision' },
  { key: 'familiesApprovedWaiting', unit: 'count', definition: 'familiesApprovedWaiting' },
  { key: 'shareFamiliesWaited3Months', unit: 'share', definition: 'shareFamiliesWaited3Months' },
  { key: 'approvalsExpiringSoon', unit: 'count', definition: 'approvalsExpiringSoon' },
  { key: 'approvalsExpired', unit: 'count', definition: 'approvalsExpired' },
];
