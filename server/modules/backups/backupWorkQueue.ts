import { isSuperUser } from '../../../src/domain/permissions';
import {
  backupFailedReason,
  backupWorkQueueEntity,
  type TWorkQueueItem,
} from '../../../src/domain/workQueue';
import type { TDbOrTx } from '../../audit';
import { lastFinishedBackup } from '../../backups/backupStore';
import type { TWorkQueueSource } from '../../workQueue/workQueueSource';

/** The failed scheduled backup's item, if any. */
const failedBackupItems = async (db: TDbOrTx): Promise<TWorkQueueItem[]> => {
  const lastFinished = await lastFinishedBackup(db);
  const failed =
    lastFinished?.state === 'failed' && lastFinished.by === 'schedule' ? lastFinished : undefined;
  if (!failed) return [];
  return [
    {
      entity: backupWorkQueueEntity,
      entityId: 0,
      code: failed.name,
      title: failed.error ?? '',
      reason: backupFailedReason,
      status: 'failed',
      since: failed.startedAt.slice(0, 10),
    },
  ];
};

/**
 * A failed scheduled backup waits on the administrators' work queue (issue 27) until a later
 * backup succeeds: the newest scheduled one, when it failed and no backup finished well since
 * (the cluster's list, issue 36).
 */
export const backupFailedSource: TWorkQueueSource = {
  kind: 'backupFailed',
  order: 0,
  mayRead: (user) => isSuperUser(user),
  items: async ({ db }) => failedBackupItems(db),
  count: async ({ db }) => ({ total: (await failedBackupItems(db)).length, exact: true }),
};
