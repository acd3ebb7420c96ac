import type { TServerModule } from '../module';
import { backupRoutes } from './backupRoutes';
import { backupFailedSource } from './backupWorkQueue';

/** Backups that restore (issue 27): the routes; the service itself is server/backups. */
export const backupsModule: TServerModule = {
  name: 'backups',
  routes: [backupRoutes],
  workQueue: [backupFailedSource],
};
