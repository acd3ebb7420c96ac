import { areaActionText } from '@/domain/areas/areaWords';
import { parentArea } from '@/domain/areas/parent.area';
import { formatDate } from '@/domain/dateFormat';
import { isoDateIn } from '@/domain/programmeTime';
import { resourceAddresses } from '@/domain/resourceAddresses';
import type { TWorkQueueKind } from '../featureRoutes';

/**
 * An application on the work queue: its acceptance asked of this approver (issue 35: the decisions
 * in words, a decision like a matching's), or its approval ends soon or has ended; it opens the
 * application, where the decisions are.
 */
export const workQueueKind: TWorkQueueKind = {
  entity: 'parent',
  icon: 'parents',
  path: (item) => `${resourceAddresses.parent.routeBase}/show/${item.entityId}`,
  actionText: (t, value) => areaActionText(t, parentArea, value),
  reasonText: (LL, item) => {
    if (item.reason === 'acceptanceRequested')
      return LL.workQueue.acceptanceRequested({
        actions: (item.actions ?? []).map((action) => areaActionText(LL, parentArea, action)).join(', '),
      });
    return item.since < isoDateIn(new Date())
      ? LL.workQueue.approvalEnded({ date: formatDate(item.since) })
      : LL.workQueue.approvalEnding({ date: formatDate(item.since) });
  },
  reasons: {
    acceptanceRequested: {
      icon: 'check',
      className: 'text-blue-800 dark:text-blue-300',
      order: 0,
      since: true,
      awaitsUser: true,
    },
    approvalExpiring: {
      icon: 'calendar',
      className: 'text-rose-700 dark:text-rose-300',
      order: 5,
      since: false,
    },
  },
};
