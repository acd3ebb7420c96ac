import { getSimplePaths } from '@xstate/graph';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine, EventObject } from 'xstate';
import { auditLog, childInfos, parentInfos, statusHistory } from '../../server/db/schema';
import { workflowBindings } from '../../server/modules/workflowBindings';
import type { TWorkflowBinding } from '../../server/workflows/binding';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { checklistDateKey, checklistItems } from '../../src/domain/resources/parent';
import {
  matchingDecisionPermission,
  matchingWorkflowActions,
  type TMatchingActionName,
} from '../../src/domain/workflows/matching.workflow';
import { isParentDecision } from '../../src/domain/workflows/parent.workflow';
import { decideWorkflowEvent } from '../../src/domain/workflows/workflow';
import {
  insertApplication,
  insertChild,
  insertCompletedMatching,
  insertMatching,
  insertService,
  pendingApplication,
} from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The workflow contract (issue 12, DESIGN.md section 1): every registered workflow, walked through
 * the API. Every path of its machine over the user actions (every simple path, and each step back
 * taken once) ends where the machine says, with every transition walked at least once; from every
 * status, every action the machine allows is accepted (status, version, one history row, one audit
 * row) and every other answers 409 and changes nothing; every action is refused (403) to a user
 * without its permission. A matching's paths are walked by two users, and no decision is ever
 * accepted from the user who took its last step that was not a decision (four-eyes, DESIGN.md
 * section 4). A workflow registered without a subject here fails the test.
 */
type TSubject = {
  /** A record of the workflow in `status`, written straight to its table. */
  create: (status: string) => Promise<number>;
  /** A body every check accepts, for `action` on record `id`. */
  body: (action: string, id: number) => Record<string, unknown>;
  /** A record in the machine's initial status made as a user makes it (a matching proposed through the API). */
  start?: () => Promise<number>;
  /**
   * Four-eyes: the actions that are decisions. Paths are then walked by two users (the one who
   * made the record and the actor): each decision is first sent by the user who took the record's
   * last step that was not a decision, which must be refused, then taken by the other.
   */
  isDecision?: (action: string) => boolean;
  /** What else must hold once the record is in `status`, after its start and after every step. */
  afterStep?: (id: number, status: string) => Promise<void>;
  /** The record's end once its path is walked (a proposed matching is deleted, freeing its records). */
  endPath?: (id: number, status: string) => Promise<void>;
};

let t: TTestApp;
let today: string;
let headOfficeId: number;
const tokens = {} as Record<string, { actor: string; reader: string }>;
let adminToken: string;

/** The records of one subject here: `CH-<prefix>-000001`, dated from `today`. */
const records = (prefix: string) => ({ prefix, today });
/** A single applicant (a woman) of the `family` family. */
const singleApplicant = (family: string) =>
  ({ applicantType: 'single', applicant1FamilyNameEn: family, applicant1Sex: 'female' }) as const;

