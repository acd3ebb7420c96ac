import { and, asc, eq, like, ne } from 'drizzle-orm';
import { needsJustification, type TCompatibilityCheck } from '../../src/domain/compatibility';
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
/** A path of actions (with the days between steps) and the days since its last step. */
type TDemoPath = { steps: TStep[]; wait: number };

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
const skippingTrial: TStep[] = [...toAdoption, ['skip-adoption', 2]];
const skippingTrialTest: TStep[] = [...toTrial, ['skip-test', 30]];
const path = (steps: TStep[], wait: number): TDemoPath => ({ steps, wait });

/**
 * The demo's matchings: several paths end in each status of the machine, two in a rejection at
 * each stage, the trial skipped both ways and once un-confirmed. Some wait past their stage's
 * expected days (proposal 30, trial 90, warrant 60, keeping 30), so the board and the work queue
 * show overdue ones. `few` is the browser tests' handful: several stages, none awaiting a decision
 * nor overdue, so the supervisor's work queue holds only what the tests put there.
 */
const demoPaths: { all: TDemoPath[]; few: TDemoPath[] } = {
  all: [
    path([], 5),
    path([], 45),
    path([['pending-adoption', 3]], 2),
    path([['pending-adoption', 3]], 40),
    path(toAdoption, 6),
    path(toAdoption, 35),
    path(toTrial, 20),
    path(toTrial, 120),
    path([...toTrialConfirmed, ['un-confirm-test', 2]], 9),
    path(toTrialDecision, 4),
    path(toTrialDecision, 40),
    path(toTrialConfirmed, 3),
    path(toTrialConfirmed, 12),
    path(toWarrant, 8),
    path(skippingTrial, 15),
    path(skippingTrialTest, 70),
    path(toWarrantRequested, 12),
    path(toWarrantRequested, 65),
    path(toWarranted, 10),
    path(toWarranted, 25),
    path(toKeep, 3),
    path(toKeep, 40),
    path([...toKeep, ['child-keep-approve', 6]], 30),
    path([...toKeep, ['child-keep-approve', 6]], 90),
    path(
      [
        ...skippingTrial,
        ['request-warrant', 10],
        ['confirm-warrant', 15],
        ['child-keep', 4],
        ['child-keep-approve', 5],
      ],
      12,
    ),
    path([['reject-adoption', 9]], 15),
    path(
      [
        ['pending-adoption', 3],
        ['reject-adoption', 5],
      ],
      50,
    ),
    path([...toTrial, ['reject-test', 30]], 25),
    path([...toTrialDecision, ['reject-test', 4]], 6),
    path([...toWarrantRequested, ['reject-warrant', 18]], 9),
    path([...skippingTrial, ['request-warrant', 6], ['reject-warrant', 20]], 30),
  ],
  few: [
    path([], 5),
    path(toAdoption, 6),
    path(toTrial, 20),
    path(toTrialConfirmed, 3),
    path(toWarrant, 8),
    path(toWarranted, 10),
    path([...toKeep, ['child-keep-approve', 6]], 30),
    path([...toTrial, ['reject-test', 30]], 25),
  ],
};

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

/** Children and families each demo matching leaves free, for people to propose new matchings. */
const spare = 5;

/**
 * Matchings in every status and every rejection (issue 13), through the engines' own writers: the
 * resource binding's rules and columns for the proposal (the child and the application become
 * `matched`), the workflow's `applyWorkflowEvent` for each step (four-eyes, the history, the
 * child's and the application's own workflows on completion and rejection). The caseworker takes
 * the steps, the supervisor the decisions; days are set back so the stages have their length, and
 * each matching takes a child confirmed adoptable and a family approved by its proposal's day.
 * `spareOfficeId`: that office's children and families are left alone (the browser tests' own).
 */
export const seedDemoMatchings = async (
  db: TDbOrTx,
  options: {
    now: Date;
    caseworkerId: number | null;
    supervisorId: number | null;
    paths?: keyof typeof demoPaths;
    spareOfficeId?: number | null;
  },
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
  const elsewhere = (column: typeof childInfos.headOfficeId | typeof parentInfos.headOfficeId) =>
    options.spareOfficeId ? ne(column, options.spareOfficeId) : undefined;
  const children = await db
    .select({ id: childInfos.id, since: childInfos.adoptionConfirmedOn })
    .from(childInfos)
    .where(and(eq(childInfos.status, 'adoptable'), elsewhere(childInfos.headOfficeId)))
    .orderBy(asc(childInfos.adoptionConfirmedOn), asc(childInfos.id));
  const families = await db
    .select({ id: parentInfos.id, since: parentInfos.decisionDate, until: parentInfos.approvedUntil })
    .from(parentInfos)
    .where(and(eq(parentInfos.status, 'accepted'), elsewhere(parentInfos.headOfficeId)))
    .orderBy(asc(parentInfos.decisionDate), asc(parentInfos.id));
  // The oldest proposals first: they need the children and families decided longest ago.
  const plans = demoPaths[options.paths ?? 'all']
    .map((path, n) => {
      const span = path.steps.reduce((sum, [, gap]) => sum + gap, 0) + path.wait;
      return { ...path, n, proposedOn: dayAfter(today, -span) };
    })
    .sort((a, b) => (a.proposedOn < b.proposedOn ? -1 : a.proposedOn > b.proposedOn ? 1 : a.n - b.n));
  /** The first row not yet taken that fits, unless that would leave `spare` or fewer free. */
  const taker = <T extends { id: number }>(rows: T[], keepsFree: (row: T) => boolean) => {
    const taken = new Set<number>();
    return (fits: (row: T) => boolean) => {
      if (rows.filter((row) => !taken.has(row.id) && keepsFree(row)).length <= spare) return undefined;
      const row = rows.find((candidate) => !taken.has(candidate.id) && fits(candidate));
      if (row) taken.add(row.id);
      return row;
    };
  };
  const takeChild = taker(children, () => true);
  // Families free to be matched today: their approval still holds.
  const takeFamily = taker(families, (row) => (row.until ?? '') >= today);
  let inserted = 0;
  for (const { steps, proposedOn, n } of plans) {
    // Confirmed adoptable, and approved, by the day of the proposal (the approval holding then).
    const child = takeChild((row) => !row.since || row.since <= proposedOn);
    const family = takeFamily(
      (row) => (!row.since || row.since <= proposedOn) && (row.until ?? '') >= proposedOn,
    );
    if (!child || !family) continue;
    let day = proposedOn;
    const at = (on: string) => new Date(`${on}T09:00:00+07:00`);
    const body: Record<string, unknown> = {
      childId: child.id,
      parentId: family.id,
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
    const columns = (await matchingBinding.toColumns?.(context)) ?? body;
    // A justification only where the compatibility asks for one, as a person would write it.
    if (!needsJustification(columns.compatibility as TCompatibilityCheck[])) {
      delete columns.justification;
      delete body.justification;
    }
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
