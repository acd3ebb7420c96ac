import { and, asc, eq, inArray, lt, lte, not, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TRouteLocale } from '../../../src/domain/locale';
import { matchingNextSteps, matchingStatusesAwaiting } from '../../../src/domain/matchingNextStep';
import { daysBetween, matchingStageNames, matchingStageOf } from '../../../src/domain/matchingStage';
import { hasPermission } from '../../../src/domain/permissions';
import { peopleNames, personName, type TPersonName } from '../../../src/domain/personName';
import { isoDateIn, programmeTimeZone } from '../../../src/domain/programmeTime';
import {
  fourEyesStep,
  matchingAskingSteps,
  matchingDecisionPermission,
  matchingStages,
  matchingStepPermission,
  matchingWorkflow,
  type TMatchingStatus,
} from '../../../src/domain/workflows/matching.workflow';
import { allowedWorkflowActions } from '../../../src/domain/workflows/workflow';
import {
  approvalExpiringDays,
  type TWorkQueueItem,
  workQueueLimit,
  ZWorkQueue,
} from '../../../src/domain/workQueue';
import type { TDbOrTx } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import {
  adoptiveMatchings,
  childInfos,
  parentInfos,
  postAdoptionServices,
  statusHistory,
  users,
} from '../../db/schema';
import { errorResponses } from '../../http/schemas';
import { requestLocale } from '../../plugins/locale';
import { currentUser } from '../../plugins/permissions';
import { officeCondition } from '../../resources/officeScope';
import { applicantNamesSql, childNamesSql } from '../../resources/recordSql';
import { readSettings } from '../../settings/readSettings';
import { serviceDueSoonSql, serviceOverdueSql } from '../services/serviceBinding';

/**
 * The statuses in which a matching waits for a decision, and those in which it waits for its
 * caseworker's step, read from the machine and the action table (src/domain/matchingNextStep.ts):
 * a status from which a step that is not a decision moves the matching forward is the caseworker's
 * (proposed, testing, testConfirmed, warrantPending, warranted); in the others nothing moves until
 * an approver decides (a request answered, the trial started or skipped). Every status that is not
 * final is in one of the two, so no matching waits unseen until it is overdue.
 */
const awaitingDecision = matchingStatusesAwaiting('decision');
const awaitingCaseworker = matchingStatusesAwaiting('caseworker');

/** The names a matching's title is made of, in both scripts, and the codes standing in for none. */
const matchingNames = {
  childNames: childNamesSql,
  childCode: childInfos.code,
  applicantNames: applicantNamesSql,
  parentCode: parentInfos.code,
};

/**
 * A matching's name on the queue, in the reader's language (the request's `locale`): the child and
 * the applicants, each by `personName` as every screen names them (a code when no name is written).
 */
const matchingTitle = (
  row: { childNames: TPersonName; childCode: string; applicantNames: TPersonName[]; parentCode: string },
  locale: TRouteLocale,
) =>
  `${personName(row.childNames, locale) || row.childCode} · ${peopleNames(row.applicantNames, locale) || row.parentCode}`;

/** A matching's newest status-history row: who took the last step, which, and when (index on entity, id, at). */
const lastStep = sql`lateral (select ${statusHistory.action} as action, ${statusHistory.userId} as user_id, ${statusHistory.at} as at from ${statusHistory} where ${statusHistory.entity} = 'adoptive_matchings' and ${statusHistory.entityId} = ${adoptiveMatchings.id} order by ${statusHistory.at} desc, ${statusHistory.id} desc limit 1) as last_step`;

/**
 * A matching's last step that was not a decision (the proposal, a pending step, a request): four-eyes
 * keeps every decision from whoever took it (DESIGN.md section 4).
 */
const lastAsked = sql`lateral (select ${statusHistory.action} as action, ${statusHistory.userId} as user_id from ${statusHistory} where ${statusHistory.entity} = 'adoptive_matchings' and ${statusHistory.entityId} = ${adoptiveMatchings.id} and ${inArray(statusHistory.action, [...matchingAskingSteps])} order by ${statusHistory.at} desc, ${statusHistory.id} desc limit 1) as last_asked`;

/** Every row the condition finds, counted before the limit: the answer's total is the true one. */
const totalRows = sql<number>`(count(*) over ())::int`;

const byDayThenId = (a: TWorkQueueItem, b: TWorkQueueItem) =>
  a.since === b.since ? a.entityId - b.entityId : a.since < b.since ? -1 : 1;

