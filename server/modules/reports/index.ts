import type { TServerModule } from '../module';
import { reportRoutes } from './reportRoutes';

export { matchingsNow } from './matchingsNow';
export { rowsOf } from './reportSql';

/** The programme's reports (issue 24): figures counted from every area's records. */
export const reportsModule: TServerModule = {
  name: 'reports',
  routes: [reportRoutes],
};
