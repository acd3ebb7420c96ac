import { getShortestPaths } from '@xstate/graph';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import {
  adoptiveMatchings,
  auditLog,
  childInfos,
  parentInfos,
  statusHistory,
  systemSettings,
} from '../../server/db/schema';
import type { TWorkflowBinding } from '../../server/workflows/binding';
import { workflowBindings } from '../../server/workflows/registry';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { decideWorkflowEvent } from '../../src/domain/workflows/workflow';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The workflow contract (issue 12, DESIGN.md section 1): every registered workflow, walked through
 * the API. Every path of its machine over the user actions ends where the machine says; from every
 * status, every action the machine allows is accepted (status, version, one history row, one audit
 * row) and every other answers 409 and changes nothing; every action is refused (403) to a user
 * without its permission. A workflow registered without a subject here fails the test.
 */
type TSubject = {
  /** A record of the workflow in `status`, written straight to its table. */
  create: (status: string) => Promise<number>;
  /** A body every check accepts, for `action` on record `id`. */
  body: (action: string, id: number) => Record<string, unknown>;
  /** What else must hold once a path ends in `status` (a matching's child and application). */
  afterPath?: (id: number, status: string) => Promise<void>;
};

let t: TTestApp;
let today: string;
let headOfficeId: number;
let sequence = 0;
const tokens = {} as Record<string, { actor: string; reader: string }>;