/**
 * Matchings awaiting a decision this user may take, oldest request first. Four-eyes is applied in
 * the query too (a matching whose last step that was not a decision is this user's is not theirs
 * to decide, super users included), so that the total counts what the user can act on: four-eyes
 * refuses every decision of a matching or none. `fourEyesStep` then names the actions row by row,
 * as the working page does (a row it empties is taken off the total).
 */
const decisions = async (
  db: TDbOrTx,
  user: TAuthUser,
  today: string,
  fourEyesOn: boolean,
  locale: TRouteLocale,
) => {
  const ownRequest = fourEyesOn ? sql`(last_asked.user_id = ${user.id})` : undefined;
  const waiting = db
    .select({
      id: adoptiveMatchings.id,
      code: adoptiveMatchings.code,
      status: adoptiveMatchings.status,
      lastStepDate: adoptiveMatchings.lastStepDate,
      childId: adoptiveMatchings.childId,
      parentId: adoptiveMatchings.parentId,
      askedAction: sql<string | null>`last_asked.action`.as('asked_action'),
      askedBy: sql<number | null>`last_asked.user_id`.as('asked_by'),
      lastAt: sql`last_step.at`.as('last_at'),
      // The request's day where the programme works (the history keeps instants).
      lastDay: sql<string | null>`((last_step.at at time zone ${programmeTimeZone})::date)::text`.as(
        'last_day',
      ),
      total: totalRows.as('total'),
    })
    .from(adoptiveMatchings)
    .leftJoin(lastStep, sql`true`)
    .leftJoin(lastAsked, sql`true`)
    .where(
      and(
        inArray(adoptiveMatchings.status, awaitingDecision),
        officeCondition(adoptiveMatchings.headOfficeId, user),
        ownRequest ? not(sql`coalesce(${ownRequest}, false)`) : undefined,
      ),
    )
    .orderBy(sql`last_step.at asc nulls first`, asc(adoptiveMatchings.id))
    .limit(workQueueLimit)
    .as('waiting');
  // The names are joined for these rows only, not for every matching the condition counted.
  const rows = await db
    .select({
      id: waiting.id,
      code: waiting.code,
      status: waiting.status,
      lastStepDate: waiting.lastStepDate,
      askedAction: waiting.askedAction,
      askedBy: waiting.askedBy,
      lastDay: waiting.lastDay,
      total: waiting.total,
      ...matchingNames,
    })
    .from(waiting)
    .innerJoin(childInfos, eq(childInfos.id, waiting.childId))
    .innerJoin(parentInfos, eq(parentInfos.id, waiting.parentId))
    .orderBy(sql`${waiting.lastAt} asc nulls first`, asc(waiting.id));
  let total = rows[0]?.total ?? 0;
  // The machine is asked once per status and last step's day, not once per row.
  const allowed = new Map<string, string[]>();
  const allowedFrom = (status: string, lastStepDate: string) => {
    const key = `${status} ${lastStepDate}`;
    if (!allowed.has(key))
      allowed.set(key, allowedWorkflowActions(matchingWorkflow, status, { lastStepDate, today }));
    return allowed.get(key) as string[];
  };
  const items: TWorkQueueItem[] = [];
  for (const row of rows) {
    const asked = row.askedAction ? { action: row.askedAction, userId: row.askedBy } : null;
    const actions = allowedFrom(row.status, row.lastStepDate).filter(
      (action) =>
        matchingWorkflow.actions[action as keyof typeof matchingWorkflow.actions].permission ===
          matchingDecisionPermission && fourEyesStep(action, asked, user.id, fourEyesOn) === null,
    );
    if (actions.length === 0) {
      total -= 1;
      continue;
    }
    items.push({
      entity: 'matching',
      entityId: row.id,
      code: row.code,
      title: matchingTitle(row, locale),
      reason: 'decision',
      status: row.status,
      since: row.lastDay ?? row.lastStepDate,
      actions,
    });
  }
  return { items, total };
};

/**
 * Matchings whose next step is this caseworker's (DESIGN.md section 6): in a status that awaits a
 * step that is not a decision, proposed by this user or of this user's own head office, within their
 * office scope; oldest last step first. The item names the steps the machine allows from there.
 */
