import { and, eq, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { daysBetween, matchingStageNames, type TMatchingStage } from '../../../src/domain/matchingStage';
import { hasPermission, isSuperUser } from '../../../src/domain/permissions';
import { isoDateIn } from '../../../src/domain/programmeTime';
import {
  fourEyesStep,
  matchingDecisionPermission,
  matchingStages,
  matchingWorkflow,
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
import { adoptiveMatchings, childInfos, parentInfos, statusHistory } from '../../db/schema';
import { currentUser } from '../../plugins/permissions';
import { officeCondition } from '../../resources/officeScope';
import { fullName } from '../../resources/recordSql';
import { errorResponses } from '../../routes/schemas';
import { readSettings } from '../../routes/settings';

/** The statuses in which a matching waits for a decision: those a pending or request step leads to. */
const awaitingDecision = ['adoptionPending', 'testPending', 'warrantRequested', 'keepRequested'];

const childName = sql<string>`coalesce(${fullName(childInfos.familyNameKh, childInfos.givenNameKh)}, ${fullName(childInfos.familyNameEn, childInfos.givenNameEn)}, ${childInfos.code})`;
const applicants = sql<string>`coalesce(nullif(concat_ws(' & ', coalesce(${fullName(parentInfos.applicant1FamilyNameKh, parentInfos.applicant1GivenNameKh)}, ${fullName(parentInfos.applicant1FamilyNameEn, parentInfos.applicant1GivenNameEn)}), coalesce(${fullName(parentInfos.applicant2FamilyNameKh, parentInfos.applicant2GivenNameKh)}, ${fullName(parentInfos.applicant2FamilyNameEn, parentInfos.applicant2GivenNameEn)})), ''), ${parentInfos.code})`;

/** A matching's newest status-history row (who took the last step, and when). */
const lastStep = sql`lateral (select ${statusHistory.action} as action, ${statusHistory.userId} as user_id, ${statusHistory.at} as at from ${statusHistory} where ${statusHistory.entity} = 'adoptive_matchings' and ${statusHistory.entityId} = ${adoptiveMatchings.id} order by ${statusHistory.at} desc, ${statusHistory.id} desc limit 1) as last_step`;

const matchingRows = (db: TDbOrTx, user: TAuthUser, where: SQL | undefined) =>
  db
    .select({
      id: adoptiveMatchings.id,
      code: adoptiveMatchings.code,
      status: adoptiveMatchings.status,
      stageEnteredOn: adoptiveMatchings.stageEnteredOn,
      lastStepDate: adoptiveMatchings.lastStepDate,
      childName,
      applicants,
      lastAction: sql<string | null>`last_step.action`,
      lastUserId: sql<number | null>`last_step.user_id`,
      lastAt: sql<string | null>`last_step.at`,
    })
    .from(adoptiveMatchings)
    .innerJoin(childInfos, eq(childInfos.id, adoptiveMatchings.childId))
    .innerJoin(parentInfos, eq(parentInfos.id, adoptiveMatchings.parentId))
    .leftJoin(lastStep, sql`true`)
    .where(and(where, officeCondition(adoptiveMatchings.headOfficeId, user)))
    .orderBy(adoptiveMatchings.stageEnteredOn, adoptiveMatchings.id)
    .limit(workQueueLimit + 1);

/** The day of an instant in the programme's time zone (the history keeps instants). */
const dayOf = (at: string | Date | null, fallback: string) =>
  at === null ? fallback : isoDateIn(at instanceof Date ? at : new Date(at));

/**
 * The work queue (DESIGN.md section 6): `GET /work-queue` answers the signed-in user's items, within
 * their office scope and only from what they may read and act on: matchings awaiting a decision
 * they may take (four-eyes leaves out one they asked for themselves), matchings past their stage's
 * expected days, accepted applications whose approval ends within 30 days or has ended. Oldest
 * first; at most 200 items, with the true total.
 */
export const workQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/work-queue',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['work queue'],
        summary: "The signed-in user's work queue: decisions to take, overdue stages, approvals ending",
        response: { 200: ZWorkQueue, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const today = isoDateIn(new Date(app.now()));
      const settings = await readSettings(app.db);
      const items: TWorkQueueItem[] = [];
      let total = 0;
      const isSuper = isSuperUser(user);

      if (hasPermission(user, matchingDecisionPermission)) {
        const rows = await matchingRows(app.db, user, inArray(adoptiveMatchings.status, awaitingDecision));
        for (const row of rows) {
          const actions = allowedWorkflowActions(matchingWorkflow, row.status, {
            lastStepDate: row.lastStepDate,
            today,
          }).filter(
            (action) =>
              matchingWorkflow.actions[action as keyof typeof matchingWorkflow.actions].permission ===
                matchingDecisionPermission &&
              fourEyesStep(
                action,
                row.lastAction ? { action: row.lastAction, userId: row.lastUserId } : null,
                { id: user.id, isSuper },
                settings.fourEyes,
              ) === null,
          );
          if (actions.length === 0) continue;
          items.push({
            entity: 'matching',
            entityId: row.id,
            code: row.code,
            title: `${row.childName} · ${row.applicants}`,
            reason: 'decision',
            status: row.status,
            since: dayOf(row.lastAt, row.lastStepDate),
            actions,
          });
        }
      }

      if (hasPermission(user, 'matchings:read')) {
        // One condition per stage: in one of its statuses, entered longer ago than it should take.
        const overdue = or(
          ...matchingStageNames.map((stage: TMatchingStage) =>
            and(
              inArray(adoptiveMatchings.status, [...matchingStages[stage]]),
              lt(
                adoptiveMatchings.stageEnteredOn,
                sql`(${today}::date - ${settings.stageExpectedDays[stage]}::int)`,
              ),
            ),
          ),
        );
        const rows = await matchingRows(app.db, user, overdue);
        for (const row of rows) {
          const stage = matchingStageNames.find((name) =>
            (matchingStages[name] as readonly string[]).includes(row.status),
          ) as TMatchingStage;
          items.push({
            entity: 'matching',
            entityId: row.id,
            code: row.code,
            title: `${row.childName} · ${row.applicants}`,
            reason: 'overdue',
            status: row.status,
            since: row.stageEnteredOn,
            stage,
            days: daysBetween(row.stageEnteredOn, today),
            expected: settings.stageExpectedDays[stage],
          });
        }
      }

      if (hasPermission(user, 'adoptive_parents:read')) {
        const rows = await app.db
          .select({
            id: parentInfos.id,
            code: parentInfos.code,
            status: parentInfos.status,
            approvedUntil: parentInfos.approvedUntil,
            applicants,
          })
          .from(parentInfos)
          .where(
            and(
              eq(parentInfos.status, 'accepted'),
              lte(parentInfos.approvedUntil, sql`(${today}::date + ${approvalExpiringDays}::int)`),
              officeCondition(parentInfos.headOfficeId, user),
            ),
          )
          .orderBy(parentInfos.approvedUntil, parentInfos.id)
          .limit(workQueueLimit + 1);
        for (const row of rows)
          items.push({
            entity: 'parent',
            entityId: row.id,
            code: row.code,
            title: row.applicants,
            reason: 'approvalExpiring',
            status: row.status,
            since: row.approvedUntil ?? today,
          });
      }

      total = items.length;
      items.sort((a, b) => (a.since === b.since ? a.entityId - b.entityId : a.since < b.since ? -1 : 1));
      return { data: items.slice(0, workQueueLimit), total };
    },
  );
};
