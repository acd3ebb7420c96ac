import type { TServerModule } from '../module';
import { backupRoutes } from './backupRoutes';
import { backupFailedSource } from './backupWorkQueue';
import { jobRoutes } from './jobRoutes';

/**
 * Backups that restore (issue 27): the routes; the service itself is server/backups. With them, the
 * background jobs' runs (issue 36), of which the scheduled backup is one.
 */
export const backupsModule: TServerModule = {
  name: 'backups',
  routes: [backupRoutes, jobRoutes],
  workQueue: [backupFailedSource],
};
