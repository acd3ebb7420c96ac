import { backupsModule } from './backups';
import { childrenModule } from './children';
import { configurationModule, readReferringRecordsFrom } from './configuration';
import { coreModule } from './core';
import { dashboardModule } from './dashboard';
import { matchingsModule } from './matchings';
import type { TServerModule } from './module';
import { parentsModule } from './parents';
import { recordReportsModule } from './recordReports';
import { reportsModule } from './reports';
import { securityModule } from './security';
import { servicesModule } from './services';

/** Every feature of the server, in the order their routes are registered and their demo data seeded: a new area adds a line. */
export const serverModules: readonly TServerModule[] = [
  coreModule,
  configurationModule,
  securityModule,
  childrenModule,
  parentsModule,
  matchingsModule,
  servicesModule,
  dashboardModule,
  reportsModule,
  recordReportsModule,
  backupsModule,
];

// A place or an office is not deleted while another module's records point at it: the configuration reads them here.
readReferringRecordsFrom(() => serverModules);
