import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusHistory } from '../../server/db/schema';
import { workflowBindings } from '../../server/modules/workflowBindings';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import {
  checklistDone,
  insertApplication,
  insertChild,
  insertCompletedMatching,
  insertMatching,
  insertService,
  pendingApplication,
} from './support/recordFixtures';
import { createTestApp, type TTestApp } from './testApp';

/**
 * A delete and a workflow step sent together (issue 22 item 2, DESIGN.md section 4): each reads the
 * row it judges under a row lock in its transaction, so one waits for the other and judges what the
 * other left. Never both succeed, and a step's history row never outlives its record.
 *
 * The race shows on PostgreSQL (`TEST_DATABASE_URL`), where the two requests hold two connections of
 * the pool at once; on PGlite (one connection, transactions one after the other) the test runs too
 * but cannot interleave them, so there it proves only the answers of the two orders.
 */
const rounds = 20;

let t: TTestApp;
let token: string;
let today: string;
let headOfficeId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signIn('admin', 'admin-pass-123')).accessToken;
  headOfficeId = await t.createHeadOffice('HO-RACE');
  today = isoDateIn(new Date());
});
afterAll(() => t?.close());

type TRacer = {
  /** The workflow's entity (its binding's table name). */
  entity: string;
  /** A record in the one status both the step and the delete accept. */
  create: () => Promise<number>;
  action: string;
  body: (id: number) => Record<string, unknown>;
};

const records = { prefix: 'RACE' };

const racers: Record<string, TRacer> = {
  child: {
    entity: 'child_infos',
    create: async () => (await insertChild(t.app.db, { headOfficeId, status: 'registered' }, records)).id,
    // The spec's body of this action names the child again.
    action: 'confirm-adoption',
    body: (id) => ({ id, date: today }),
  },
  application: {
    entity: 'parent_infos',
    create: async () =>
      (
        await insertApplication(
          t.app.db,
          {
            ...pendingApplication,
            headOfficeId,
            applicationDate: yearsBefore(today, 1),
            // Eligible on its checklist: one user accepts it (issue 35).
            ...checklistDone(today),
          },
          records,
        )
      ).id,
    action: 'accept-parents-adoption',
    body: () => ({ date: today }),
  },
  matching: {
    entity: 'adoptive_matchings',
    create: async () =>
      (await insertMatching(t.app.db, { headOfficeId, proposedDate: yearsBefore(today, 1) }, records)).id,
    action: 'confirm-adoption',
    body: () => ({ date: today }),
  },
  service: {
    entity: 'post_adoption_services',
    create: async () => {
      const matching = await insertCompletedMatching(t.app.db, { headOfficeId }, records);
      return (await insertService(t.app.db, matching, { plannedDate: today }, records)).id;
    },
    action: 'confirm-service',
    body: () => ({
      date: today,
      findings: { health: 'good', schooling: 'good', integration: 'good' },
    }),
  },
};

const call = (method: 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...t.bearer(token), locale: 'en' },
    ...(payload ? { payload } : {}),
  });

describe('a workflow step and a delete sent together', () => {
  for (const [name, racer] of Object.entries(racers)) {
    it(`never both succeed (${name}), and no step's history outlives its record`, async () => {
      const binding = workflowBindings.find((candidate) => candidate.entity === racer.entity);
      if (!binding) throw new Error(`no workflow of ${racer.entity}`);
      const outcomes = { step: 0, delete: 0 };
      for (let round = 0; round < rounds; round += 1) {
        const id = await racer.create();
        const [step, removed] = await Promise.all([
          call('PATCH', `${binding.apiBase}/${racer.action}/${id}`, racer.body(id)),
          call('DELETE', `${binding.apiBase}/${id}`),
        ]);
        const label = `round ${round}: step ${step.statusCode} ${step.body} / delete ${removed.statusCode} ${removed.body}`;
        // Exactly one wins: the step (the delete then finds a status it may not delete: 409) or the
        // delete (the step then finds no record: 404).
        expect([step.statusCode, removed.statusCode].sort(), label).toSatisfy(
          (codes: number[]) => `${codes}` === '200,409' || `${codes}` === '200,404',
        );
        const { columns } = binding;
        const [stored] = await t.app.db
          .select({ id: columns.id })
          .from(binding.table)
          .where(eq(columns.id, id));
        const stepRows = await t.app.db
          .select({ id: statusHistory.id })
          .from(statusHistory)
          .where(
            and(
              eq(statusHistory.entity, racer.entity),
              eq(statusHistory.entityId, id),
              eq(statusHistory.action, racer.action),
            ),
          );
        if (step.statusCode === 200) {
          outcomes.step += 1;
          expect(stored, label).toBeDefined();
          expect(stepRows, label).toHaveLength(1);
        } else {
          outcomes.delete += 1;
          expect(stored, label).toBeUndefined();
          expect(stepRows, label).toHaveLength(0);
        }
      }
      expect(outcomes.step + outcomes.delete).toBe(rounds);
    });
  }
});
