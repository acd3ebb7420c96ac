import { and, asc, eq, inArray, lt, not, or, type SQL, sql } from 'drizzle-orm';
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
import { familyTitle, familyTitleColumns, totalRows } from '../../workQueue/familyTitle';
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

/**
 * The matchings waiting in one of `statuses` (the decisions' and the next steps' one query): within
 * the user's office and the further `condition`, oldest last step first, cut at 200 with the true
 * total; the names are joined for these rows only, not for every matching the condition counted.
 * `withLastAsked` adds who took the last step that was not a decision (four-eyes reads it).
 */
const waitingMatchings = async (
  db: TDbOrTx,
  user: TAuthUser,
  options: {
    statuses: readonly TMatchingStatus[];
    condition?: (lastAskedUser: SQL) => SQL | undefined;
    withLastAsked: boolean;
  },
) => {
  // The last step's time and the last request are kept on the matching (migration 0024).
  const base = db
    .select({
      id: adoptiveMatchings.id,
      code: adoptiveMatchings.code,
      status: adoptiveMatchings.status,
      lastStepDate: adoptiveMatchings.lastStepDate,
      childId: adoptiveMatchings.childId,
      parentId: adoptiveMatchings.parentId,
      askedAction: (options.withLastAsked
        ? sql<string | null>`${adoptiveMatchings.lastAskedAction}`
        : sql<string | null>`null::text`
      ).as('asked_action'),
      askedBy: (options.withLastAsked
        ? sql<number | null>`${adoptiveMatchings.lastAskedBy}`
        : sql<number | null>`null::int`
      ).as('asked_by'),
      lastAt: sql`${adoptiveMatchings.lastStepAt}`.as('last_at'),
      // The request's day where the programme works (the history keeps instants).
      lastDay: sql<
        string | null
      >`((${adoptiveMatchings.lastStepAt} at time zone ${programmeTimeZone})::date)::text`.as('last_day'),
      total: totalRows.as('total'),
    })
    .from(adoptiveMatchings);
  const waiting = base
    .where(
      and(
        inArray(adoptiveMatchings.status, [...options.statuses]),
        officeCondition(adoptiveMatchings.headOfficeId, user),
        options.condition?.(sql`${adoptiveMatchings.lastAskedBy}`),
      ),
    )
    .orderBy(sql`${adoptiveMatchings.lastStepAt} asc nulls first`, asc(adoptiveMatchings.id))
    .limit(workQueueLimit)
    .as('waiting');
  return db
    .select({
      id: waiting.id,
      code: waiting.code,
      status: waiting.status,
      lastStepDate: waiting.lastStepDate,
      askedAction: waiting.askedAction,
      askedBy: waiting.askedBy,
      lastDay: waiting.lastDay,
      total: waiting.total,
      ...familyTitleColumns,
    })
    .from(waiting)
    .innerJoin(childInfos, eq(childInfos.id, waiting.childId))
    .innerJoin(parentInfos, eq(parentInfos.id, waiting.parentId))
    .orderBy(sql`${waiting.lastAt} asc nulls first`, asc(waiting.id));
};

/**
 * Matchings awaiting a decision this user may take, oldest request first. Four-eyes is applied in
 * the query too (a matching whose last step that was not a decision is this user's is not theirs
 * to decide, super users included), so that the total counts what the user can act on: four-eyes
 * refuses every decision of a matching or none. `fourEyesStep` then names the actions row by row,
 * as the working page does (a row it empties is taken off the total).
 */
const decisions = async ({ db, user, today, settings, locale }: TWorkQueueContext) => {
  const fourEyesOn = settings.fourEyes;
  const rows = await waitingMatchings(db, user, {
    statuses: awaitingDecision,
    withLastAsked: true,
    condition: (lastAskedUser) =>
      fourEyesOn ? not(sql`coalesce((${lastAskedUser} = ${user.id}), false)`) : undefined,
  });
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
  // The true total: every waiting matching the user can decide, not only those of this page.
  return {
    items,
    total: rows.length === 0 ? 0 : await countDecisions({ db, user, today, settings, locale }),
  };
};

/**
 * How many matchings await a decision this user may take (the decisions' total): counted by status
 * and last step's day, the machine asked once per group (a group whose every decision it refuses is
 * not counted), four-eyes in the query. No names, no ordering: the dashboard's card reads it.
 */
