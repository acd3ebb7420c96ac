import type { TServerModule } from '../module';
import { recordReportRoutes } from './recordReportRoutes';

/** The printable report of one child or one application (issue 24): its matchings, stages and services in one call. */
export const recordReportsModule: TServerModule = {
  name: 'recordReports',
  routes: [recordReportRoutes],
};
