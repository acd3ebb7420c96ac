import { superUserOnlyPermission } from '@/domain/permissions';
import type { TFeature } from '../featureRoutes';

/**
 * Backups (issue 27): the settings screen's card and the home page's warning are drawn by those
 * pages (BackupsSection, BackupWarning); here, the failed scheduled backup on the administrators'
 * work queue.
 */
export const feature: TFeature = {
  name: 'backups',
  order: 95,
  workQueue: { readPermission: superUserOnlyPermission, kind: () => import('./backupWorkQueueKind') },
};
