import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { loadDemoLookups } from '../../server/db/demo/demoKit';
import { seedDemo } from '../../server/db/demo/demoSeed';
import { seedDemoUsers } from '../../server/db/demo/demoUsers';
import {
  adoptiveMatchings,
  childDisabilities,
  childInfos,
  communes,
  districts,
  headOffices,
  parentInfos,
  postAdoptionServices,
  referenceItems,
  statusHistory,
  users,
  villages,
} from '../../server/db/schema';
import { serverModules } from '../../server/modules';
import {
  demoCode,
  demoCodePrefix,
  planDemoChildren,
  seedDemoData,
} from '../../server/modules/children/demoChildren';
import { dashboardChangesLimit } from '../../server/modules/dashboard/dashboardCounts';
import {
  demoMatchingNote,
  seedDemoMatchings,
  seedDemoServices,
  seedPastAdoption,
} from '../../server/modules/matchings/demoMatchings';
import { seedDemoApplications } from '../../server/modules/parents/demoParents';
import { addMonths } from '../../src/domain/addMonths';
import { childArea } from '../../src/domain/areas/child.area';
import { parentArea } from '../../src/domain/areas/parent.area';
import { applyChildEvent, type TChildEvent, type TChildStatus } from '../../src/domain/childStatus';
import { needsJustification, type TCompatibilityCheck } from '../../src/domain/compatibility';
import type { TDashboard } from '../../src/domain/dashboard';
import { matchingStageNames, matchingStageOf, stageTiming } from '../../src/domain/matchingStage';
import { isoDateIn } from '../../src/domain/programmeTime';
import type { TReportAnswer } from '../../src/domain/reports/reportAnswer';
import { childReportCatalogue, parentReportCatalogue } from '../../src/domain/reports/reportCatalogue';
import { hasWholeName, isNewChildBirthDate } from '../../src/domain/resources/child';
import { followUpPlan, serviceDueState } from '../../src/domain/serviceSchedule';
import { systemSettingDefaults } from '../../src/domain/systemSettings';
import {
  matchingStatuses,
  matchingWorkflowActions,
  type TMatchingActionName,
} from '../../src/domain/workflows/matching.workflow';
import { hasConcern } from '../../src/domain/workflows/service.workflow';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A fixed instant: 10:00 in Phnom Penh on 15 March 2026. */
const now = new Date('2026-03-15T03:00:00Z');
const today = '2026-03-15';
const children = 300;

const demoChildren = () =>
  t.app.db
    .select()
    .from(childInfos)
    .where(like(childInfos.code, `${demoCodePrefix}%`))
    .orderBy(asc(childInfos.code));

