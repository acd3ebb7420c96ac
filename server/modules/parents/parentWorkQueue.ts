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
const endingCondition = ({ user, today }: TWorkQueueContext) =>
  and(
    eq(parentInfos.status, 'accepted'),
    lte(parentInfos.approvedUntil, sql`(${today}::date + ${approvalExpiringDays}::int)`),
    officeCondition(parentInfos.headOfficeId, user),
  );

/** The approvals ending's total alone (the dashboard's card). */
const countApprovalsEnding = async (context: TWorkQueueContext): Promise<number> => {
  const [row] = await context.db
    .select({ n: sql<number>`count(*)::int` })
    .from(parentInfos)
    .where(endingCondition(context));
  return Number(row?.n ?? 0);
};

const approvalsEnding = async (context: TWorkQueueContext) => {
  const { db, today, locale } = context;
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
    .where(endingCondition(context))
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
    count: countApprovalsEnding,
  },
];
