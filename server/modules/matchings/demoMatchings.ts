import { and, asc, desc, eq, gte, like, lte, ne, notExists, sql } from 'drizzle-orm';
import { addMonths } from '../../../src/domain/addMonths';
import { matchingArea } from '../../../src/domain/areas/matching.area';
import { needsJustification, type TCompatibilityCheck } from '../../../src/domain/compatibility';
import { isoDateIn } from '../../../src/domain/programmeTime';
import {
  matchingWorkflow,
  matchingWorkflowActions,
  type TMatchingActionName,
} from '../../../src/domain/workflows/matching.workflow';
import { serviceWorkflow, type TServiceFindings } from '../../../src/domain/workflows/service.workflow';
import { type TDbOrTx, writeAudit } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import type { TDemoSeeder } from '../../db/demo/demoSeed';
import { adoptiveMatchings, childInfos, parentInfos, postAdoptionServices, users } from '../../db/schema';
import { translators } from '../../plugins/locale';
import type { TWriteContext } from '../../resources/writeContext';
import { directSession } from '../../resources/writeSession';
import { applyWorkflowEvent } from '../../workflows/applyWorkflowEvent';
import { scheduleFollowUps, serviceWorkflowBinding } from '../services';
import { matchingBinding } from './matchingBinding';
import { matchingWorkflowBinding } from './matchingWorkflowBinding';

/**
 * The note of the browser tests' adoption completed 100 days ago (scripts/e2e-prepare.ts seeds it
 * with `seedPastAdoption`, below): the tests find its matching by it.
 */
export const pastAdoptionNote = 'Browser tests: an adoption completed 100 days ago';

/** Marks the demo's matchings: a second run finds them and adds none. */
export const demoMatchingNote = 'Demo matching';

type TStep = [TMatchingActionName, number];
/**
 * What became of a scheduled service after adoption (issue 14), in the schedule's order: given
 * with good findings, given with a concern, refused; the ones not named stay pending.
 */
type TVisit = 'good' | 'concern' | 'refused';
/**
 * A path of actions (with the days between steps) and the days since its last step; for a path
 * that completes, what became of its follow-ups.
 */
type TDemoPath = { steps: TStep[]; wait: number; visits?: TVisit[] };

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
/** The quickest way to an adoption (no trial): 43 days from the proposal to the keep approval. */
const toCompletion: TStep[] = [
  ...skippingTrial,
  ['request-warrant', 10],
  ['confirm-warrant', 15],
  ['child-keep', 4],
  ['child-keep-approve', 5],
];
const path = (steps: TStep[], wait: number, visits?: TVisit[]): TDemoPath => ({ steps, wait, visits });

/**
 * The demo's matchings: several paths end in each status of the machine, two in a rejection at
 * each stage, the trial skipped both ways and once un-confirmed. Some wait past their stage's
 * expected days (proposal 30, trial 90, warrant 60, keeping 30), so the board and the work queue
 * show overdue ones. Adoptions completed about 80 days, 4, 7 and 13 months ago leave their
 * follow-ups (home visits at 3, 6 and 12 months) due soon, overdue, given (one with a concern)
 * and refused. `few` is the browser tests' handful: several stages, none awaiting a decision nor
 * overdue, no follow-up due yet, so the supervisor's work queue holds only what the tests put there.
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
    // Follow-ups (issue 14): the first visit due within days; overdue; given, the second with a
    // concern; given, then refused, the year's visit overdue.
    path(toCompletion, 80),
    path(toCompletion, 122),
    path(toCompletion, 213, ['good', 'concern']),
    path(toCompletion, 396, ['good', 'refused']),
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
          ? action === 'confirm-test'
            ? 'Demo: the family and the child settled well; the team confirmed the trial early.'
            : 'Demo: the family and the child were not ready.'
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

/** How recently a quick adoption's child was made adoptable, before the proposal (months). */
const recentAdoptableMonths = 9;
/** How long before the proposal a slow adoption's child was made adoptable, at least (months). */
const waitedLongMonths = 13;

/** Children and families each demo matching leaves free, for people to propose new matchings. */
const spare = 5;

const visitFindings: Record<Exclude<TVisit, 'refused'>, TServiceFindings> = {
  good: {
    health: 'good',
    schooling: 'good',
    integration: 'good',
    notes: 'Demo: the child has settled in well; the family follows the advice given.',
  },
  concern: {
    health: 'good',
    schooling: 'concern',
    integration: 'good',
    notes: 'Demo: often absent from school since the move; the teacher will be met.',
  },
};

