import { and, isNull } from 'drizzle-orm';
import { areaPermission } from '../../../src/domain/areas/area';
import { parentArea } from '../../../src/domain/areas/parent.area';
import { hasPermission } from '../../../src/domain/permissions';
import type { TDashboardCard } from '../../dashboard/dashboardCard';
import { byStatus, countEach, figure, keptByStatus } from '../../dashboard/dashboardFigures';
import { parentInfos } from '../../db/schema';
import { officeCondition } from '../../resources/officeScope';
import { approvalFilter } from './parentBinding';

/**
 * Applications by status from the kept counts (as of now, issue 37); approvals expiring (within
 * 30 days) and expired by the list's own filter, live (each a range of the applications' status and
 * approval-end index).
 */
export const parentDashboardCard: TDashboardCard = {
  key: 'applications',
  order: 40,
  mayRead: (user) => hasPermission(user, areaPermission(parentArea, 'read')),
  count: async ({ db, user }) => {
    const rows = await keptByStatus(db, user, 'report_application_now');
    // A merged application (issue 35) is counted nowhere, as its list does not show it.
    const office = and(officeCondition(parentInfos.headOfficeId, user), isNull(parentInfos.mergedIntoId));
    const approvals = await countEach(db, parentInfos, {
      expiring: and(approvalFilter('expiring'), office),
      expired: and(approvalFilter('expired'), office),
    });
    return {
      byStatus: byStatus(parentArea, rows),
      approvalsExpiring: figure(parentArea, 'expiring', Number(approvals.expiring), {
        approval: 'expiring',
      }),
      approvalsExpired: figure(parentArea, 'expired', Number(approvals.expired), { approval: 'expired' }),
    };
  },
};
