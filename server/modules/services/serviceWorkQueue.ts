import { and, asc, eq, or, sql } from 'drizzle-orm';
import { hasPermission } from '../../../src/domain/permissions';
import { matchingDecisionPermission } from '../../../src/domain/workflows/matching.workflow';
import { type TWorkQueueItem, workQueueLimit } from '../../../src/domain/workQueue';
import type { TAuthUser } from '../../auth/service';
import { rowsOf } from '../../db/rowsOf';
import { adoptiveMatchings, childInfos, parentInfos, postAdoptionServices } from '../../db/schema';
import { officeCondition } from '../../resources/officeScope';
import { familyTitle, familyTitleColumns, totalRows } from '../../workQueue/familyTitle';
import type { TWorkQueueContext, TWorkQueueSource } from '../../workQueue/workQueueSource';
import { serviceDueSoonSql, serviceOverdueSql } from './serviceBinding';

/**
 * The services after adoption waiting for this user (DESIGN.md section 6, issue 14): every overdue
 * service and every confirmed one whose findings raised a concern, for its officer and for the
 * supervisors of its office (who hold the matching decision's permission: a super user too, as for
 * the matchings' decisions); services due soon for their officer alone. Within the user's office, oldest
 * first: an overdue or due-soon one since its planned day, a concern since the day it was given.
 * A service is in one state at a time (pending or confirmed; overdue or due soon), so one reason each.
 */
const svc = postAdoptionServices;
const concern = sql<boolean>`(${svc.status} = 'confirmed' and ${svc.concern})`;

/** The services waiting for this user, in their office. */
const waitingCondition = (user: TAuthUser) => {
  const own = eq(svc.officerId, user.id);
  const supervises = hasPermission(user, matchingDecisionPermission);
  return and(
    or(and(or(serviceOverdueSql, concern), supervises ? undefined : own), and(serviceDueSoonSql, own)),
    officeCondition(svc.headOfficeId, user),
  );
};

/**
 * The services' total alone (the dashboard's card): the three reasons are counted apart and summed
 * (a service has one reason at a time), each from one range of an index and nothing else; one count
 * of their `or` read every pending and every concerned service from the table.
 */
const countServices = async ({ db, user }: TWorkQueueContext): Promise<number> => {
  const own = eq(svc.officerId, user.id);
  const supervises = hasPermission(user, matchingDecisionPermission);
  const office = officeCondition(svc.headOfficeId, user);
  const reasons = [
    and(serviceOverdueSql, supervises ? undefined : own),
    and(concern, supervises ? undefined : own),
    and(serviceDueSoonSql, own),
  ];
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select (${sql.join(
      reasons.map((reason) => sql`(select count(*) from ${svc} where ${and(reason, office)})`),
      sql` + `,
    )})::int as n`,
  );
  return Number(row?.n ?? 0);
};

const services = async ({ db, user, locale }: TWorkQueueContext) => {
  const reason = sql<string>`case when ${serviceOverdueSql} then 'serviceOverdue' when ${concern} then 'serviceConcern' else 'serviceDueSoon' end`;
  // The day a concern was found: the confirmation's date (its decision day, else the planned one).
  const since = sql<string>`(case when ${concern} then coalesce(${svc.actualDate}, ${svc.decisionDate}, ${svc.plannedDate}) else ${svc.plannedDate} end)::text`;
  const waiting = db
    .select({
      id: svc.id,
      code: svc.code,
      status: svc.status,
      serviceType: svc.serviceType,
      matchingId: svc.matchingId,
      childId: svc.childId,
      reason: reason.as('reason'),
      since: since.as('since'),
      total: totalRows.as('total'),
    })
    .from(svc)
    .where(waitingCondition(user))
    .orderBy(asc(since), asc(svc.id))
    .limit(workQueueLimit)
    .as('waiting_services');
  // The names are joined for these rows only.
  const rows = await db
    .select({
      id: waiting.id,
      code: waiting.code,
      status: waiting.status,
      serviceType: waiting.serviceType,
      reason: waiting.reason,
      since: waiting.since,
      total: waiting.total,
      ...familyTitleColumns,
    })
    .from(waiting)
    .innerJoin(adoptiveMatchings, eq(adoptiveMatchings.id, waiting.matchingId))
    .innerJoin(childInfos, eq(childInfos.id, waiting.childId))
    .innerJoin(parentInfos, eq(parentInfos.id, adoptiveMatchings.parentId))
    .orderBy(asc(waiting.since), asc(waiting.id));
  const items = rows.map(
    (row): TWorkQueueItem => ({
      entity: 'service',
      entityId: row.id,
      code: row.code,
      title: familyTitle(row, locale),
      reason: row.reason as TWorkQueueItem['reason'],
      status: row.status,
      since: row.since,
      serviceType: row.serviceType,
    }),
  );
  return { items, total: rows[0]?.total ?? 0 };
};

/** What waits on services after adoption: overdue, given with a concern, due soon. */
export const serviceWorkQueue: readonly TWorkQueueSource[] = [
  {
    kind: 'services',
    order: 50,
    mayRead: (user) => hasPermission(user, 'post_adoption_services:read'),
    items: services,
    count: countServices,
  },
];
