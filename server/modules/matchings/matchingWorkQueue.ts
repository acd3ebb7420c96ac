import { and, eq, inArray, lt, not, type SQL, sql } from 'drizzle-orm';
import { matchingNextSteps, matchingStatusesAwaiting } from '../../../src/domain/matchingNextStep';
import { daysBetween, matchingStageNames, matchingStageOf } from '../../../src/domain/matchingStage';
import { hasPermission } from '../../../src/domain/permissions';
import { programmeTimeZone } from '../../../src/domain/programmeTime';
import {
  fourEyesStep,
  matchingDecisionPermission,
  matchingStages,
  matchingStepPermission,
  matchingWorkflow,
  type TMatchingStatus,
} from '../../../src/domain/workflows/matching.workflow';
import { allowedWorkflowActions } from '../../../src/domain/workflows/workflow';
import { type TWorkQueueItem, workQueueLimit } from '../../../src/domain/workQueue';
import type { TDbOrTx } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import { rowsOf } from '../../db/rowsOf';
import { adoptiveMatchings, childInfos, parentInfos, users } from '../../db/schema';
import { officeCondition } from '../../resources/officeScope';
import { plannedRows } from '../../resources/pagedList';
import { familyTitle, familyTitleColumns } from '../../workQueue/familyTitle';
import { pageIds, queueTotal } from '../../workQueue/queueTotal';
import type { TWorkQueueContext, TWorkQueueSource } from '../../workQueue/workQueueSource';

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

const m = adoptiveMatchings;

/** Proposed by this user or of this user's own head office: two conditions that exclude each other. */
const ownMatchingParts = (user: TAuthUser): SQL[] => {
  const ownOffice = sql`(select ${users.headOfficeId} from ${users} where ${users.id} = ${user.id})`;
  return [
    eq(m.createdBy, user.id),
    and(eq(m.headOfficeId, ownOffice), sql`${m.createdBy} is distinct from ${user.id}`) as SQL,
  ];
};

/**
 * The conditions of the matchings waiting in one of `statuses` (the decisions' and the next steps'),
 * one per status (and per part of `parts`, which exclude each other), within the user's office:
 * each one range of the (status, last step) index or of one office's (migration 0037).
 */
const waitingBranches = (
  user: TAuthUser,
  statuses: readonly TMatchingStatus[],
  condition: SQL | undefined,
  parts: readonly (SQL | undefined)[] = [undefined],
) =>
  statuses.flatMap((status) =>
    parts.map((part) => and(eq(m.status, status), officeCondition(m.headOfficeId, user), condition, part)),
  );

/**
 * The first page of the matchings of `branches`, oldest last step first: each branch read in that
 * order from an index and cut at 200, merged and cut again (keyset); the names are joined for
 * these rows only.
 */
const waitingMatchings = async (db: TDbOrTx, branches: readonly (SQL | undefined)[]) => {
  const page = pageIds(
    branches.map(
      (where) =>
        sql`select ${m.id} as id, ${m.lastStepAt} as last_at from ${m} where ${where} order by ${m.lastStepAt} asc nulls first, ${m.id}`,
    ),
    sql`last_at asc nulls first, id`,
    workQueueLimit,
  );
  return db
    .select({
      id: m.id,
      code: m.code,
      status: m.status,
      lastStepDate: m.lastStepDate,
      askedAction: m.lastAskedAction,
      askedBy: m.lastAskedBy,
      // The request's day where the programme works (the history keeps instants).
      lastDay: sql<string | null>`((${m.lastStepAt} at time zone ${programmeTimeZone})::date)::text`,
      ...familyTitleColumns,
    })
    .from(m)
    .innerJoin(childInfos, eq(childInfos.id, m.childId))
    .innerJoin(parentInfos, eq(parentInfos.id, m.parentId))
    .where(inArray(m.id, page))
    .orderBy(sql`${m.lastStepAt} asc nulls first`, m.id);
};

/** Four-eyes in the query: a matching whose last request is this user's is not theirs to decide. */
const notAskedBy = (user: TAuthUser, fourEyesOn: boolean) =>
  fourEyesOn ? not(sql`coalesce((${m.lastAskedBy} = ${user.id}), false)`) : undefined;

/**
 * Matchings awaiting a decision this user may take, oldest request first. Four-eyes is applied in
 * the query too (a matching whose last step that was not a decision is this user's is not theirs
 * to decide, super users included), so that the total counts what the user can act on: four-eyes
 * refuses every decision of a matching or none. `fourEyesStep` then names the actions row by row,
 * as the working page does.
 */
const decisions = async ({ db, user, today, settings, locale }: TWorkQueueContext) => {
  const fourEyesOn = settings.fourEyes;
  const rows = await waitingMatchings(
    db,
    waitingBranches(user, awaitingDecision, notAskedBy(user, fourEyesOn)),
  );
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
    if (actions.length === 0) continue;
    items.push({
      entity: 'matching',
      entityId: row.id,
      code: row.code,
      title: familyTitle(row, locale),
      reason: 'decision',
      status: row.status,
      since: row.lastDay ?? row.lastStepDate,
      actions,
    });
  }
  return items;
};

/**
 * How many matchings await a decision this user may take: counted by status and last step's day
 * (up to the limit), the machine asked once per group (a group whose every decision it refuses is
 * not counted), four-eyes in the query. Above the limit, the planner's estimate of the waiting
 * matchings.
 */
