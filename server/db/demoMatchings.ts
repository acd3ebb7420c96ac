import { and, asc, eq, gte, like } from 'drizzle-orm';
import { isoDateIn } from '../../src/domain/programmeTime';
import {
  matchingWorkflow,
  matchingWorkflowActions,
  type TMatchingActionName,
} from '../../src/domain/workflows/matching.workflow';
import { type TDbOrTx, writeAudit } from '../audit';
import type { TAuthUser } from '../auth/service';
import { matchingBinding } from '../modules/matchings/matchingBinding';
import { matchingWorkflowBinding } from '../modules/matchings/matchingWorkflowBinding';
import { translators } from '../plugins/locale';
import type { TWriteContext } from '../resources/resourceRoutes';
import { applyWorkflowEvent } from '../workflows/applyWorkflowEvent';
import { adoptiveMatchings, childInfos, parentInfos } from './schema';

/** Marks the demo's matchings: a second run finds them and adds none. */
export const demoMatchingNote = 'Demo matching';

type TStep = [TMatchingActionName, number];

const toAdoption: TStep[] = [
  ['pending-adoption', 3],
  ['confirm-adoption', 4],
];
const toTrial: TStep[] = [...toAdoption, ['test-adoption', 5]];
const toTrialDecision: TStep[] = [...toTrial, ['pending-test', 60]];
const toTrialConfirmed: TStep[] = [...toTrialDecision, ['confirm-test', 3]];
const toWarrant: TStep[] = [...toTrialConfirmed, ['pending-warrant', 2]];
const toWarrantRequested: TStep[] = [...toWarrant, ['request-warrant', 4]];
const toWarranted: TStep[] = [...toWarrantRequested, ['confirm-warrant', 20]];
const toKeep: TStep[] = [...toWarranted, ['child-keep', 5]];

/**
 * The demo's matchings: each path of actions (with the days between steps) ends in one status of
 * the machine, or in a rejection at one stage; `wait` is the days since the last step (some pass
 * their stage's expected days, so the board and the work queue show overdue ones).
 */
const demoPaths: { steps: TStep[]; wait: number }[] = [
  { steps: [], wait: 5 },
  { steps: [], wait: 45 },
  { steps: [['pending-adoption', 3]], wait: 2 },
  { steps: [['pending-adoption', 3]], wait: 40 },
  { steps: toAdoption, wait: 6 },
  { steps: toTrial, wait: 20 },
  { steps: toTrial, wait: 120 },
  { steps: toTrialDecision, wait: 4 },
  { steps: toTrialConfirmed, wait: 3 },
  { steps: toWarrant, wait: 8 },
  { steps: toWarrantRequested, wait: 12 },
  { steps: toWarranted, wait: 10 },
  { steps: toKeep, wait: 3 },
  { steps: [...toKeep, ['child-keep-approve', 6]], wait: 30 },
  { steps: [...toKeep, ['child-keep-approve', 6]], wait: 200 },
  {
    steps: [
      ['pending-adoption', 3],
      ['reject-adoption', 5],
    ],
    wait: 15,
  },
  { steps: [...toTrial, ['reject-test', 30]], wait: 25 },
  { steps: [...toWarrantRequested, ['reject-warrant', 18]], wait: 9 },
];

const dayAfter = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** What an action's body carries on a given day (a date, a reason, a warrant's reference or number). */
const bodyOf = (action: TMatchingActionName, day: string, n: number): Record<string, unknown> => {
  const fields = matchingWorkflowActions[action].fields.map((field) => field.key);
  return Object.fromEntries(
    fields.map((key) => [
      key,
      key === 'date'
        ? day
        : key === 'reason'
          ? 'Demo: the family and the child were not ready.'
          : key === 'reference'
            ? `REQ-${1000 + n}`
            : `W-${2000 + n}`,
    ]),
  );
};

/** A demo user as the engines see an actor (the seed acts for the whole country). */
const actorOf = (id: number, username: string): TAuthUser => ({
  id,
  name: username,
  username,
  roles: [],
  permissions: [],
  familyId: 'demo-seed',
  officeScope: null,
});

