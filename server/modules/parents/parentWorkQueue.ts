import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { hasPermission } from '../../../src/domain/permissions';
import { peopleNames } from '../../../src/domain/personName';
import { approvalExpiringDays, type TWorkQueueItem, workQueueLimit } from '../../../src/domain/workQueue';
import { parentInfos } from '../../db/schema';
import { officeCondition } from '../../resources/officeScope';
import { applicantNamesSql } from '../../resources/recordSql';
import { totalRows } from '../../workQueue/familyTitle';
import type { TWorkQueueContext, TWorkQueueSource } from '../../workQueue/workQueueSource';

/** Accepted applications whose approval ends within 30 days, or has ended while still accepted. */
const approvalsEnding = async ({ db, user, today, locale }: TWorkQueueContext) => {
  const rows = await db
    .select({
      id: parentInfos.id,
      code: parentInfos.code,
      status: parentInfos.status,
      approvedUntil: parentInfos.approvedUntil,
      applicantNames: applicantNamesSql,
      total: totalRows,
    })
    .from(parentInfos)
    .where(
      and(
        eq(parentInfos.status, 'accepted'),
        lte(parentInfos.approvedUntil, sql`(${today}::date + ${approvalExpiringDays}::int)`),
        officeCondition(parentInfos.headOfficeId, user),
      ),
    )
    .orderBy(asc(parentInfos.approvedUntil), asc(parentInfos.id))
    .limit(workQueueLimit);
  const items = rows.map(
    (row): TWorkQueueItem => ({
      entity: 'parent',
      entityId: row.id,
      code: row.code,
      title: peopleNames(row.applicantNames, locale) || row.code,
      reason: 'approvalExpiring',
      status: row.status,
      since: row.approvedUntil ?? today,
    }),
  );
  return { items, total: rows[0]?.total ?? 0 };
};

/** What waits on applications: approvals ending (work queue, DESIGN.md section 6). */
export const parentWorkQueue: readonly TWorkQueueSource[] = [
  {
    kind: 'approvalsEnding',
    order: 40,
    mayRead: (user) => hasPermission(user, 'adoptive_parents:read'),
    items: approvalsEnding,
  },
];
