import { areaActionText } from '@/domain/areas/areaWords';
import { matchingArea } from '@/domain/areas/matching.area';
import { resourceAddresses } from '@/domain/resourceAddresses';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TWorkQueueKind } from '../featureRoutes';

/**
 * A matching on the work queue: a decision or a next step (the actions in words), an overdue stage
 * (its days against the expected); it opens the matching's working page.
 */
export const workQueueKind: TWorkQueueKind = {
  entity: 'matching',
  icon: 'matching',
  path: (item) => `${resourceAddresses.matching.routeBase}/matching/${item.entityId}`,
  actionText: (t, value) => areaActionText(t, matchingArea, value),
  reasonText: (LL, item) => {
    const actions = (item.actions ?? []).map((action) => areaActionText(LL, matchingArea, action)).join(', ');
    if (item.reason === 'decision') return LL.workQueue.decision({ actions });
    if (item.reason === 'nextStep') return LL.workQueue.nextStep({ actions });
    const stage = item.stage as keyof TranslationFunctions['options']['stage'] | undefined;
    return LL.workQueue.overdue({
      days: item.days ?? 0,
      stage: stage ? LL.options.stage[stage]() : '',
      expected: item.expected ?? 0,
    });
  },
  reasons: {
    decision: {
      icon: 'check',
      className: 'text-blue-800 dark:text-blue-300',
      order: 0,
      since: true,
      awaitsUser: true,
    },
    nextStep: {
      icon: 'arrowRight',
      className: 'text-primary-700 dark:text-primary-300',
      order: 1,
      since: true,
      awaitsUser: true,
    },
    overdue: { icon: 'clock', className: 'text-amber-800 dark:text-amber-300', order: 2, since: true },
  },
};