/**
 * The follow-ups of a matching completed here, given (or refused) by their officer a few days
 * after their planned day, through the service's workflow like a visit recorded on its page.
 */
const recordVisits = async (
  db: TDbOrTx,
  matchingId: number,
  visits: readonly TVisit[],
  officer: TAuthUser,
  today: string,
) => {
  const services = await db
    .select({ id: postAdoptionServices.id, plannedDate: postAdoptionServices.plannedDate })
    .from(postAdoptionServices)
    .where(eq(postAdoptionServices.matchingId, matchingId))
    .orderBy(asc(postAdoptionServices.plannedDate), asc(postAdoptionServices.id));
  for (const [index, visit] of visits.entries()) {
    const service = services[index];
    if (!service) break;
    const day = [dayAfter(service.plannedDate, 2 + index), today].sort()[0];
    const action = visit === 'refused' ? 'reject-service' : 'confirm-service';
    const body =
      visit === 'refused'
        ? { date: day, reason: 'Demo: the family was away on the day; the next visit was planned.' }
        : { date: day, findings: visitFindings[visit] };
    await applyWorkflowEvent(
      db,
      serviceWorkflowBinding,
      {
        id: service.id,
        action,
        event: serviceWorkflow.eventOf(action, body, day),
        body,
        actorId: officer.id,
        at: new Date(`${day}T15:00:00+07:00`),
        today: day,
      },
      translators.en,
    );
  }
};

type TPlan = TDemoPath & { n: number; proposedOn: string };

/**
 * One matching along its path, through the engines' own writers: the resource binding's rules and
 * columns for the proposal (the child and the application become `matched`), the workflow's
 * `applyWorkflowEvent` for each step (four-eyes, the history, the child's and the application's
 * own workflows on completion and rejection), each on its day; then its follow-ups' visits.
 */