const countDecisions = async ({ db, user, today, settings, exactLimit }: TWorkQueueContext) => {
  const where = and(
    inArray(m.status, [...awaitingDecision]),
    officeCondition(m.headOfficeId, user),
    notAskedBy(user, settings.fourEyes),
  );
  const cap = sql.raw(String(Math.trunc(exactLimit) + 1));
  // Four-eyes compares the matching's kept last requester (migration 0024): read from the index alone.
  const groups = await rowsOf<{ status: string; lastStepDate: string; n: number }>(
    db,
    sql`select status, last_step_date::text as "lastStepDate", count(*)::int as n
        from (select ${m.status} as status, ${m.lastStepDate} as last_step_date from ${m} where ${where} limit ${cap}) w
        group by 1, 2`,
  );
  if (groups.reduce((sum, group) => sum + Number(group.n), 0) > exactLimit) {
    const estimate = plannedRows(
      await db.execute(sql`explain (format json) select 1 from ${m} where ${where}`),
    );
    return { total: Math.max(estimate, exactLimit + 1), exact: false };
  }
  // Four-eyes already left out the matchings whose last request is this user's: for the others
  // `fourEyesStep` refuses nothing, so a group counts when the machine allows it a decision.
  const total = groups.reduce(
    (sum, group) =>
      allowedWorkflowActions(matchingWorkflow, group.status, {
        lastStepDate: group.lastStepDate,
        today,
      }).some(
        (action) =>
          matchingWorkflow.actions[action as keyof typeof matchingWorkflow.actions].permission ===
          matchingDecisionPermission,
      )
        ? sum + Number(group.n)
        : sum,
    0,
  );
  return { total, exact: true };
};

/**
 * Matchings whose next step is this caseworker's (DESIGN.md section 6): in a status that awaits a
 * step that is not a decision, proposed by this user or of this user's own head office, within their
 * office scope; oldest last step first. The item names the steps the machine allows from there.
 */
const nextStepBranches = (user: TAuthUser) =>
  waitingBranches(user, awaitingCaseworker, undefined, ownMatchingParts(user));

const nextSteps = async ({ db, user, locale }: TWorkQueueContext) => {
  const rows = await waitingMatchings(db, nextStepBranches(user));
  return rows.map(
    (row): TWorkQueueItem => ({
      entity: 'matching',
      entityId: row.id,
      code: row.code,
      title: familyTitle(row, locale),
      reason: 'nextStep',
      status: row.status,
      since: row.lastDay ?? row.lastStepDate,
      actions: [...(matchingNextSteps[row.status as TMatchingStatus]?.actions ?? [])],
    }),
  );
};

/** The next steps' total: exact up to the limit, else estimated. */
const countNextSteps = async ({ db, user, exactLimit }: TWorkQueueContext) =>
  queueTotal(
    db,
    nextStepBranches(user).map((where) => sql`select 1 from ${m} where ${where}`),
    exactLimit,
  );

/**
 * Matchings in a stage longer than it should take (setting `stageExpectedDays`), in the user's
 * office: one condition per status of each stage, each a range of the (status, stage entered)
 * index or of one office's.
 */
const overdueBranches = ({ user, today, settings }: TWorkQueueContext) =>
  matchingStageNames.flatMap((stage) =>
    matchingStages[stage].map((status) =>
      and(
        eq(m.status, status),
        lt(m.stageEnteredOn, sql`(${today}::date - ${settings.stageExpectedDays[stage]}::int)`),
        officeCondition(m.headOfficeId, user),
      ),
    ),
  );

/** The overdue matchings' total: exact up to the limit, else estimated. */
const countOverdue = async (context: TWorkQueueContext) =>
  queueTotal(
    context.db,
    overdueBranches(context).map((where) => sql`select 1 from ${m} where ${where}`),
    context.exactLimit,
  );

const overdue = async (context: TWorkQueueContext) => {
  const { db, today, settings, locale } = context;
  const expectedDays = settings.stageExpectedDays;
  const page = pageIds(
    overdueBranches(context).map(
      (where) =>
        sql`select ${m.id} as id, ${m.stageEnteredOn} as entered from ${m} where ${where} order by ${m.stageEnteredOn}, ${m.id}`,
    ),
    sql`entered, id`,
    workQueueLimit,
  );
  const rows = await db
    .select({
      id: m.id,
      code: m.code,
      status: m.status,
      stageEnteredOn: m.stageEnteredOn,
      ...familyTitleColumns,
    })
    .from(m)
    .innerJoin(childInfos, eq(childInfos.id, m.childId))
    .innerJoin(parentInfos, eq(parentInfos.id, m.parentId))
    .where(inArray(m.id, page))
    .orderBy(m.stageEnteredOn, m.id);
  return rows.flatMap((row): TWorkQueueItem[] => {
    const stage = matchingStageOf(row.status);
    if (!stage) return [];
    return [
      {
        entity: 'matching',
        entityId: row.id,
        code: row.code,
        title: familyTitle(row, locale),
        reason: 'overdue',
        status: row.status,
        since: row.stageEnteredOn,
        stage,
        days: daysBetween(row.stageEnteredOn, today),
        expected: expectedDays[stage],
      },
    ];
  });
};

/** A matching's item opens the matching: only for a user who may read it too. */
const readsMatchings = (user: TAuthUser) => hasPermission(user, 'matchings:read');

/** What waits on matchings: decisions to take, overdue stages, the caseworker's next steps. */
export const matchingWorkQueue: readonly TWorkQueueSource[] = [
  {
    kind: 'matchingDecisions',
    order: 10,
    mayRead: (user) => readsMatchings(user) && hasPermission(user, matchingDecisionPermission),
    items: decisions,
    count: countDecisions,
  },
  { kind: 'matchingsOverdue', order: 20, mayRead: readsMatchings, items: overdue, count: countOverdue },
  {
    kind: 'matchingNextSteps',
    order: 30,
    mayRead: (user) => readsMatchings(user) && hasPermission(user, matchingStepPermission),
    items: nextSteps,
    count: countNextSteps,
  },
];