describe('seedDemoData', () => {
  it('adds the children asked for, and nothing on a second run', async () => {
    const first = await seedDemoData(t.app.db, { children, now });
    expect(first.inserted).toBe(children);
    expect(first.existing).toBe(0);
    const before = await demoChildren();
    expect(before).toHaveLength(children);
    expect(before[0].code).toBe(demoCode(1));
    expect(before.at(-1)?.code).toBe('DEMO-000300');
    const historyBefore = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(statusHistory);
    const disabilitiesBefore = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(childDisabilities);

    // A second run on another day: the children already there stay exactly as they were.
    const second = await seedDemoData(t.app.db, { children, now: new Date('2026-09-01T03:00:00Z') });
    expect(second).toMatchObject({ inserted: 0, existing: children, historyRows: 0, disabilityRows: 0 });
    expect(await demoChildren()).toEqual(before);
    expect(await t.app.db.select({ n: sql<number>`count(*)::int` }).from(statusHistory)).toEqual(
      historyBefore,
    );
    expect(await t.app.db.select({ n: sql<number>`count(*)::int` }).from(childDisabilities)).toEqual(
      disabilitiesBefore,
    );
    expect(first.historyRows).toBe(historyBefore[0].n);
    expect(first.disabilityRows).toBe(disabilitiesBefore[0].n);
  });

  it('plans the same children every time, without Math.random', async () => {
    const lookups = await loadDemoLookups(t.app.db);
    const random = vi.spyOn(Math, 'random');
    try {
      const once = planDemoChildren(lookups, { children: 50, now });
      expect(planDemoChildren(lookups, { children: 50, now })).toEqual(once);
      // Child n does not depend on how many are planned: a bigger run keeps the first ones.
      expect(planDemoChildren(lookups, { children: 80, now }).slice(0, 50)).toEqual(once);
      expect(random).not.toHaveBeenCalled();
    } finally {
      random.mockRestore();
    }
    // And the stored rows are the plan.
    const stored = await demoChildren();
    const planned = planDemoChildren(lookups, { children, now });
    expect(stored.map((row) => [row.code, row.givenNameKh, row.dateOfBirth, row.status])).toEqual(
      planned.map(({ row }) => [row.code, row.givenNameKh, row.dateOfBirth, row.status]),
    );
  });

  it('gives every child a whole name, an age under 18 and an admission after birth', async () => {
    const rows = await demoChildren();
    for (const row of rows) {
      expect(
        hasWholeName({
          familyNameKh: row.familyNameKh ?? undefined,
          givenNameKh: row.givenNameKh ?? undefined,
          familyNameEn: row.familyNameEn ?? undefined,
          givenNameEn: row.givenNameEn ?? undefined,
        }),
        row.code,
      ).toBe(true);
      expect(row.familyNameKh && row.givenNameKh, row.code).toBeTruthy();
      expect(isNewChildBirthDate(row.dateOfBirth, today), `${row.code} ${row.dateOfBirth}`).toBe(true);
      expect(row.admittedOn && row.admittedOn >= row.dateOfBirth && row.admittedOn <= today, row.code).toBe(
        true,
      );
    }
    const latin = rows.filter((row) => row.familyNameEn && row.givenNameEn).length;
    // Mostly both scripts; some Khmer only.
    expect(latin).toBeGreaterThan(children * 0.85);
    expect(latin).toBeLessThan(children);
    expect(rows.filter((row) => /[\u1780-\u17ff]/.test(row.givenNameKh ?? '')).length).toBe(children);
    expect(new Set(rows.map((row) => row.sex))).toEqual(new Set(['male', 'female']));
    const estimated = rows.filter((row) => row.dateOfBirthEstimated).length;
    expect(estimated).toBeGreaterThan(children * 0.03);
    expect(estimated).toBeLessThan(children * 0.2);
    // Ages spread: babies and teenagers both.
    const years = new Set(rows.map((row) => Number(today.slice(0, 4)) - Number(row.dateOfBirth.slice(0, 4))));
    expect(years.size).toBeGreaterThanOrEqual(15);
  });

  it('spreads statuses, each with the history the child machine allows', async () => {
    const rows = await demoChildren();
    const history = await t.app.db
      .select()
      .from(statusHistory)
      .orderBy(asc(statusHistory.at), asc(statusHistory.id));
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(4);
    expect(counts.get('registered')).toBeGreaterThan(children * 0.3);
    expect(counts.get('adoptable')).toBeGreaterThan(children * 0.15);
    expect(counts.get('longTerm')).toBeGreaterThan(0);
    expect(counts.get('international')).toBeGreaterThan(0);

    let reAdopted = 0;
    for (const row of rows) {
      const own = history.filter((entry) => entry.entity === 'child_infos' && entry.entityId === row.id);
      // Replaying the rows through the machine from `registered` ends at the child's status.
      let status: TChildStatus = 'registered';
      for (const entry of own) {
        expect(entry.fromStatus).toBe(status);
        const payload = entry.payload as { date: string; reason?: string };
        expect(payload.date >= (row.admittedOn ?? '') && payload.date <= today, row.code).toBe(true);
        expect(entry.at.getTime()).toBeLessThanOrEqual(now.getTime());
        const type = {
          'confirm-adoption': 'CONFIRM_ADOPTION',
          'long-term': 'LONG_TERM',
          international: 'INTERNATIONAL',
          're-adoption': 'RE_ADOPTION',
        }[entry.action];
        expect(type, entry.action).toBeDefined();
        const result = applyChildEvent(status, { type, ...payload, today } as TChildEvent);
        expect(result).toEqual({ ok: true, status: entry.toStatus });
        status = entry.toStatus as TChildStatus;
      }
      expect(status, row.code).toBe(row.status);
      if (row.status === 'adoptable') {
        expect(own).toHaveLength(1);
        expect(row.adoptionConfirmedOn).toBe((own[0].payload as { date: string }).date);
      } else {
        expect(row.adoptionConfirmedOn).toBeNull();
      }
      if (row.status === 'registered' && own.length > 0) {
        expect(own.map((entry) => entry.action)).toEqual([expect.any(String), 're-adoption']);
        reAdopted += 1;
      }
      if (row.status === 'longTerm' || row.status === 'international') {
        expect(own.map((entry) => (entry.payload as { reason?: string }).reason?.length)).toEqual([
          expect.any(Number),
        ]);
      }
    }
    expect(reAdopted).toBeGreaterThan(0);
  });

  it('places children in consistent birth places and head offices, with reference values', async () => {
    const rows = await demoChildren();
    const districtRows = await t.app.db.select().from(districts);
    const communeRows = await t.app.db.select().from(communes);
    const villageRows = await t.app.db.select().from(villages);
    const offices = await t.app.db.select().from(headOffices);
    const items = await t.app.db.select().from(referenceItems);
    const listOf = (id: number | null) => items.find((item) => item.id === id)?.list;
    let withDistrict = 0;
    let withVillage = 0;
    const provinces = new Set<number>();
    for (const row of rows) {
      expect(row.birthProvinceId, row.code).not.toBeNull();
      provinces.add(row.birthProvinceId as number);
      if (row.birthDistrictId) {
        withDistrict += 1;
        expect(districtRows.find((d) => d.id === row.birthDistrictId)?.provinceId).toBe(row.birthProvinceId);
      } else {
        expect(row.birthCommuneId).toBeNull();
      }
      if (row.birthCommuneId) {
        expect(communeRows.find((c) => c.id === row.birthCommuneId)?.districtId).toBe(row.birthDistrictId);
      } else {
        expect(row.birthVillageId).toBeNull();
      }
      if (row.birthVillageId) {
        withVillage += 1;
        expect(villageRows.find((v) => v.id === row.birthVillageId)?.communeId).toBe(row.birthCommuneId);
      }
      const office = offices.find((o) => o.id === row.headOfficeId);
      expect(office, row.code).toBeDefined();
      if (office?.class === 'provincial') expect(office.provinceId).toBe(row.birthProvinceId);
      if (row.keepingReasonId) expect(listOf(row.keepingReasonId)).toBe('keeping_reasons');
      expect(listOf(row.livingWithId)).toBe('living_with');
      expect(listOf(row.familyTypeId)).toBe('family_types');
      expect(listOf(row.healthStatusId)).toBe('health_status');
    }
    expect(provinces.size).toBeGreaterThanOrEqual(15);
    expect(withDistrict).toBeGreaterThan(children * 0.2);
    expect(withVillage).toBeGreaterThan(0);
    expect(rows.filter((row) => row.notes).length).toBeGreaterThan(children * 0.2);

    const disabilities = await t.app.db.select().from(childDisabilities);
    for (const entry of disabilities) expect(listOf(entry.disabilityId)).toBe('child_disabilities');
    const disabled = new Set(disabilities.map((entry) => entry.childId)).size;
    expect(disabled).toBeGreaterThan(children * 0.04);
    expect(disabled).toBeLessThan(children * 0.2);
  });
});