const seedPath = async (
  db: TDbOrTx,
  {
    plan: { steps, proposedOn, n, visits },
    childId,
    familyId,
    note,
    caseworker,
    supervisor,
    today,
  }: {
    plan: TPlan;
    childId: number;
    familyId: number;
    note: string;
    caseworker: TAuthUser;
    supervisor: TAuthUser;
    today: string;
  },
) => {
  const t = translators.en;
  let day = proposedOn;
  const at = (on: string) => new Date(`${on}T09:00:00+07:00`);
  const body: Record<string, unknown> = {
    childId,
    parentId: familyId,
    proposedDate: day,
    justification: 'Demo: assessed in person; the family is suitable.',
    notes: note,
  };
  const context: TWriteContext = {
    db,
    mode: 'create',
    actor: caseworker,
    body,
    now: at(day).getTime(),
    t,
    session: directSession(db),
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
    entity: matchingArea.entity,
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
        at: at(day),
        today: day,
      },
      t,
    );
  }
  // The completion planned the follow-ups (followUpSchedule.ts); those already past were given.
  if (visits) await recordVisits(db, row.id, visits, caseworker, today);
  return row;
};

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
  const today = isoDateIn(options.now);
  const elsewhere = (column: typeof childInfos.headOfficeId | typeof parentInfos.headOfficeId) =>
    options.spareOfficeId ? ne(column, options.spareOfficeId) : undefined;
  // A completed adoption's follow-ups are the caseworker's (who proposed it): theirs are of the
  // children of their office, which they see (DESIGN.md section 7).
  const [caseworkerOffice] = await db
    .select({ id: users.headOfficeId })
    .from(users)
    .where(eq(users.id, caseworker.id));
  const children = await db
    .select({ id: childInfos.id, since: childInfos.adoptionConfirmedOn, office: childInfos.headOfficeId })
    .from(childInfos)
    .where(and(eq(childInfos.status, 'adoptable'), elsewhere(childInfos.headOfficeId)))
    // The most recently found adoptable first: a proposal takes the child found adoptable last
    // before its day, months before it rather than years (issue 35).
    .orderBy(desc(childInfos.adoptionConfirmedOn), asc(childInfos.id));
  const families = await db
    .select({
      id: parentInfos.id,
      since: parentInfos.decisionDate,
      until: parentInfos.approvedUntil,
      office: parentInfos.headOfficeId,
    })
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
  // demo.caseworker's office keeps children and families of its own to match (issue 22): a
  // matching takes one of them only while more than `spare` would stay free.
  const home = caseworkerOffice?.id ?? null;
  const homeFree = <T extends { office: number | null }>(rows: T[], keepsFree: (row: T) => boolean) => {
    const kept = new Set(rows.filter((row) => row.office === home && keepsFree(row)));
    return {
      allows: (row: T) => row.office !== home || !kept.has(row) || kept.size > spare,
      take: (row: T | undefined) => {
        if (row) kept.delete(row);
        return row;
      },
    };
  };
  const homeChildren = homeFree(children, () => true);
  const homeFamilies = homeFree(families, (row) => (row.until ?? '') >= today);
  // The approvals the demo shows as expired or ending within 30 days stay accepted: a matching
  // takes such a family only when no family with a longer approval fits its dates (an old one).
  const lasting = (row: (typeof families)[number]) => (row.until ?? '') > dayAfter(today, 30);
  let inserted = 0;
  for (const plan of plans) {
    const { steps, proposedOn } = plan;
    // Confirmed adoptable, and approved, by the day of the proposal (the approval holding then).
    const free = (row: (typeof children)[number]) => !row.since || row.since <= proposedOn;
    const completes = steps.some(([action]) => action === 'child-keep-approve');
    const childFits = (row: (typeof children)[number]) => free(row) && homeChildren.allows(row);
    // Every other adoption takes a child made adoptable within the 9 months before its proposal
    // (completed under 14 months after that day, the programme's aim), the others one who waited
    // longer, over 13 months: the reports' share adopted within 14 months is neither 0 nor 1.
    const quick = completes && plan.n % 2 === 0;
    const recent = (row: (typeof children)[number]) =>
      !completes ||
      (quick
        ? (row.since ?? '') >= addMonths(proposedOn, -recentAdoptableMonths)
        : (row.since ?? '') <= addMonths(proposedOn, -waitedLongMonths));
    const child = homeChildren.take(
      (completes && home
        ? (takeChild((row) => childFits(row) && row.office === home && recent(row)) ??
          takeChild((row) => childFits(row) && row.office === home))
        : undefined) ??
        takeChild((row) => childFits(row) && row.office !== home && recent(row)) ??
        takeChild((row) => childFits(row) && row.office !== home) ??
        takeChild(childFits),
    );
    const familyFits = (row: (typeof families)[number]) =>
      (!row.since || row.since <= proposedOn) && (row.until ?? '') >= proposedOn && homeFamilies.allows(row);
    const family = homeFamilies.take(
      takeFamily((row) => familyFits(row) && lasting(row) && row.office !== home) ??
        takeFamily((row) => familyFits(row) && lasting(row)) ??
        takeFamily((row) => familyFits(row) && row.office !== home) ??
        takeFamily(familyFits),
    );
    if (!child || !family) continue;
    await seedPath(db, {
      plan,
      childId: child.id,
      familyId: family.id,
      note: `${demoMatchingNote} ${plan.n + 1}`,
      caseworker,
      supervisor,
      today,
    });
    inserted += 1;
  }
  return { inserted, existing: false };
};

/**
 * One adoption completed `completedDaysAgo` days ago, the quickest way (no trial), proposed by
 * demo.caseworker for a child of their office (its follow-ups are theirs, planned from that day:
 * 100 days ago leaves the first home visit overdue), decided by demo.supervisor, through the same
 * writers as the demo's matchings. The family is of another office, its approval holding on the
 * proposal's day. `note` marks it: a second run finds it and adds nothing. The browser tests' own
 * (scripts/e2e-prepare.ts): the API cannot date a step before the day it is taken.
 */
