import { backupWorkQueueEntity } from '@/domain/backupWorkQueue';
import { formatDate } from '@/domain/dateFormat';
import type { TWorkQueueKind } from '../featureRoutes';

/** A failed scheduled backup on the administrators' work queue: it opens the backups card. */
export const workQueueKind: TWorkQueueKind = {
  entity: backupWorkQueueEntity,
  icon: 'alert',
  path: () => '/configuration/general-information#backups',
  reasonText: (LL, item) => LL.backups.workQueueFailed({ date: formatDate(item.since) }),
  reasons: {
    backupFailed: { icon: 'alert', className: 'text-rose-700 dark:text-rose-300', order: 0, since: false },
  },
};
