import { and, asc, eq, lte, not, sql } from 'drizzle-orm';
import { hasPermission } from '../../../src/domain/permissions';
import { peopleNames } from '../../../src/domain/personName';
import { programmeTimeZone } from '../../../src/domain/programmeTime';
import {
  isParentDecision,
  parentDecisionPermission,
  parentWorkflow,
} from '../../../src/domain/workflows/parent.workflow';
import { allowedWorkflowActions } from '../../../src/domain/workflows/workflow';
import { approvalExpiringDays, type TWorkQueueItem, workQueueLimit } from '../../../src/domain/workQueue';
import { parentInfos } from '../../db/schema';
import { officeCondition } from '../../resources/officeScope';
import { applicantNamesSql } from '../../resources/recordSql';
import { queueTotal } from '../../workQueue/queueTotal';
import type { TWorkQueueContext, TWorkQueueSource } from '../../workQueue/workQueueSource';

/** Accepted applications whose approval ends within 30 days, or has ended while still accepted. */
const endingCondition = ({ user, today }: TWorkQueueContext) =>
  and(
    eq(parentInfos.status, 'accepted'),
    lte(parentInfos.approvedUntil, sql`(${today}::date + ${approvalExpiringDays}::int)`),
    officeCondition(parentInfos.headOfficeId, user),
  );

/** The approvals ending's total: exact up to the limit, else estimated. */
const countApprovalsEnding = async (context: TWorkQueueContext) =>
  queueTotal(
    context.db,
    [sql`select 1 from ${parentInfos} where ${endingCondition(context)}`],
    context.exactLimit,
  );

const approvalsEnding = async (context: TWorkQueueContext) => {
  const { db, today, locale } = context;
  // Read in the order of the (status, approval end) index, or of one office's (migration 0037).
  const rows = await db
    .select({
      id: parentInfos.id,
      code: parentInfos.code,
      status: parentInfos.status,
      approvedUntil: parentInfos.approvedUntil,
      applicantNames: applicantNamesSql,
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
  return items;
};

/**
 * Applications whose acceptance another approver asked for (issue 35), in the user's office scope,
 * not asked by this user (four-eyes, super users included: what the user cannot decide is not theirs).
 */
const requestCondition = ({ user }: TWorkQueueContext) =>
  and(
    eq(parentInfos.status, 'acceptanceRequested'),
    officeCondition(parentInfos.headOfficeId, user),
    not(sql`coalesce((${parentInfos.acceptanceRequestedBy} = ${user.id}), false)`),
  );

/** The request's decisions, read from the machine and the action table (the status alone decides them). */
const requestDecisions = allowedWorkflowActions(parentWorkflow, 'acceptanceRequested').filter(
  isParentDecision,
);

const countAcceptanceRequests = async (context: TWorkQueueContext) =>
  queueTotal(
    context.db,
    [sql`select 1 from ${parentInfos} where ${requestCondition(context)}`],
    context.exactLimit,
  );

const acceptanceRequests = async (context: TWorkQueueContext) => {
  const { db, locale, today } = context;
  const rows = await db
    .select({
      id: parentInfos.id,
      code: parentInfos.code,
      status: parentInfos.status,
      // The request's day where the programme works.
      requestedOn: sql<
        string | null
      >`((${parentInfos.acceptanceRequestedAt} at time zone ${programmeTimeZone})::date)::text`,
      applicantNames: applicantNamesSql,
    })
    .from(parentInfos)
    .where(requestCondition(context))
    .orderBy(sql`${parentInfos.acceptanceRequestedAt} asc nulls first`, asc(parentInfos.id))
    .limit(workQueueLimit);
  const items = rows.map(
    (row): TWorkQueueItem => ({
      entity: 'parent',
      entityId: row.id,
      code: row.code,
      title: peopleNames(row.applicantNames, locale) || row.code,
      reason: 'acceptanceRequested',
      status: row.status,
      since: row.requestedOn ?? today,
      actions: [...requestDecisions],
    }),
  );
  return items;
};

/**
 * What waits on applications (work queue, DESIGN.md section 6): acceptances to approve, for those
 * who may approve them, and approvals ending.
 */
export const parentWorkQueue: readonly TWorkQueueSource[] = [
  {
    kind: 'acceptanceRequests',
    order: 15,
    mayRead: (user) =>
      hasPermission(user, 'adoptive_parents:read') && hasPermission(user, parentDecisionPermission),
    items: acceptanceRequests,
    count: countAcceptanceRequests,
  },
  {
    kind: 'approvalsEnding',
    order: 40,
    mayRead: (user) => hasPermission(user, 'adoptive_parents:read'),
    items: approvalsEnding,
    count: countApprovalsEnding,
  },
];
