import { isSuperUser } from '../../../src/domain/permissions';
import {
  backupFailedReason,
  backupWorkQueueEntity,
  type TWorkQueueItem,
} from '../../../src/domain/workQueue';
import { lastFinishedBackup } from '../../backups/backupStore';
import type { TWorkQueueSource } from '../../workQueue/workQueueSource';

/**
 * A failed scheduled backup waits on the administrators' work queue (issue 27) until a later
 * backup succeeds: the newest scheduled one, when it failed and no backup finished well since
 * (the cluster's list, issue 36).
 */
export const backupFailedSource: TWorkQueueSource = {
  kind: 'backupFailed',
  order: 0,
  mayRead: (user) => isSuperUser(user),
  items: async ({ db }) => {
    const lastFinished = await lastFinishedBackup(db);
    const failed =
      lastFinished?.state === 'failed' && lastFinished.by === 'schedule' ? lastFinished : undefined;
    if (!failed) return { items: [], total: 0 };
    const item: TWorkQueueItem = {
      entity: backupWorkQueueEntity,
      entityId: 0,
      code: failed.name,
      title: failed.error ?? '',
      reason: backupFailedReason,
      status: 'failed',
      since: failed.startedAt.slice(0, 10),
    };
    return { items: [item], total: 1 };
  },
};
