import type { TServerModule } from '../module';
import { backupRoutes } from './backupRoutes';

/** Backups that restore (issue 27): the routes; the service itself is server/backups. */
export const backupsModule: TServerModule = {
  name: 'backups',
  routes: [backupRoutes],
};