describe('seedDemoUsers', () => {
  it('upserts the demo users, who sign in with the demo password and hold their role', async () => {
    const passwordHash = await hashPassword('demo-pass-test');
    const first = await seedDemoUsers(t.app.db, { passwordHash });
    const second = await seedDemoUsers(t.app.db, { passwordHash });
    expect(second).toEqual(first);
    const count = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(like(users.username, 'demo.%'));
    expect(count[0].n).toBe(4);
    const [caseworker] = await t.app.db.select().from(users).where(eq(users.username, 'demo.caseworker'));
    expect(caseworker.organizationId).not.toBeNull();
    expect(caseworker.departmentId).not.toBeNull();
    expect(caseworker.positionId).not.toBeNull();
    expect(caseworker.headOfficeId).not.toBeNull();

    // demo.province keeps the records of Battambang's provincial office only (DESIGN.md section 7).
    const [province] = await t.app.db
      .select({ office: headOffices.code, class: headOffices.class })
      .from(users)
      .innerJoin(headOffices, eq(headOffices.id, users.headOfficeId))
      .where(eq(users.username, 'demo.province'));
    expect(province).toEqual({ office: 'HO-02', class: 'provincial' });

    const viewer = await t.signIn('demo.viewer', 'demo-pass-test');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/info',
      headers: t.bearer(viewer.accessToken),
    });
    expect(me.statusCode).toBe(200);
    const permissions: string[] = me.json().data.permissions;
    expect(permissions).toContain('adoptive_children:read');
    expect(permissions).not.toContain('adoptive_children:update');
  });
});