/**
 * Matchings in every status and every rejection (issue 13), through the engines' own writers: the
 * resource binding's rules and columns for the proposal (the child and the application become
 * `matched`), the workflow's `applyWorkflowEvent` for each step (four-eyes, the history, the
 * child's and the application's own workflows on completion and rejection). The caseworker takes
 * the steps, the supervisor the decisions; days are set back so the stages have their length.
 */
export const seedDemoMatchings = async (
  db: TDbOrTx,
  options: { now: Date; caseworkerId: number | null; supervisorId: number | null },
) => {
  const existing = await db
    .select({ id: adoptiveMatchings.id })
    .from(adoptiveMatchings)
    .where(like(adoptiveMatchings.notes, `${demoMatchingNote}%`))
    .limit(1);
  if (existing.length > 0 || options.caseworkerId === null || options.supervisorId === null)
    return { inserted: 0, existing: existing.length > 0 };
  const caseworker = actorOf(options.caseworkerId, 'demo.caseworker');
  const supervisor = actorOf(options.supervisorId, 'demo.supervisor');
  const t = translators.en;
  const today = isoDateIn(options.now);
  const children = await db
    .select({ id: childInfos.id })
    .from(childInfos)
    .where(eq(childInfos.status, 'adoptable'))
    .orderBy(asc(childInfos.id));
  // Approvals that hold through the longest path (a year), so every step is allowed.
  const families = await db
    .select({ id: parentInfos.id })
    .from(parentInfos)
    .where(and(eq(parentInfos.status, 'accepted'), gte(parentInfos.approvedUntil, dayAfter(today, 30))))
    .orderBy(asc(parentInfos.id));
  // Some children and families stay free, for people to propose new matchings.
  const pairs = Math.min(demoPaths.length, children.length - 5, families.length - 5);
  let inserted = 0;
  for (let n = 0; n < pairs; n += 1) {
    const { steps, wait } = demoPaths[n];
    const span = steps.reduce((sum, [, gap]) => sum + gap, 0) + wait;
    let day = dayAfter(today, -span);
    const at = (on: string) => new Date(`${on}T09:00:00+07:00`);
    const body = {
      childId: children[n].id,
      parentId: families[n].id,
      proposedDate: day,
      justification: 'Demo: assessed in person; the family is suitable.',
      notes: `${demoMatchingNote} ${n + 1}`,
    };
    const context: TWriteContext = {
      db,
      mode: 'create',
      actor: caseworker,
      body,
      now: at(day).getTime(),
      t,
    };
    await matchingBinding.guard?.(context);
    const columns = matchingBinding.toColumns ? await matchingBinding.toColumns(context) : body;
    const [row] = await db
      .insert(adoptiveMatchings)
      .values({
        ...(columns as typeof adoptiveMatchings.$inferInsert),
        createdBy: caseworker.id,
        updatedBy: caseworker.id,
        createdAt: at(day),
        updatedAt: at(day),
      })
      .returning({ id: adoptiveMatchings.id, code: adoptiveMatchings.code });
    await matchingBinding.afterChange?.({ ...context, id: row.id });
    await writeAudit(db, {
      userId: caseworker.id,
      entity: 'adoptive_matchings',
      entityId: row.id,
      action: 'create',
      after: { code: row.code, ...body },
    });
    for (const [action, gap] of steps) {
      day = dayAfter(day, gap);
      const actor =
        matchingWorkflowActions[action].permission === 'matchings:approve' ? supervisor : caseworker;
      const stepBody = bodyOf(action, day, n);
      await applyWorkflowEvent(
        db,
        matchingWorkflowBinding,
        {
          id: row.id,
          action,
          event: matchingWorkflow.eventOf(action, stepBody, day),
          body: stepBody,
          actorId: actor.id,
          actorIsSuper: false,
          at: at(day),
          today: day,
        },
        t,
      );
    }
    inserted += 1;
  }
  return { inserted, existing: false };
};