export const seedPastAdoption = async (
  db: TDbOrTx,
  options: {
    now: Date;
    caseworkerId: number | null;
    supervisorId: number | null;
    completedDaysAgo: number;
    note: string;
  },
) => {
  const [existing] = await db
    .select({ id: adoptiveMatchings.id, code: adoptiveMatchings.code })
    .from(adoptiveMatchings)
    .where(eq(adoptiveMatchings.notes, options.note))
    .limit(1);
  if (existing) return { matching: existing, inserted: false };
  if (options.caseworkerId === null || options.supervisorId === null)
    return { matching: null, inserted: false };
  const caseworker = actorOf(options.caseworkerId, 'demo.caseworker');
  const supervisor = actorOf(options.supervisorId, 'demo.supervisor');
  const today = isoDateIn(options.now);
  const span = toCompletion.reduce((sum, [, gap]) => sum + gap, 0) + options.completedDaysAgo;
  const plan: TPlan = {
    ...path(toCompletion, options.completedDaysAgo),
    n: 99,
    proposedOn: dayAfter(today, -span),
  };
  const [office] = await db.select({ id: users.headOfficeId }).from(users).where(eq(users.id, caseworker.id));
  if (!office?.id) return { matching: null, inserted: false };
  const [child] = await db
    .select({ id: childInfos.id })
    .from(childInfos)
    .where(
      and(
        eq(childInfos.status, 'adoptable'),
        eq(childInfos.headOfficeId, office.id),
        lte(childInfos.adoptionConfirmedOn, plan.proposedOn),
        // Never matched: a child a rejection freed is adoptable only from the rejection's day.
        notExists(
          db
            .select({ one: sql`1` })
            .from(adoptiveMatchings)
            .where(eq(adoptiveMatchings.childId, childInfos.id)),
        ),
      ),
    )
    .orderBy(asc(childInfos.adoptionConfirmedOn), asc(childInfos.id))
    .limit(1);
  const [family] = await db
    .select({ id: parentInfos.id })
    .from(parentInfos)
    .where(
      and(
        eq(parentInfos.status, 'accepted'),
        ne(parentInfos.headOfficeId, office.id),
        lte(parentInfos.decisionDate, plan.proposedOn),
        gte(parentInfos.approvedUntil, plan.proposedOn),
      ),
    )
    .orderBy(asc(parentInfos.decisionDate), asc(parentInfos.id))
    .limit(1);
  if (!child || !family) return { matching: null, inserted: false };
  const matching = await seedPath(db, {
    plan,
    childId: child.id,
    familyId: family.id,
    note: options.note,
    caseworker,
    supervisor,
    today,
  });
  return { matching, inserted: true };
};

/**
 * Follow-ups for the demo's adoptions completed before the schedule existed (a demo database made
 * before issue 14): each completed demo matching without any service gets its schedule, planned
 * from its keep approval as the completion would have. A second run adds nothing.
 */
export const seedDemoServices = async (db: TDbOrTx, options: { supervisorId: number | null }) => {
  const unfollowed = await db
    .select({ id: adoptiveMatchings.id, completedOn: adoptiveMatchings.completedOn })
    .from(adoptiveMatchings)
    .where(
      and(
        like(adoptiveMatchings.notes, `${demoMatchingNote}%`),
        eq(adoptiveMatchings.status, 'completed'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(postAdoptionServices)
            .where(eq(postAdoptionServices.matchingId, adoptiveMatchings.id)),
        ),
      ),
    )
    .orderBy(asc(adoptiveMatchings.id));
  let inserted = 0;
  for (const matching of unfollowed) {
    if (!matching.completedOn) continue;
    const ids = await scheduleFollowUps(db, {
      matchingId: matching.id,
      completedOn: matching.completedOn,
      actorId: options.supervisorId,
      at: new Date(`${matching.completedOn}T09:00:00+07:00`),
    });
    inserted += ids.length;
  }
  // What the demo's follow-ups hold now, for the script to say.
  const byStatus = await db
    .select({ status: postAdoptionServices.status, count: sql<number>`count(*)::int` })
    .from(postAdoptionServices)
    .innerJoin(adoptiveMatchings, eq(adoptiveMatchings.id, postAdoptionServices.matchingId))
    .where(like(adoptiveMatchings.notes, `${demoMatchingNote}%`))
    .groupBy(postAdoptionServices.status)
    .orderBy(postAdoptionServices.status);
  return { inserted, byStatus };
};

/**
 * The matchings module's demo data: matchings in every stage, then the follow-ups of the demo's
 * older adoptions (completing a matching plans its own; this module owns which matchings are the
 * demo's, so it says what their services hold).
 */
export const seedDemoMatchingsAndServices: TDemoSeeder = async (db, run) => {
  const matchings = await seedDemoMatchings(db, {
    now: run.now,
    caseworkerId: run.userIds.get('demo.caseworker') ?? null,
    supervisorId: run.userIds.get('demo.supervisor') ?? null,
  });
  const services = await seedDemoServices(db, { supervisorId: run.userIds.get('demo.supervisor') ?? null });
  return [
    matchings.existing
      ? 'matchings: the demo matchings are already there'
      : `matchings: ${matchings.inserted} added, in every stage and every rejection, some overdue`,
    `services after adoption: ${services.byStatus.map(({ status, count }) => `${status} ${count}`).join(', ') || 'none'} (some due soon, some overdue, a concern)${services.inserted ? `; ${services.inserted} planned now for older adoptions` : ''}`,
  ];
};