describe('seedDemoMatchings', () => {
  it('lets demo.caseworker take the steps of a matching and demo.supervisor also decide', async () => {
    await seedDemoUsers(t.app.db, { passwordHash: await hashPassword('demo-pass-123') });
    const permissionsOf = async (username: string) => {
      const { accessToken } = await t.signIn(username, 'demo-pass-123');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/info',
        headers: t.bearer(accessToken),
      });
      return me.json().data.permissions as string[];
    };
    const steps = ['matchings:read', 'matchings:write', 'matchings:update'];
    const caseworker = await permissionsOf('demo.caseworker');
    expect(caseworker).toEqual(expect.arrayContaining(steps));
    expect(caseworker).not.toContain('matchings:approve');
    expect(await permissionsOf('demo.supervisor')).toEqual(
      expect.arrayContaining([...steps, 'matchings:approve']),
    );
  });

  it('adds matchings in every status and every rejection, consistent with their children and families, once', async () => {
    const ids = await seedDemoUsers(t.app.db, { passwordHash: await hashPassword('demo-pass-123') });
    await seedDemoApplications(t.app.db, { now, actorId: ids.get('demo.caseworker') ?? null });
    const who = {
      now,
      caseworkerId: ids.get('demo.caseworker') ?? null,
      supervisorId: ids.get('demo.supervisor') ?? null,
    };
    // No application is matched or adopted without a matching: those come from the matchings.
    const before = await t.app.db
      .select({ status: parentInfos.status })
      .from(parentInfos)
      .where(like(parentInfos.code, 'DEMO-PA-%'));
    expect(before.filter((row) => ['matched', 'adopted'].includes(row.status))).toEqual([]);

    const first = await seedDemoMatchings(t.app.db, who);
    expect(first.inserted).toBeGreaterThanOrEqual(30);
    const rows = await t.app.db
      .select({
        matching: adoptiveMatchings,
        child: childInfos.status,
        childConfirmed: childInfos.adoptionConfirmedOn,
        parent: parentInfos.status,
        parentDecided: parentInfos.decisionDate,
      })
      .from(adoptiveMatchings)
      .innerJoin(childInfos, eq(childInfos.id, adoptiveMatchings.childId))
      .innerJoin(parentInfos, eq(parentInfos.id, adoptiveMatchings.parentId))
      .where(like(adoptiveMatchings.notes, `${demoMatchingNote}%`))
      .orderBy(asc(adoptiveMatchings.id));
    expect(rows).toHaveLength(first.inserted);
    // Several in each status of the machine.
    for (const status of matchingStatuses)
      expect(rows.filter((row) => row.matching.status === status).length, status).toBeGreaterThanOrEqual(2);

    const history = await t.app.db
      .select()
      .from(statusHistory)
      .where(eq(statusHistory.entity, 'adoptive_matchings'))
      .orderBy(asc(statusHistory.at), asc(statusHistory.id));
    const rejections: string[] = [];
    for (const { matching, ...row } of rows) {
      const label = `${matching.code} ${matching.status}`;
      // The child and the family follow their matching, and were free for it on its day.
      const expected =
        matching.status === 'completed'
          ? ['adopted', 'adopted']
          : matching.status === 'rejected'
            ? ['adoptable', 'accepted']
            : ['matched', 'matched'];
      expect([row.child, row.parent], label).toEqual(expected);
      expect(row.childConfirmed ?? '', label).not.toBe('');
      expect((row.childConfirmed ?? '') <= matching.proposedDate, label).toBe(true);
      expect((row.parentDecided ?? '') <= matching.proposedDate, label).toBe(true);
      // The compatibility found that day, and a justification only where it asks for one.
      expect(matching.compatibility.length, label).toBeGreaterThan(0);
      expect(Boolean(matching.justification), label).toBe(
        needsJustification(matching.compatibility as unknown as TCompatibilityCheck[]),
      );
      // A history row for every step, one after the other, ending in the matching's status; the
      // caseworker takes the steps, the supervisor the decisions (never the step's own taker).
      const steps = history.filter((entry) => entry.entityId === matching.id);
      expect(steps[0], label).toMatchObject({
        action: 'propose',
        toStatus: 'proposed',
        userId: who.caseworkerId,
      });
      let day = matching.proposedDate;
      for (let i = 1; i < steps.length; i += 1) {
        const action = steps[i].action as TMatchingActionName;
        expect(steps[i].fromStatus, label).toBe(steps[i - 1].toStatus);
        // Dated steps follow each other and stay in the past.
        const date = (steps[i].payload as { date?: string } | null)?.date;
        if (date) {
          expect(date >= day && date <= today, `${label} ${action} ${date}`).toBe(true);
          day = date;
        }
        const decision = matchingWorkflowActions[action].permission === 'matchings:approve';
        expect(steps[i].userId, `${label} ${action}`).toBe(decision ? who.supervisorId : who.caseworkerId);
      }
      const last = steps.at(-1);
      expect(last?.toStatus, label).toBe(matching.status);
      // Dates and references as the workflow writes them.
      expect(matching.lastStepDate >= matching.proposedDate, label).toBe(true);
      if (matching.status === 'rejected') {
        rejections.push(last?.action ?? '');
        expect(matching.rejectedOn, label).toBe(matching.lastStepDate);
        expect(matching.rejectionReason, label).toBeTruthy();
      }
      if (matching.status === 'completed') expect(matching.completedOn, label).toBe(matching.lastStepDate);
      if (['warranted', 'keepRequested', 'completed'].includes(matching.status)) {
        expect(matching.warrantNumber, label).toBeTruthy();
        expect(matching.warrantReference, label).toBeTruthy();
      }
      if (['testing', 'testPending', 'testConfirmed'].includes(matching.status))
        expect(matching.trialStart, label).toBeTruthy();
      // The child's and the family's own histories say they were matched (and how it ended).
      for (const [entity, id] of [
        ['child_infos', matching.childId],
        ['parent_infos', matching.parentId],
      ] as const) {
        const own = (
          await t.app.db
            .select({ action: statusHistory.action, toStatus: statusHistory.toStatus })
            .from(statusHistory)
            .where(and(eq(statusHistory.entity, entity), eq(statusHistory.entityId, id)))
            .orderBy(asc(statusHistory.at), asc(statusHistory.id))
        ).map((entry) => entry.action);
        expect(own, `${label} ${entity}`).toContain('MATCHED');
        if (matching.status === 'completed') expect(own.at(-1), label).toBe('MATCHING_COMPLETED');
        if (matching.status === 'rejected') expect(own.at(-1), label).toBe('MATCHING_REJECTED');
      }
    }
    // A rejection at every stage, twice; the trial skipped both ways and once un-confirmed.
    for (const action of ['reject-adoption', 'reject-test', 'reject-warrant'])
      expect(rejections.filter((entry) => entry === action).length, action).toBeGreaterThanOrEqual(2);
    const actions = new Set(history.map((entry) => entry.action));
    for (const action of ['skip-adoption', 'skip-test', 'un-confirm-test']) expect(actions).toContain(action);
    // Some are past their stage's expected days, in each of several stages.
    const overdue = rows.filter(
      ({ matching }) =>
        stageTiming(matching.status, matching.stageEnteredOn, today, systemSettingDefaults.stageExpectedDays)
          ?.overdue,
    );
    expect(
      new Set(overdue.map(({ matching }) => matchingStageOf(matching.status))).size,
    ).toBeGreaterThanOrEqual(4);
    // Children and families stay free for new matchings.
    const [free] = await t.app.db
      .select({
        children: sql<number>`(select count(*)::int from ${childInfos} where ${childInfos.status} = 'adoptable')`,
        families: sql<number>`(select count(*)::int from ${parentInfos} where ${parentInfos.status} = 'accepted' and ${parentInfos.approvedUntil} >= ${today})`,
      })
      .from(sql`(select 1) as one`);
    expect(free.children).toBeGreaterThanOrEqual(5);
    expect(free.families).toBeGreaterThanOrEqual(5);

    // A second run adds nothing.
    const counted = async () =>
      (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(statusHistory))[0].n;
    const historyBefore = await counted();
    expect(await seedDemoMatchings(t.app.db, who)).toEqual({ inserted: 0, existing: true });
    expect(await counted()).toBe(historyBefore);
    const [{ n: matchingsAfter }] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(adoptiveMatchings);
    expect(matchingsAfter).toBe(rows.length);
  });
});