const subjects: Record<string, TSubject> = {
  child: {
    create: async (status) => {
      sequence += 1;
      const [row] = await t.app.db
        .insert(childInfos)
        .values({
          code: `CH-CONTRACT-${String(sequence).padStart(6, '0')}`,
          familyNameEn: 'Contract',
          givenNameEn: `Child ${sequence}`,
          sex: 'male',
          dateOfBirth: yearsBefore(today, 3),
          headOfficeId,
          status,
        })
        .returning({ id: childInfos.id });
      return row.id;
    },
    body: (action, id) =>
      action === 'confirm-adoption'
        ? { id, date: today }
        : action === 'unconfirmed-adoption'
          ? {}
          : { date: today, reason: `Reason for ${action}` },
  },
  parent: {
    create: async (status) => {
      sequence += 1;
      const [row] = await t.app.db
        .insert(parentInfos)
        .values({
          code: `PA-CONTRACT-${String(sequence).padStart(6, '0')}`,
          applicantType: 'single',
          applicant1FamilyNameEn: 'Contract',
          applicant1GivenNameEn: `Applicant ${sequence}`,
          applicant1Sex: 'female',
          applicant1DateOfBirth: yearsBefore(today, 35),
          headOfficeId,
          applicationDate: yearsBefore(today, 1),
          status,
        })
        .returning({ id: parentInfos.id });
      return row.id;
    },
    body: (action) =>
      action === 'accept-parents-adoption'
        ? { date: today }
        : action === 'un-accept-parents-adoption'
          ? { reason: 'The home study must be done again' }
          : { date: today, reason: `Reason for ${action}` },
  },
  matching: {
    // A matching of a matched child and a matched application (as its proposal left them), so that
    // a completion or a rejection moves them too.
    create: async (status) => {
      sequence += 1;
      const [child] = await t.app.db
        .insert(childInfos)
        .values({
          code: `CH-MATCH-${String(sequence).padStart(6, '0')}`,
          familyNameEn: 'Matched',
          givenNameEn: `Child ${sequence}`,
          sex: 'female',
          dateOfBirth: yearsBefore(today, 4),
          headOfficeId,
          status: 'matched',
        })
        .returning({ id: childInfos.id });
      const [application] = await t.app.db
        .insert(parentInfos)
        .values({
          code: `PA-MATCH-${String(sequence).padStart(6, '0')}`,
          applicantType: 'single',
          applicant1FamilyNameEn: 'Matched',
          applicant1GivenNameEn: `Family ${sequence}`,
          applicant1Sex: 'female',
          applicant1DateOfBirth: yearsBefore(today, 40),
          headOfficeId,
          applicationDate: yearsBefore(today, 2),
          approvedUntil: yearsBefore(today, -1),
          status: 'matched',
        })
        .returning({ id: parentInfos.id });
      const [row] = await t.app.db
        .insert(adoptiveMatchings)
        .values({
          code: `MA-CONTRACT-${String(sequence).padStart(6, '0')}`,
          childId: child.id,
          parentId: application.id,
          headOfficeId,
          proposedDate: yearsBefore(today, 1),
          lastStepDate: yearsBefore(today, 1),
          stageEnteredOn: yearsBefore(today, 1),
          status,
        })
        .returning({ id: adoptiveMatchings.id });
      return row.id;
    },
    body: () => ({ date: today, reason: 'The family moved away', reference: 'REF-001', number: 'W-001' }),
    // Completed: both adopted; rejected: both free again; on the way: both still matched.
    afterPath: async (id, status) => {
      const [row] = await t.app.db
        .select({ child: childInfos.status, parent: parentInfos.status })
        .from(adoptiveMatchings)
        .innerJoin(childInfos, eq(childInfos.id, adoptiveMatchings.childId))
        .innerJoin(parentInfos, eq(parentInfos.id, adoptiveMatchings.parentId))
        .where(eq(adoptiveMatchings.id, id));
      const expected =
        status === 'completed'
          ? { child: 'adopted', parent: 'adopted' }
          : status === 'rejected'
            ? { child: 'adoptable', parent: 'accepted' }
            : { child: 'matched', parent: 'matched' };
      expect(row, `the child and the application after a path ending ${status}`).toEqual(expected);
    },
  },
};

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
  // Four-eyes is the matching's rule of who decides, tested on its own: here one actor walks every path.
  await t.app.db.insert(systemSettings).values({ key: 'fourEyes', value: false });
  today = isoDateIn(new Date(t.clock.now()));
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

    it('has a subject here, and statuses that are the machine’s own', () => {
      expect(subject()).toBeDefined();
      const machineStates = Object.keys(workflow.machine.root.states).sort();
      expect([...workflow.statuses].sort()).toEqual(machineStates);
    });

    it('follows every path of its machine over the user actions', async () => {
      // The machine's graph over the user actions only: system events come from other workflows.
      const actionOfEvent = new Map(
        Object.entries(workflow.actions).map(([action, entry]) => [entry.event, action]),
      );
      const paths = getShortestPaths(workflow.machine, {
        events: () =>
          Object.keys(workflow.actions).map(
            (action) => ({ ...eventFor(action, 0), actionName: action }) as EventObject,
          ),
      });
      expect(paths.length).toBeGreaterThan(1);
      for (const path of paths) {
        const initial = String(path.steps[0].state.value);
        const id = await subject().create(initial);
        for (const step of path.steps.slice(1)) {
          const action = actionOfEvent.get(step.event.type);
          if (!action) throw new Error(`${step.event.type} is not a user action`);
          const response = await act(binding, action, id, subject().body(action, id), tokens[name].actor);
          expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
          expect(response.json().data.status).toBe(String(step.state.value));
        }
        expect((await stateOf(binding, id)).status).toBe(String(path.state.value));
        await subject().afterPath?.(id, String(path.state.value));
      }
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

describe('a matching proposed and deleted through the API', () => {
  it('moves its child and its application: matched when proposed, free again when deleted', async () => {
    const admin = (await t.signIn('admin', 'admin-pass-123')).accessToken;
    sequence += 1;
    const [child] = await t.app.db
      .insert(childInfos)
      .values({
        code: `CH-PROPOSE-${sequence}`,
        familyNameEn: 'Proposed',
        givenNameEn: 'Child',
        sex: 'male',
        dateOfBirth: yearsBefore(today, 3),
        headOfficeId,
        status: 'adoptable',
      })
      .returning({ id: childInfos.id });
    const [application] = await t.app.db
      .insert(parentInfos)
      .values({
        code: `PA-PROPOSE-${sequence}`,
        applicantType: 'single',
        applicant1FamilyNameEn: 'Proposed',
        applicant1GivenNameEn: 'Family',
        applicant1Sex: 'female',
        applicant1DateOfBirth: yearsBefore(today, 38),
        headOfficeId,
        applicationDate: yearsBefore(today, 1),
        approvedUntil: yearsBefore(today, -1),
        status: 'accepted',
      })
      .returning({ id: parentInfos.id });
    const statuses = async () => {
      const [c] = await t.app.db
        .select({ s: childInfos.status })
        .from(childInfos)
        .where(eq(childInfos.id, child.id));
      const [p] = await t.app.db
        .select({ s: parentInfos.status })
        .from(parentInfos)
        .where(eq(parentInfos.id, application.id));
      return [c.s, p.s];
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/adoptive-matching',
      headers: { ...t.bearer(admin), locale: 'en' },
      payload: {
        childId: child.id,
        parentId: application.id,
        proposedDate: today,
        justification: 'Assessed',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await statuses()).toEqual(['matched', 'matched']);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/adoptive-matching/${created.json().data.id}`,
      headers: { ...t.bearer(admin), locale: 'en' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await statuses()).toEqual(['adoptable', 'accepted']);
  });
});