const subjects: Record<string, TSubject> = {
  child: {
    create: async (status) =>
      (
        await insertChild(
          t.app.db,
          { headOfficeId, status, familyNameEn: 'Contract', sex: 'male', dateOfBirth: yearsBefore(today, 3) },
          records('CONTRACT'),
        )
      ).id,
    body: (action, id) =>
      action === 'confirm-adoption'
        ? { id, date: today }
        : action === 'unconfirmed-adoption'
          ? { reason: 'The birth record must be checked again' }
          : { date: today, reason: `Reason for ${action}` },
  },
  parent: {
    create: async (status) =>
      (
        await insertApplication(
          t.app.db,
          {
            ...pendingApplication,
            headOfficeId,
            status,
            applicantType: 'single',
            applicant1FamilyNameEn: 'Contract',
            applicant1Sex: 'female',
            applicant1DateOfBirth: yearsBefore(today, 35),
            // The checklist done: eligible, so accepted directly; a second approver may still be asked.
            ...Object.fromEntries(checklistItems.map((item) => [checklistDateKey(item), today])),
          },
          records('CONTRACT'),
        )
      ).id,
    body: (action) =>
      action === 'accept-parents-adoption' || action === 'approve-acceptance'
        ? { date: today }
        : action === 'request-acceptance'
          ? { justification: 'The committee asks for a second opinion' }
          : action === 'un-accept-parents-adoption' || action === 'return-acceptance'
            ? { reason: 'The home study must be done again' }
            : { date: today, reason: `Reason for ${action}` },
    // Four-eyes (issue 35): a request to accept is decided by another user than the one who asked.
    isDecision: isParentDecision,
  },
  matching: {
    // A matching of a matched child and a matched application (as its proposal left them), so that
    // a completion or a rejection moves them too.
    create: async (status) =>
      (
        await insertMatching(
          t.app.db,
          {
            headOfficeId,
            status,
            proposedDate: yearsBefore(today, 1),
            child: { familyNameEn: 'Matched', dateOfBirth: yearsBefore(today, 4) },
            parent: { ...singleApplicant('Matched'), applicationDate: yearsBefore(today, 2) },
          },
          records('MATCH'),
        )
      ).id,
    body: () => ({ date: today, reason: 'The family moved away', reference: 'REF-001', number: 'W-001' }),
    isDecision: (action) =>
      matchingWorkflowActions[action as TMatchingActionName]?.permission === matchingDecisionPermission,
    // Proposed as a caseworker does, through the API: the child and the application become matched.
    start: async () => {
      const child = await insertChild(
        t.app.db,
        { headOfficeId, familyNameEn: 'Proposed', dateOfBirth: yearsBefore(today, 4) },
        records('PROPOSE'),
      );
      const application = await insertApplication(
        t.app.db,
        { headOfficeId, ...singleApplicant('Proposed'), applicationDate: yearsBefore(today, 2) },
        records('PROPOSE'),
      );
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/adoptive-matching',
        headers: { ...t.bearer(adminToken), locale: 'en' },
        payload: {
          childId: child.id,
          parentId: application.id,
          proposedDate: today,
          justification: 'Assessed by the team',
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id: number = created.json().data.id;
      matchedIds.set(id, { childId: child.id, parentId: application.id });
      return id;
    },
    // Completed: both adopted; rejected: both free again; on the way: both still matched.
    afterStep: async (id, status) => {
      const expected =
        status === 'completed'
          ? { child: 'adopted', parent: 'adopted' }
          : status === 'rejected'
            ? { child: 'adoptable', parent: 'accepted' }
            : { child: 'matched', parent: 'matched' };
      expect(await matchedRecords(id), `the child and the application of a matching ${status}`).toEqual(
        expected,
      );
    },
    // Only a proposed matching may be deleted (then both are free again); any other answers 409.
    endPath: async (id, status) => {
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/v1/adoptive-matching/${id}`,
        headers: { ...t.bearer(adminToken), locale: 'en' },
      });
      const before = await matchedRecords(id);
      if (status === 'proposed') {
        expect(removed.statusCode, removed.body).toBe(200);
        expect(before, 'the child and the application of a deleted matching').toEqual({
          child: 'adoptable',
          parent: 'accepted',
        });
        return;
      }
      expect(removed.statusCode, `delete when ${status}: ${removed.body}`).toBe(409);
      await subjects.matching.afterStep?.(id, status);
    },
  },
  service: {
    // A service of a completed adoption (a year ago), straight in its table in `status`.
    create: async (status) => {
      const matching = await insertCompletedMatching(
        t.app.db,
        {
          headOfficeId,
          completedOn: yearsBefore(today, 1),
          child: { familyNameEn: 'Followed', sex: 'male' },
          parent: { ...singleApplicant('Followed'), applicationDate: yearsBefore(today, 3) },
        },
        records('SERVICE'),
      );
      return (await insertService(t.app.db, matching, { status }, records('CONTRACT'))).id;
    },
    body: (action) =>
      action === 'confirm-service'
        ? { date: today, findings: { health: 'good', schooling: 'notAssessed', integration: 'concern' } }
        : action === 'reject-service'
          ? { date: today, reason: 'The family moved to another province' }
          : { reason: 'Recorded on the wrong service' },
  },
};

/** The child and the application of each matching proposed here (kept: a deleted matching no longer names them). */
const matchedIds = new Map<number, { childId: number; parentId: number }>();

/** The statuses of a matching's child and application. */
const matchedRecords = async (id: number) => {
  const ids = matchedIds.get(id);
  if (!ids) throw new Error(`matching ${id} was not proposed by this test`);
  const [child] = await t.app.db
    .select({ status: childInfos.status })
    .from(childInfos)
    .where(eq(childInfos.id, ids.childId));
  const [parent] = await t.app.db
    .select({ status: parentInfos.status })
    .from(parentInfos)
    .where(eq(parentInfos.id, ids.parentId));
  return { child: child.status, parent: parent.status };
};

type TWalk = { initial: string; steps: { event: EventObject; status: string }[]; status: string };

/**
 * Every path of a machine over `events`: each simple path (no status visited twice) that cannot be
 * made longer, and for each transition no simple path takes (a step back: un-confirm a trial, ask
 * for the warrant again), a path that takes it once and then goes on the way it came.
 */
const everyPath = (
  machine: AnyStateMachine,
  events: () => EventObject[],
  next: (status: string, event: EventObject) => string | null,
): TWalk[] => {
  const walks: TWalk[] = getSimplePaths(machine, { events }).map((path) => ({
    initial: String(path.steps[0].state.value),
    steps: path.steps.slice(1).map((step) => ({ event: step.event, status: String(step.state.value) })),
    status: String(path.state.value),
  }));
  const key = (walk: TWalk) => walk.steps.map((step) => step.event.type).join(' ');
  // A path that is the beginning of a longer one is walked as part of it.
  const longest = walks.filter(
    (walk) =>
      !walks.some(
        (other) => other.steps.length > walk.steps.length && key(other).startsWith(`${key(walk)} `),
      ) || walk.steps.length === 0,
  );
  const covered = new Set(
    walks.flatMap((walk) =>
      walk.steps.map(
        (step, index) => `${index === 0 ? walk.initial : walk.steps[index - 1].status} ${step.event.type}`,
      ),
    ),
  );
  const loops: TWalk[] = [];
  for (const walk of longest) {
    const statuses = [walk.initial, ...walk.steps.map((step) => step.status)];
    statuses.forEach((from, index) => {
      for (const event of events()) {
        const target = next(from, event);
        if (target === null || target === from || covered.has(`${from} ${event.type}`)) continue;
        const back = statuses.indexOf(target);
        if (back < 0 || back > index) continue;
        covered.add(`${from} ${event.type}`);
        // Up to `from`, the step back, the way from `target` to `from` again, then on to the end.
        loops.push({
          initial: walk.initial,
          steps: [
            ...walk.steps.slice(0, index),
            { event, status: target },
            ...walk.steps.slice(back, index),
            ...walk.steps.slice(index),
          ],
          status: walk.status,
        });
      }
    });
  }
  return [...longest, ...loops];
};

/**
 * Every transition of a machine over the user actions from the statuses they reach, as
 * `from --EVENT--> to` (a child is adopted only by its matching, a system event).
 */
const userTransitions = (machine: AnyStateMachine, events: Set<string>, reached: Set<string>): string[] =>
  Object.entries(machine.root.states)
    .filter(([from]) => reached.has(from))
    .flatMap(([from, node]) =>
      [...node.transitions.entries()]
        .filter(([eventType]) => events.has(eventType))
        .flatMap(([eventType, transitions]) =>
          transitions.flatMap((transition) =>
            (transition.target ?? []).map((target) => `${from} --${eventType}--> ${target.key}`),
          ),
        ),
    );

const act = (
  binding: TWorkflowBinding,
  action: string,
  id: number,
  body: Record<string, unknown>,
  token: string,
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1${binding.apiBase}/${action}/${id}`,
    headers: { ...t.bearer(token), locale: 'en' },
    payload: body,
  });

/** What an action changes, read from the database. */
const stateOf = async (binding: TWorkflowBinding, id: number) => {
  const { columns } = binding;
  const [row] = (await t.app.db
    .select({ status: columns.status, version: columns.version })
    .from(binding.table)
    .where(eq(columns.id, id))) as { status: string; version: number }[];
  const [history] = await t.app.db
    .select({ n: count() })
    .from(statusHistory)
    .where(and(eq(statusHistory.entity, binding.entity), eq(statusHistory.entityId, id)));
  const [audit] = await t.app.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.entity, binding.entity), eq(auditLog.entityId, id)));
  return { ...row, history: history.n, audit: audit.n };
};

