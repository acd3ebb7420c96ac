import { and, eq, inArray, sql } from 'drizzle-orm';
import { hasPermission } from '../../../src/domain/permissions';
import { matchingDecisionPermission } from '../../../src/domain/workflows/matching.workflow';
import { type TWorkQueueItem, workQueueLimit } from '../../../src/domain/workQueue';
import type { TAuthUser } from '../../auth/service';
import { adoptiveMatchings, childInfos, parentInfos, postAdoptionServices } from '../../db/schema';
import { officeCondition } from '../../resources/officeScope';
import { familyTitle, familyTitleColumns } from '../../workQueue/familyTitle';
import { pageIds, queueTotal } from '../../workQueue/queueTotal';
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

/** The day a concern was found: the confirmation's date (its decision day, else the planned one). */
const concernSince = sql`coalesce(${svc.actualDate}, ${svc.decisionDate}, ${svc.plannedDate})`;

/**
 * The three reasons apart (a service has one at a time), each with the day it waits since: each
 * read in that day's order from an index (the planned day's, one office's, an officer's, the
 * concerns' of migration 0037) rather than one sort of every waiting service on a computed day.
 */
const reasons = (user: TAuthUser) => {
  const own = eq(svc.officerId, user.id);
  const supervises = hasPermission(user, matchingDecisionPermission);
  const office = officeCondition(svc.headOfficeId, user);
  return [
    { since: sql`${svc.plannedDate}`, where: and(serviceOverdueSql, supervises ? undefined : own, office) },
    { since: concernSince, where: and(concern, supervises ? undefined : own, office) },
    { since: sql`${svc.plannedDate}`, where: and(serviceDueSoonSql, own, office) },
  ];
};

/** The services' total: the reasons counted apart, each up to the limit (else estimated), summed. */
const countServices = async ({ db, user, exactLimit }: TWorkQueueContext) =>
  queueTotal(
    db,
    reasons(user).map((reason) => sql`select 1 from ${svc} where ${reason.where}`),
    exactLimit,
  );

const services = async ({ db, user, locale }: TWorkQueueContext) => {
  const page = pageIds(
    reasons(user).map(
      (reason) =>
        sql`select ${svc.id} as id, ${reason.since} as since from ${svc} where ${reason.where} order by ${reason.since}, ${svc.id}`,
    ),
    sql`since, id`,
    workQueueLimit,
  );
  const reason = sql<string>`case when ${serviceOverdueSql} then 'serviceOverdue' when ${concern} then 'serviceConcern' else 'serviceDueSoon' end`;
  const since = sql<string>`(case when ${concern} then ${concernSince} else ${svc.plannedDate} end)::text`;
  // The names are joined for this page only.
  const rows = await db
    .select({
      id: svc.id,
      code: svc.code,
      status: svc.status,
      serviceType: svc.serviceType,
      reason,
      since,
      ...familyTitleColumns,
    })
    .from(svc)
    .innerJoin(adoptiveMatchings, eq(adoptiveMatchings.id, svc.matchingId))
    .innerJoin(childInfos, eq(childInfos.id, svc.childId))
    .innerJoin(parentInfos, eq(parentInfos.id, adoptiveMatchings.parentId))
    .where(inArray(svc.id, page))
    .orderBy(since, svc.id);
  return rows.map(
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