const nextSteps = async (db: TDbOrTx, user: TAuthUser, locale: TRouteLocale) => {
  const ownOffice = sql`(select ${users.headOfficeId} from ${users} where ${users.id} = ${user.id})`;
  const waiting = db
    .select({
      id: adoptiveMatchings.id,
      code: adoptiveMatchings.code,
      status: adoptiveMatchings.status,
      lastStepDate: adoptiveMatchings.lastStepDate,
      childId: adoptiveMatchings.childId,
      parentId: adoptiveMatchings.parentId,
      lastAt: sql`last_step.at`.as('last_at'),
      lastDay: sql<string | null>`((last_step.at at time zone ${programmeTimeZone})::date)::text`.as(
        'last_day',
      ),
      total: totalRows.as('total'),
    })
    .from(adoptiveMatchings)
    .leftJoin(lastStep, sql`true`)
    .where(
      and(
        inArray(adoptiveMatchings.status, awaitingCaseworker),
        officeCondition(adoptiveMatchings.headOfficeId, user),
        or(eq(adoptiveMatchings.createdBy, user.id), eq(adoptiveMatchings.headOfficeId, ownOffice)),
      ),
    )
    .orderBy(sql`last_step.at asc nulls first`, asc(adoptiveMatchings.id))
    .limit(workQueueLimit)
    .as('waiting_steps');
  // The names are joined for these rows only.
  const rows = await db
    .select({
      id: waiting.id,
      code: waiting.code,
      status: waiting.status,
      lastStepDate: waiting.lastStepDate,
      lastDay: waiting.lastDay,
      total: waiting.total,
      ...matchingNames,
    })
    .from(waiting)
    .innerJoin(childInfos, eq(childInfos.id, waiting.childId))
    .innerJoin(parentInfos, eq(parentInfos.id, waiting.parentId))
    .orderBy(sql`${waiting.lastAt} asc nulls first`, asc(waiting.id));
  const items = rows.map(
    (row): TWorkQueueItem => ({
      entity: 'matching',
      entityId: row.id,
      code: row.code,
      title: matchingTitle(row, locale),
      reason: 'nextStep',
      status: row.status,
      since: row.lastDay ?? row.lastStepDate,
      actions: [...(matchingNextSteps[row.status as TMatchingStatus]?.actions ?? [])],
    }),
  );
  return { items, total: rows[0]?.total ?? 0 };
};

/** Matchings in a stage longer than its expected days (setting `stageExpectedDays`), longest first. */
const overdue = async (
  db: TDbOrTx,
  user: TAuthUser,
  today: string,
  expectedDays: Record<(typeof matchingStageNames)[number], number>,
  locale: TRouteLocale,
) => {
  // One condition per stage: in one of its statuses, entered longer ago than the stage should take.
  const pastExpected = or(
    ...matchingStageNames.map((stage) =>
      and(
        inArray(adoptiveMatchings.status, [...matchingStages[stage]]),
        lt(adoptiveMatchings.stageEnteredOn, sql`(${today}::date - ${expectedDays[stage]}::int)`),
      ),
    ),
  );
  const inScope = and(pastExpected, officeCondition(adoptiveMatchings.headOfficeId, user));
  const late = db
    .select({
      id: adoptiveMatchings.id,
      code: adoptiveMatchings.code,
      status: adoptiveMatchings.status,
      stageEnteredOn: adoptiveMatchings.stageEnteredOn,
      childId: adoptiveMatchings.childId,
      parentId: adoptiveMatchings.parentId,
      // Counted apart: the page below walks the stage-entry index and stops at 200 rows.
      total: sql<number>`(select count(*)::int from ${adoptiveMatchings} where ${inScope})`.as('total'),
    })
    .from(adoptiveMatchings)
    .where(inScope)
    .orderBy(asc(adoptiveMatchings.stageEnteredOn), asc(adoptiveMatchings.id))
    .limit(workQueueLimit)
    .as('late');
  const rows = await db
    .select({
      id: late.id,
      code: late.code,
      status: late.status,
      stageEnteredOn: late.stageEnteredOn,
      total: late.total,
      ...matchingNames,
    })
    .from(late)
    .innerJoin(childInfos, eq(childInfos.id, late.childId))
    .innerJoin(parentInfos, eq(parentInfos.id, late.parentId))
    .orderBy(asc(late.stageEnteredOn), asc(late.id));
  const items = rows.flatMap((row): TWorkQueueItem[] => {
    const stage = matchingStageOf(row.status);
    if (!stage) return [];
    return [
      {
        entity: 'matching',
        entityId: row.id,
        code: row.code,
        title: matchingTitle(row, locale),
        reason: 'overdue',
        status: row.status,
        since: row.stageEnteredOn,
        stage,
        days: daysBetween(row.stageEnteredOn, today),
        expected: expectedDays[stage],
      },
    ];
  });
  return { items, total: rows[0]?.total ?? 0 };
};

