import { and } from 'drizzle-orm';
import { areaPermission } from '../../../src/domain/areas/area';
import { serviceArea } from '../../../src/domain/areas/service.area';
import { hasPermission } from '../../../src/domain/permissions';
import type { TDashboardCard } from '../../dashboard/dashboardCard';
import { countEach, figure } from '../../dashboard/dashboardFigures';
import { postAdoptionServices } from '../../db/schema';
import { officeCondition } from '../../resources/officeScope';
import { serviceDueSoonSql, serviceOverdueSql } from './serviceBinding';

/** Services due soon and overdue, by the list's own conditions (so the list finds the same count). */
export const serviceDashboardCard: TDashboardCard = {
  key: 'services',
  order: 30,
  mayRead: (user) => hasPermission(user, areaPermission(serviceArea, 'read')),
  count: async ({ db, user }) => {
    const office = officeCondition(postAdoptionServices.headOfficeId, user);
    const counts = await countEach(db, postAdoptionServices, {
      dueSoon: and(serviceDueSoonSql, office),
      overdue: and(serviceOverdueSql, office),
    });
    return {
      dueSoon: figure(serviceArea, 'dueSoon', Number(counts.dueSoon), { due: 'dueSoon' }),
      overdue: figure(serviceArea, 'overdue', Number(counts.overdue), { due: 'overdue' }),
    };
  },
};