describe('the demo services after adoption', () => {
  it('lets demo.caseworker and demo.supervisor read, add and record follow-ups', async () => {
    for (const username of ['demo.caseworker', 'demo.supervisor']) {
      const { accessToken } = await t.signIn(username, 'demo-pass-123');
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/info',
        headers: t.bearer(accessToken),
      });
      expect(me.json().data.permissions, username).toEqual(
        expect.arrayContaining(
          ['read', 'write', 'update'].map((action) => `post_adoption_services:${action}`),
        ),
      );
    }
  });

  it('follows every completed demo adoption: given, with a concern, refused, due soon and overdue, once', async () => {
    const [caseworker] = await t.app.db.select().from(users).where(eq(users.username, 'demo.caseworker'));
    const [supervisor] = await t.app.db.select().from(users).where(eq(users.username, 'demo.supervisor'));
    const completed = await t.app.db
      .select()
      .from(adoptiveMatchings)
      .where(
        and(like(adoptiveMatchings.notes, `${demoMatchingNote}%`), eq(adoptiveMatchings.status, 'completed')),
      )
      .orderBy(asc(adoptiveMatchings.id));
    // The adoptions completed long enough ago for their first visits to be past (4, 7, 13 months).
    expect(completed.length).toBeGreaterThanOrEqual(6);
    expect(completed.filter((matching) => (matching.completedOn ?? '') < addMonths(today, -12))).not.toEqual(
      [],
    );
    const services = await t.app.db
      .select()
      .from(postAdoptionServices)
      .orderBy(asc(postAdoptionServices.plannedDate), asc(postAdoptionServices.id));
    const history = await t.app.db
      .select()
      .from(statusHistory)
      .where(eq(statusHistory.entity, 'post_adoption_services'))
      .orderBy(asc(statusHistory.at), asc(statusHistory.id));
    for (const matching of completed) {
      const own = services.filter((service) => service.matchingId === matching.id);
      // The schedule as the completion made it: the default plan from the keep approval's day, by
      // the matching's caseworker, in its office.
      expect(
        own.map((service) => ({ serviceType: service.serviceType, plannedDate: service.plannedDate })),
        matching.code,
      ).toEqual(followUpPlan(matching.completedOn ?? '', systemSettingDefaults.followUpSchedule));
      for (const service of own) {
        expect(service, matching.code).toMatchObject({
          childId: matching.childId,
          headOfficeId: matching.headOfficeId,
          adoptedOn: matching.completedOn,
          officerId: caseworker.id,
          origin: 'schedule',
        });
        const steps = history.filter((entry) => entry.entityId === service.id);
        expect(steps[0], service.code).toMatchObject({
          action: 'schedule',
          toStatus: 'pending',
          userId: supervisor.id,
        });
        expect(steps.at(-1)?.toStatus, service.code).toBe(service.status);
        if (service.status === 'pending') continue;
        // Given (or refused) by its officer, after its planned day and not after today.
        expect(steps.at(-1)?.userId, service.code).toBe(caseworker.id);
        expect(service.decisionDate && service.decisionDate >= service.plannedDate, service.code).toBe(true);
        expect((service.decisionDate ?? '') <= today, service.code).toBe(true);
        if (service.status === 'confirmed') {
          expect(service.actualDate, service.code).toBe(service.decisionDate);
          expect(service.concern, service.code).toBe(hasConcern(service.findings));
        } else expect(service.decisionReason, service.code).toBeTruthy();
      }
    }
    expect(
      services.every((service) => completed.some((matching) => matching.id === service.matchingId)),
    ).toBe(true);
    const states = services.map((service) =>
      serviceDueState(service, today, systemSettingDefaults.serviceDueSoonDays),
    );
    expect(states.filter((state) => state === 'overdue').length).toBeGreaterThanOrEqual(2);
    expect(states.filter((state) => state === 'dueSoon').length).toBeGreaterThanOrEqual(1);
    const confirmed = services.filter((service) => service.status === 'confirmed');
    expect(confirmed.length).toBeGreaterThanOrEqual(3);
    expect(confirmed.filter((service) => service.concern)).toHaveLength(1);
    expect(services.filter((service) => service.status === 'rejected')).toHaveLength(1);
    // demo.caseworker gives several in their own office, which they see.
    const theirs = services.filter(
      (service) => service.officerId === caseworker.id && service.headOfficeId === caseworker.headOfficeId,
    );
    expect(theirs.length).toBeGreaterThanOrEqual(8);
    expect(theirs.some((service) => service.status === 'confirmed')).toBe(true);

    // A second run adds nothing.
    const ids = { caseworkerId: caseworker.id, supervisorId: supervisor.id };
    expect(await seedDemoMatchings(t.app.db, { now, ...ids })).toEqual({ inserted: 0, existing: true });
    expect((await seedDemoServices(t.app.db, ids)).inserted).toBe(0);
    expect(
      await t.app.db
        .select()
        .from(postAdoptionServices)
        .orderBy(asc(postAdoptionServices.plannedDate), asc(postAdoptionServices.id)),
    ).toEqual(services);

    // A demo adoption left without follow-ups (a database seeded before them) gets its schedule, once.
    const first = completed.find((matching) =>
      services.every((service) => service.matchingId !== matching.id || service.status === 'pending'),
    );
    if (!first) throw new Error('no completed demo matching with only pending follow-ups');
    await t.app.db.delete(postAdoptionServices).where(eq(postAdoptionServices.matchingId, first.id));
    const backfilled = await seedDemoServices(t.app.db, ids);
    expect(backfilled.inserted).toBe(systemSettingDefaults.followUpSchedule.length);
    // It tells what the demo's follow-ups hold now: the same as before.
    expect(backfilled.byStatus).toEqual(
      ['confirmed', 'pending', 'rejected'].map((status) => ({
        status,
        count: services.filter((service) => service.status === status).length,
      })),
    );
    const planned = await t.app.db
      .select()
      .from(postAdoptionServices)
      .where(eq(postAdoptionServices.matchingId, first.id))
      .orderBy(asc(postAdoptionServices.plannedDate));
    expect(planned.map((service) => [service.plannedDate, service.status, service.officerId])).toEqual(
      followUpPlan(first.completedOn ?? '', systemSettingDefaults.followUpSchedule).map((entry) => [
        entry.plannedDate,
        'pending',
        caseworker.id,
      ]),
    );
    expect((await seedDemoServices(t.app.db, ids)).inserted).toBe(0);
  });
});

