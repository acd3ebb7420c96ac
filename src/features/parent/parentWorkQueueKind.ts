import { formatDate } from '@/domain/dateFormat';
import { isoDateIn } from '@/domain/programmeTime';
import { resourceAddresses } from '@/domain/resourceAddresses';
import type { TWorkQueueKind } from '../featureRoutes';

/** An application on the work queue: its approval ends soon or has ended; it opens the application. */
export const workQueueKind: TWorkQueueKind = {
  entity: 'parent',
  icon: 'parents',
  path: (item) => `${resourceAddresses.parent.routeBase}/show/${item.entityId}`,
  reasonText: (LL, item) =>
    item.since < isoDateIn(new Date())
      ? LL.workQueue.approvalEnded({ date: formatDate(item.since) })
      : LL.workQueue.approvalEnding({ date: formatDate(item.since) }),
  reasons: {
    approvalExpiring: {
      icon: 'calendar',
      className: 'text-rose-700 dark:text-rose-300',
      order: 5,
      since: false,
    },
  },
};
