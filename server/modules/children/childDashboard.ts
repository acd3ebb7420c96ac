import { areaPermission } from '../../../src/domain/areas/area';
import { childArea } from '../../../src/domain/areas/child.area';
import { hasPermission } from '../../../src/domain/permissions';
import type { TDashboardCard } from '../../dashboard/dashboardCard';
import { byStatus, keptByStatus } from '../../dashboard/dashboardFigures';

/** Children by status, from the kept counts by birth year (the smallest: no age band here). */
export const childDashboardCard: TDashboardCard = {
  key: 'children',
  order: 10,
  mayRead: (user) => hasPermission(user, areaPermission(childArea, 'read')),
  count: async ({ db, user }) => ({
    byStatus: byStatus(childArea, await keptByStatus(db, user, 'report_child_now_year')),
  }),
};