describe('the demo as npm run seed:demo makes it today (issue 22 item 11)', () => {
  let demo: TTestApp;
  beforeAll(async () => {
    demo = await createTestApp();
    // As scripts/seed-demo.ts runs it (every module's demo seeder): everything dated from the run day.
    const userIds = await seedDemoUsers(demo.app.db, { passwordHash: await hashPassword('demo-pass-123') });
    await seedDemo(demo.app.db, serverModules, { now: new Date(demo.clock.now()), userIds });
  }, 120_000);
  afterAll(() => demo?.close());

  const officeOf = async (username: string) => {
    const [row] = await demo.app.db
      .select({ office: users.headOfficeId })
      .from(users)
      .where(eq(users.username, username));
    return row.office as number;
  };

  it("lets demo.caseworker propose a matching: their office's adoptable children and families are candidates", async () => {
    const { accessToken } = await demo.signIn('demo.caseworker', 'demo-pass-123');
    const candidates = async (url: string) => {
      const response = await demo.app.inject({ method: 'GET', url, headers: demo.bearer(accessToken) });
      expect(response.statusCode, url).toBe(200);
      return response.json().data as { id: number }[];
    };
    const children = await candidates('/api/v1/adoptive-matching/adoptive-childs');
    const families = await candidates('/api/v1/adoptive-matching/adoptive-parents');
    expect(children.length).toBeGreaterThanOrEqual(3);
    expect(families.length).toBeGreaterThanOrEqual(3);
    // With a family chosen, the children come with their compatibility.
    const withFamily = await candidates(
      `/api/v1/adoptive-matching/adoptive-childs?parentId=${families[0].id}`,
    );
    expect(withFamily.length).toBe(children.length);
  });

  it('leaves applications for the supervisor to decide, and approvals expired and expiring as of today', async () => {
    const today = isoDateIn(new Date(demo.clock.now()));
    const in30Days = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    const office = await officeOf('demo.caseworker');
    const applications = await demo.app.db
      .select({
        status: parentInfos.status,
        until: parentInfos.approvedUntil,
        office: parentInfos.headOfficeId,
      })
      .from(parentInfos)
      .where(like(parentInfos.code, 'DEMO-PA-%'));
    const own = applications.filter((row) => row.office === office);
    const accepted = own.filter((row) => row.status === 'accepted');
    // In the caseworker's office: some waiting for a decision, some approved and holding, some
    // expired, some expiring within 30 days: all relative to the run day.
    expect(own.filter((row) => row.status === 'pending').length).toBeGreaterThanOrEqual(3);
    expect(accepted.filter((row) => (row.until ?? '') < today).length).toBeGreaterThanOrEqual(2);
    expect(
      accepted.filter((row) => (row.until ?? '') >= today && (row.until ?? '') <= in30Days).length,
    ).toBeGreaterThanOrEqual(2);
    expect(accepted.filter((row) => (row.until ?? '') > in30Days).length).toBeGreaterThanOrEqual(3);

    // The supervisor (the whole country) sees pending applications to accept.
    const { accessToken } = await demo.signIn('demo.supervisor', 'demo-pass-123');
    const list = await demo.app.inject({
      method: 'GET',
      url: '/api/v1/parent-infos?take=100&status=pending',
      headers: demo.bearer(accessToken),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().paginateMeta.itemCount).toBeGreaterThanOrEqual(5);
  });
  /** A report's answer as the administrator gets it: its keys, the zero ones, the provinces with records, each series' non-zero months. */
  const reportZeros = async (url: string) => {
    const { accessToken } = await demo.signIn('admin', adminPassword);
    const response = await demo.app.inject({ method: 'GET', url, headers: demo.bearer(accessToken) });
    expect(response.statusCode, url).toBe(200);
    const { indicators, breakdowns, series } = response.json().data as TReportAnswer['data'];
    return {
      keys: indicators.map((indicator) => indicator.key),
      zeros: indicators.filter((indicator) => indicator.value === 0).map((indicator) => indicator.key),
      provinces: breakdowns.province.filter((row) => Object.values(row.values).some((value) => value > 0)),
      // For each series, the months it is not zero.
      months: Object.fromEntries(
        Object.keys(series[0]?.values ?? {}).map((key) => [
          key,
          series.filter((month) => (month.values[key] ?? 0) > 0).map((month) => month.month),
        ]),
      ),
    };
  };

  it("gives every indicator of the children's report a value (issue 24), over several provinces and months", async () => {
    const report = await reportZeros('/api/v1/reports/children');
    expect(report.keys).toEqual(childReportCatalogue.map((entry) => entry.key));
    expect(report.zeros).toEqual([]);
    expect(report.provinces.length).toBeGreaterThan(1);
    expect(Object.keys(report.months)).toEqual(['adoptedInPeriod', 'servicesGiven']);
    for (const [key, months] of Object.entries(report.months))
      expect(months.length, key).toBeGreaterThanOrEqual(3);
  });

  it("gives the children's report believable waits (issue 35): months from care to moving in, not years", async () => {
    const { accessToken } = await demo.signIn('admin', adminPassword);
    const response = await demo.app.inject({
      method: 'GET',
      url: '/api/v1/reports/children',
      headers: demo.bearer(accessToken),
    });
    const value = (key: string) =>
      (response.json().data as TReportAnswer['data']).indicators.find((indicator) => indicator.key === key)
        ?.value ?? 0;
    // It read 2,927 days (8 years) when admissions fell anywhere since birth.
    expect(value('avgDaysCareToPlacement')).toBeGreaterThan(30);
    expect(value('avgDaysCareToPlacement')).toBeLessThan(365);
    expect(value('avgDaysAdoptableToMatched')).toBeLessThan(200);
    // Every demo child was taken into care within the last three years.
    const today = isoDateIn(new Date(demo.clock.now()));
    const admitted = await demo.app.db
      .select({ code: childInfos.code, admittedOn: childInfos.admittedOn })
      .from(childInfos)
      .where(like(childInfos.code, 'DEMO-%'));
    for (const row of admitted)
      expect((row.admittedOn ?? '') >= addMonths(today, -36), `${row.code} ${row.admittedOn}`).toBe(true);
  });

  it("gives every indicator of the parents' report a value (issue 24), over several provinces and months", async () => {
    const report = await reportZeros('/api/v1/reports/parents');
    expect(report.keys).toEqual(parentReportCatalogue.map((entry) => entry.key));
    expect(report.zeros).toEqual([]);
    expect(report.provinces.length).toBeGreaterThan(1);
    expect(report.months.applicationsReceived.length).toBeGreaterThanOrEqual(6);
  });

  it("gives every figure of the administrator's dashboard a value, and ten changes", async () => {
    const { accessToken } = await demo.signIn('admin', adminPassword);
    const response = await demo.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard',
      headers: demo.bearer(accessToken),
    });
    expect(response.statusCode).toBe(200);
    const { workQueue, children, matchings, services, applications, changes } = (
      response.json() as TDashboard
    ).data;
    const figures: (readonly [string, number | undefined])[] = [
      ['workQueue', workQueue?.total],
      ...(children?.byStatus ?? []).map((figure) => [`children.${figure.key}`, figure.value] as const),
      ...(matchings?.byStage ?? []).flatMap(
        (figure) =>
          [
            [`matchings.${figure.key}`, figure.value],
            [`matchings.${figure.key}.overdue`, figure.overdue.value],
          ] as const,
      ),
      ['services.dueSoon', services?.dueSoon.value],
      ['services.overdue', services?.overdue.value],
      ...(applications?.byStatus ?? []).map(
        (figure) => [`applications.${figure.key}`, figure.value] as const,
      ),
      ['applications.approvalsExpiring', applications?.approvalsExpiring.value],
      ['applications.approvalsExpired', applications?.approvalsExpired.value],
    ];
    // Every card is there, with every status and stage.
    expect(figures).toHaveLength(
      1 +
        Object.keys(childArea.statuses).length +
        2 * matchingStageNames.length +
        2 +
        Object.keys(parentArea.statuses).length +
        2,
    );
    expect(figures.filter(([, value]) => !value).map(([key]) => key)).toEqual([]);
    expect(changes).toHaveLength(dashboardChangesLimit);
  });
});