beforeAll(async () => {
  t = await createTestApp();
  headOfficeId = await t.createHeadOffice('HO-CONTRACT');
  today = isoDateIn(new Date(t.clock.now()));
  adminToken = (await t.signIn('admin', 'admin-pass-123')).accessToken;
  for (const binding of workflowBindings) {
    const name = binding.workflow.name;
    const permissions = [
      ...new Set(Object.values(binding.workflow.actions).map((action) => action.permission)),
    ];
    await t.createUser(`${name}-actor`, [binding.readPermission, ...permissions]);
    await t.createUser(`${name}-reader`, [binding.readPermission]);
    tokens[name] = {
      actor: (await t.signIn(`${name}-actor`, userPassword)).accessToken,
      reader: (await t.signIn(`${name}-reader`, userPassword)).accessToken,
    };
  }
}, 60_000);
afterAll(() => t?.close());

describe.each(workflowBindings.map((binding) => [binding.workflow.name, binding] as const))(
  'the %s workflow',
  (name, binding) => {
    const { workflow } = binding;
    const subject = () => {
      const found = subjects[name];
      if (!found) throw new Error(`No contract subject for the workflow ${name}: add one to this test.`);
      return found;
    };
    const eventFor = (action: string, id: number) =>
      workflow.eventOf(action, subject().body(action, id), today);
    const actionEvents = new Set<string>(Object.values(workflow.actions).map((entry) => entry.event));

    it('has a subject here, and statuses that are the machine’s own', () => {
      expect(subject()).toBeDefined();
      const machineStates = Object.keys(workflow.machine.root.states).sort();
      expect([...workflow.statuses].sort()).toEqual(machineStates);
    });

    it('follows every path of its machine over the user actions, walking every transition', async () => {
      const paths = everyPath(
        workflow.machine,
        () =>
          Object.keys(workflow.actions).map(
            (action) => ({ ...eventFor(action, 0), actionName: action }) as EventObject,
          ),
        (status, event) => {
          const decision = decideWorkflowEvent(workflow, status, event);
          return decision.ok ? decision.status : null;
        },
      );
      expect(paths.length).toBeGreaterThan(1);
      const walked = new Set<string>();
      const refused = new Set<string>();
      for (const path of paths) {
        const id = await (subject().start?.() ?? subject().create(path.initial));
        await subject().afterStep?.(id, path.initial);
        let status = path.initial;
        // Four-eyes: who took the last step that was not a decision (the proposal is the admin's), and the last step.
        const isDecision = subject().isDecision;
        const users = isDecision ? [adminToken, tokens[name].actor] : [tokens[name].actor];
        const other = (token: string | null) => users.find((user) => user !== token) ?? users[0];
        let asker: string | null = subject().start && isDecision ? adminToken : null;
        let last = asker;
        for (const step of path.steps) {
          const action = (step.event as { actionName?: string }).actionName;
          if (!action) throw new Error(`${step.event.type} is not a user action`);
          const decision = isDecision?.(action) ?? false;
          if (decision && asker) {
            const before = await stateOf(binding, id);
            const own = await act(binding, action, id, subject().body(action, id), asker);
            expect(own.statusCode, `${status} + ${action} by the user who asked: ${own.body}`).toBe(409);
            expect(await stateOf(binding, id), `${status} + ${action} by the user who asked`).toEqual(before);
            refused.add(`${status} --${step.event.type}-->`);
          }
          // A decision by the other user; a step by whoever did not take the last one, so both users ask.
          const token = decision ? other(asker) : other(last);
          const response = await act(binding, action, id, subject().body(action, id), token);
          if (!decision) asker = token;
          last = token;
          expect(response.statusCode, `${status} + ${action}: ${response.body}`).toBe(200);
          expect(response.json().data.status, `${status} + ${action}`).toBe(step.status);
          walked.add(`${status} --${step.event.type}--> ${step.status}`);
          status = step.status;
          await subject().afterStep?.(id, status);
        }
        expect((await stateOf(binding, id)).status).toBe(path.status);
        await subject().endPath?.(id, path.status);
      }
      // Every transition the machine has over the user actions was walked through the API.
      const reached = new Set(
        paths.flatMap((path) => [path.initial, ...path.steps.map((step) => step.status)]),
      );
      expect([...walked].sort()).toEqual(userTransitions(workflow.machine, actionEvents, reached).sort());
      // Every decision the walk took was first refused to the user who asked for it.
      const decided = [...walked].filter((transition) =>
        Object.entries(workflow.actions).some(
          ([action, entry]) => subject().isDecision?.(action) && transition.includes(`--${entry.event}-->`),
        ),
      );
      expect([...refused].sort()).toEqual(
        [...new Set(decided.map((transition) => transition.replace(/-->.*$/, '-->')))].sort(),
      );
    });

    it('accepts from every status what the machine allows, and answers 409 to the rest, changing nothing', async () => {
      for (const status of workflow.statuses) {
        for (const action of Object.keys(workflow.actions)) {
          const id = await subject().create(status);
          const before = await stateOf(binding, id);
          const decision = decideWorkflowEvent(workflow, status, eventFor(action, id));
          const response = await act(binding, action, id, subject().body(action, id), tokens[name].actor);
          const label = `${status} + ${action}`;
          if (decision.ok) {
            expect(response.statusCode, `${label}: ${response.body}`).toBe(200);
            expect(await stateOf(binding, id), label).toEqual({
              status: decision.status,
              version: before.version + 1,
              history: before.history + 1,
              audit: before.audit + 1,
            });
          } else {
            expect(response.statusCode, `${label}: ${response.body}`).toBe(409);
            expect(await stateOf(binding, id), label).toEqual(before);
          }
        }
      }
    });

    it('answers each action with the record, what it allows now and the history row it wrote: nothing to read again', async () => {
      const read = async (url: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/v1${binding.apiBase}/${url}`,
          headers: { ...t.bearer(tokens[name].actor), locale: 'en' },
        });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
        return response.json().data;
      };
      for (const action of Object.keys(workflow.actions)) {
        const status = workflow.statuses.find(
          (candidate) => decideWorkflowEvent(workflow, candidate, eventFor(action, 0)).ok,
        );
        if (!status) continue;
        const id = await subject().create(status);
        const response = await act(binding, action, id, subject().body(action, id), tokens[name].actor);
        expect(response.statusCode, `${status} + ${action}: ${response.body}`).toBe(200);
        const answer = response.json().data;
        const label = `${status} + ${action}`;
        expect(answer.record, label).toEqual(await read(String(id)));
        expect(answer.record.version, label).toBe(answer.version);
        expect(answer.allowedActions, label).toEqual((await read(`allowed-actions/${id}`)).allowedActions);
        expect(answer.history, label).toEqual((await read(`status-history/${id}`))[0]);
        expect(answer.history, label).toMatchObject({ action, fromStatus: status, toStatus: answer.status });
      }
    });

    it('refuses every action (403) to a user without its permission, changing nothing', async () => {
      for (const action of Object.keys(workflow.actions)) {
        const status = workflow.statuses.find(
          (candidate) => decideWorkflowEvent(workflow, candidate, eventFor(action, 0)).ok,
        );
        const id = await subject().create(status ?? workflow.statuses[0]);
        const before = await stateOf(binding, id);
        const response = await act(binding, action, id, subject().body(action, id), tokens[name].reader);
        expect(response.statusCode, action).toBe(403);
        expect(await stateOf(binding, id)).toEqual(before);
      }
    });
  },
);

/**
 * DESIGN.md section 4: every reject, un-accept, un-confirm, skip and send-back carries a written reason. The
 * actions are found by name in every registered workflow (a step back to pending is an un-confirm),
 * so a new one is held to it without this test changing.
 */
const stepsBackOrAside = /^(reject|un-|unconfirm|skip|back-to-pending|return-)/;

it('refuses (400, in both languages) every reject, un-accept, un-confirm and skip of every workflow without a written reason, changing nothing', async () => {
  const checked: string[] = [];
  for (const binding of workflowBindings) {
    const { workflow } = binding;
    const subject = subjects[workflow.name];
    for (const action of Object.keys(workflow.actions).filter((name) => stepsBackOrAside.test(name))) {
      checked.push(`${workflow.name} ${action}`);
      const status = workflow.statuses.find(
        (candidate) =>
          decideWorkflowEvent(workflow, candidate, workflow.eventOf(action, subject.body(action, 0), today))
            .ok,
      );
      if (!status) throw new Error(`${workflow.name} ${action}: no status allows it`);
      const id = await subject.create(status);
      const before = await stateOf(binding, id);
      const { reason: _reason, ...withoutReason } = subject.body(action, id);
      for (const [body, en, kh] of [
        [withoutReason, 'reason is required.', 'reason ត្រូវតែបំពេញ។'],
        [{ ...withoutReason, reason: ' \n\t ' }, 'reason can not be blank.', 'reason មិនអាចទទេបានទេ។'],
      ] as const) {
        for (const [locale, message] of [
          ['en', en],
          ['kh', kh],
        ] as const) {
          const response = await t.app.inject({
            method: 'PATCH',
            url: `/api/v1${binding.apiBase}/${action}/${id}`,
            headers: { ...t.bearer(tokens[workflow.name].actor), locale },
            payload: body,
          });
          const label = `${workflow.name} ${action} (${locale}) ${JSON.stringify(body)}`;
          expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
          expect(response.json().errors, label).toContain(message);
        }
      }
      expect(await stateOf(binding, id), `${workflow.name} ${action}`).toEqual(before);
    }
  }
  // The ones DESIGN.md names, in every workflow: none slipped past the name test.
  expect(checked.sort()).toEqual(
    [
      'child unconfirmed-adoption',
      'parent un-accept-parents-adoption',
      'parent reject-adoption',
      'parent return-acceptance',
      'matching reject-adoption',
      'matching skip-adoption',
      'matching reject-test',
      'matching skip-test',
      'matching un-confirm-test',
      'matching reject-warrant',
      'service reject-service',
      'service back-to-pending',
    ].sort(),
  );
});