/** Accepted applications whose approval ends within 30 days, or has ended while still accepted. */
const approvalsEnding = async (db: TDbOrTx, user: TAuthUser, today: string, locale: TRouteLocale) => {
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

/**
 * The services after adoption waiting for this user (DESIGN.md section 6, issue 14): every overdue
 * service and every confirmed one whose findings raised a concern, for its officer and for the
 * supervisors of its office (who hold the matching decision's permission: a super user too, as for
 * the decisions above); services due soon for their officer alone. Within the user's office, oldest
 * first: an overdue or due-soon one since its planned day, a concern since the day it was given.
 * A service is in one state at a time (pending or confirmed; overdue or due soon), so one reason each.
 */
const services = async (db: TDbOrTx, user: TAuthUser, locale: TRouteLocale) => {
  const svc = postAdoptionServices;
  const own = eq(svc.officerId, user.id);
  const supervises = hasPermission(user, matchingDecisionPermission);
  const concern = sql<boolean>`(${svc.status} = 'confirmed' and ${svc.concern})`;
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
    .where(
      and(
        or(and(or(serviceOverdueSql, concern), supervises ? undefined : own), and(serviceDueSoonSql, own)),
        officeCondition(svc.headOfficeId, user),
      ),
    )
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
      ...matchingNames,
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
      title: matchingTitle(row, locale),
      reason: row.reason as TWorkQueueItem['reason'],
      status: row.status,
      since: row.since,
      serviceType: row.serviceType,
    }),
  );
  return { items, total: rows[0]?.total ?? 0 };
};

const nothing = { items: [] as TWorkQueueItem[], total: 0 };

/**
 * The work queue (DESIGN.md section 6): `GET /work-queue` answers the signed-in user's items, within
 * their office scope (DESIGN.md section 7) and only from what they may read and act on: matchings
 * awaiting a decision they may take, matchings whose next step is theirs as caseworker, matchings
 * past their stage's expected days, accepted applications whose approval ends within 30 days or has
 * ended, services after adoption overdue, given with a concern or (their own) due soon. One query per kind, each sorted and cut at 200;
 * merged, oldest first, cut at 200 again, with the true total.
 */
export const workQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/work-queue',
    {
      // Open to any signed-in user: each kind below asks for its own permissions.
      config: { permission: 'authenticated' },
      schema: {
        tags: ['work queue'],
        summary:
          "The signed-in user's work queue: decisions to take, next steps to take, overdue stages, approvals ending, services to follow up",
        description:
          'Oldest first, at most 200 items; `total` counts them all. A decision needs matchings:read and ' +
          'matchings:approve (four-eyes leaves out a request the user made), a next step that is not a ' +
          'decision matchings:read and matchings:update and having proposed the matching or being of its ' +
          'head office, an overdue stage ' +
          'matchings:read, an approval ending adoptive_parents:read; a service (overdue, or given with a ' +
          'concern) post_adoption_services:read and being its officer or holding matchings:approve, a ' +
          'service due soon being its officer; a provincial user sees its office only.',
        response: { 200: ZWorkQueue, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const locale = requestLocale(request);
      // The programme's today, by the app's clock (tests move it).
      const today = isoDateIn(new Date(app.now()));
      const settings = await readSettings(app.db);
      const readsMatchings = hasPermission(user, 'matchings:read');
      // A decision's item opens the matching: only for a user who may read it too.
      const kinds = [
        readsMatchings && hasPermission(user, matchingDecisionPermission)
          ? await decisions(app.db, user, today, settings.fourEyes, locale)
          : nothing,
        readsMatchings ? await overdue(app.db, user, today, settings.stageExpectedDays, locale) : nothing,
        readsMatchings && hasPermission(user, matchingStepPermission)
          ? await nextSteps(app.db, user, locale)
          : nothing,
        hasPermission(user, 'adoptive_parents:read')
          ? await approvalsEnding(app.db, user, today, locale)
          : nothing,
        hasPermission(user, 'post_adoption_services:read') ? await services(app.db, user, locale) : nothing,
      ];
      const items = kinds.flatMap((kind) => kind.items).sort(byDayThenId);
      const total = kinds.reduce((sum, kind) => sum + kind.total, 0);
      return { data: items.slice(0, workQueueLimit), total };
    },
  );
};