describe('seedPastAdoption', () => {
  it('completes an adoption of the caseworker’s office in the past, its steps dated in order, its first visit overdue; once', async () => {
    const [caseworker] = await t.app.db.select().from(users).where(eq(users.username, 'demo.caseworker'));
    const [supervisor] = await t.app.db.select().from(users).where(eq(users.username, 'demo.supervisor'));
    const options = {
      now,
      caseworkerId: caseworker.id,
      supervisorId: supervisor.id,
      completedDaysAgo: 100,
      note: 'Test: an adoption completed 100 days ago',
    };
    const first = await seedPastAdoption(t.app.db, options);
    expect(first.inserted).toBe(true);
    const [matching] = await t.app.db
      .select()
      .from(adoptiveMatchings)
      .where(eq(adoptiveMatchings.id, first.matching?.id ?? 0));
    expect(matching).toMatchObject({
      status: 'completed',
      completedOn: '2025-12-05',
      createdBy: caseworker.id,
      headOfficeId: caseworker.headOfficeId,
      notes: options.note,
    });
    const [child] = await t.app.db.select().from(childInfos).where(eq(childInfos.id, matching.childId));
    const [family] = await t.app.db.select().from(parentInfos).where(eq(parentInfos.id, matching.parentId));
    expect([child.status, family.status]).toEqual(['adopted', 'adopted']);
    // Every step on or after the day of the one before (the day it carries, else the day taken).
    const steps = await t.app.db
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.entity, 'adoptive_matchings'), eq(statusHistory.entityId, matching.id)))
      .orderBy(asc(statusHistory.at), asc(statusHistory.id));
    const days = steps.map(
      (step) =>
        ((step.payload as { date?: string } | null)?.date ?? step.at.toISOString().slice(0, 10)) as string,
    );
    expect(days).toEqual([...days].sort());
    expect(days.at(-1)).toBe('2025-12-05');
    // Its follow-ups: the first home visit (3 months) overdue today, the others not yet due.
    const services = await t.app.db
      .select()
      .from(postAdoptionServices)
      .where(eq(postAdoptionServices.matchingId, matching.id))
      .orderBy(asc(postAdoptionServices.plannedDate));
    expect(
      services.map((service) => [
        service.serviceType,
        service.officerId,
        serviceDueState(service, today, systemSettingDefaults.serviceDueSoonDays),
      ]),
    ).toEqual([
      ['homeVisit', caseworker.id, 'overdue'],
      ['homeVisit', caseworker.id, null],
      ['homeVisit', caseworker.id, null],
      ['followUpReport', caseworker.id, null],
    ]);

    // A second run finds it by its note and adds nothing.
    const [{ n: before }] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(adoptiveMatchings);
    expect(await seedPastAdoption(t.app.db, options)).toEqual({
      matching: { id: matching.id, code: matching.code },
      inserted: false,
    });
    const [{ n: after }] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(adoptiveMatchings);
    expect(after).toBe(before);
  });
});