const countDecisions = async ({ db, user, today, settings }: TWorkQueueContext): Promise<number> => {
  const fourEyesOn = settings.fourEyes;
  // Four-eyes compares the matching's kept last requester (migration 0024): read from the index alone.
  const groups = await db
    .select({
      status: adoptiveMatchings.status,
      lastStepDate: adoptiveMatchings.lastStepDate,
      n: sql<number>`count(*)::int`,
    })
    .from(adoptiveMatchings)
    .where(
      and(
        inArray(adoptiveMatchings.status, [...awaitingDecision]),
        officeCondition(adoptiveMatchings.headOfficeId, user),
        fourEyesOn ? not(sql`coalesce((${adoptiveMatchings.lastAskedBy} = ${user.id}), false)`) : undefined,
      ),
    )
    .groupBy(adoptiveMatchings.status, adoptiveMatchings.lastStepDate);
  // Four-eyes already left out the matchings whose last request is this user's: for the others
  // `fourEyesStep` refuses nothing, so a group counts when the machine allows it a decision.
  return groups.reduce(
    (total, group) =>
      allowedWorkflowActions(matchingWorkflow, group.status, {
        lastStepDate: group.lastStepDate,
        today,
      }).some(
        (action) =>
          matchingWorkflow.actions[action as keyof typeof matchingWorkflow.actions].permission ===
          matchingDecisionPermission,
      )
        ? total + Number(group.n)
        : total,
    0,
  );
};

/**
 * Matchings whose next step is this caseworker's (DESIGN.md section 6): in a status that awaits a
 * step that is not a decision, proposed by this user or of this user's own head office, within their
 * office scope; oldest last step first. The item names the steps the machine allows from there.
 */
/** Proposed by this user or of this user's own head office. */
const ownMatching = (user: TAuthUser) =>
  or(
    eq(adoptiveMatchings.createdBy, user.id),
    eq(
      adoptiveMatchings.headOfficeId,
      sql`(select ${users.headOfficeId} from ${users} where ${users.id} = ${user.id})`,
    ),
  );

const nextSteps = async ({ db, user, locale }: TWorkQueueContext) => {
  const rows = await waitingMatchings(db, user, {
    statuses: awaitingCaseworker,
    withLastAsked: false,
    condition: () => ownMatching(user),
  });
  const items = rows.map(
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
  return { items, total: rows[0]?.total ?? 0 };
};

/** The next steps' total alone. */
const countNextSteps = async ({ db, user }: TWorkQueueContext): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adoptiveMatchings)
    .where(
      and(
        inArray(adoptiveMatchings.status, [...awaitingCaseworker]),
        officeCondition(adoptiveMatchings.headOfficeId, user),
        ownMatching(user),
      ),
    );
  return Number(row?.n ?? 0);
};

/** In `stage` longer than it should take (setting `stageExpectedDays`). */
const lateInStage = (stage: (typeof matchingStageNames)[number], { today, settings }: TWorkQueueContext) =>
  and(
    inArray(adoptiveMatchings.status, [...matchingStages[stage]]),
    lt(adoptiveMatchings.stageEnteredOn, sql`(${today}::date - ${settings.stageExpectedDays[stage]}::int)`),
  );

/** Matchings in a stage longer than it should take (one condition per stage), in the user's office. */
const overdueCondition = (context: TWorkQueueContext) =>
  and(
    or(...matchingStageNames.map((stage) => lateInStage(stage, context))),
    officeCondition(adoptiveMatchings.headOfficeId, context.user),
  );

/**
 * The overdue matchings' total alone: a count per stage, summed, so that each reads one range of
 * the (status, stage entered, office) index and nothing else (one count of the stages' `or` reads
 * every open matching's entry).
 */
const countOverdue = async (context: TWorkQueueContext): Promise<number> => {
  const office = officeCondition(adoptiveMatchings.headOfficeId, context.user);
  const [row] = await rowsOf<{ n: number }>(
    context.db,
    sql`select (${sql.join(
      matchingStageNames.map(
        (stage) =>
          sql`(select count(*) from ${adoptiveMatchings} where ${and(lateInStage(stage, context), office)})`,
      ),
      sql` + `,
    )})::int as n`,
  );
  return Number(row?.n ?? 0);
};

const overdue = async (context: TWorkQueueContext) => {
  const { db, today, settings, locale } = context;
  const expectedDays = settings.stageExpectedDays;
  const inScope = overdueCondition(context);
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
      ...familyTitleColumns,
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
  return { items, total: rows[0]?.total ?? 0 };
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
