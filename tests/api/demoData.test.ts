import { asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import {
  demoCode,
  demoCodePrefix,
  loadDemoLookups,
  planDemoChildren,
  seedDemoData,
  seedDemoUsers,
} from '../../server/db/demoData';
import { demoMatchingNote, seedDemoMatchings } from '../../server/db/demoMatchings';
import { seedDemoApplications } from '../../server/db/demoParents';
import {
  adoptiveMatchings,
  childDisabilities,
  childInfos,
  communes,
  districts,
  headOffices,
  parentInfos,
  referenceItems,
  statusHistory,
  users,
  villages,
} from '../../server/db/schema';
import { applyChildEvent, type TChildEvent, type TChildStatus } from '../../src/domain/childStatus';
import { stageTiming } from '../../src/domain/matchingStage';
import { hasWholeName, isNewChildBirthDate } from '../../src/domain/resources/child';
import { systemSettingDefaults } from '../../src/domain/systemSettings';
import { matchingStatuses } from '../../src/domain/workflows/matching.workflow';
import { createTestApp, type TTestApp } from './testApp';

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
  it('adds matchings in every status and every rejection, consistent with their children and families, once', async () => {
    const ids = await seedDemoUsers(t.app.db, { passwordHash: await hashPassword('demo-pass-123') });
    await seedDemoApplications(t.app.db, { now, actorId: ids.get('demo.caseworker') ?? null });
    const who = {
      now,
      caseworkerId: ids.get('demo.caseworker') ?? null,
      supervisorId: ids.get('demo.supervisor') ?? null,
    };
    const first = await seedDemoMatchings(t.app.db, who);
    expect(first.inserted).toBeGreaterThanOrEqual(18);
    const rows = await t.app.db
      .select({
        id: adoptiveMatchings.id,
        status: adoptiveMatchings.status,
        stageEnteredOn: adoptiveMatchings.stageEnteredOn,
        child: childInfos.status,
        parent: parentInfos.status,
      })
      .from(adoptiveMatchings)
      .innerJoin(childInfos, eq(childInfos.id, adoptiveMatchings.childId))
      .innerJoin(parentInfos, eq(parentInfos.id, adoptiveMatchings.parentId))
      .where(like(adoptiveMatchings.notes, `${demoMatchingNote}%`));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(matchingStatuses));
    // The child and the family follow their matching.
    for (const row of rows) {
      const expected =
        row.status === 'completed'
          ? ['adopted', 'adopted']
          : row.status === 'rejected'
            ? ['adoptable', 'accepted']
            : ['matched', 'matched'];
      expect([row.child, row.parent], `${row.status}`).toEqual(expected);
    }
    // A rejection at every stage, and steps by the caseworker, decisions by the supervisor.
    const history = await t.app.db
      .select({ action: statusHistory.action, userId: statusHistory.userId })
      .from(statusHistory)
      .where(eq(statusHistory.entity, 'adoptive_matchings'));
    const actions = new Set(history.map((row) => row.action));
    for (const action of ['reject-adoption', 'reject-test', 'reject-warrant'])
      expect(actions).toContain(action);
    for (const row of history.filter((entry) => entry.action.startsWith('confirm-')))
      expect(row.userId).toBe(who.supervisorId);
    for (const row of history.filter((entry) => entry.action.startsWith('pending-')))
      expect(row.userId).toBe(who.caseworkerId);
    // Some are past their stage's expected days.
    const overdue = rows.filter(
      (row) =>
        stageTiming(row.status, row.stageEnteredOn, today, systemSettingDefaults.stageExpectedDays)?.overdue,
    );
    expect(overdue.length).toBeGreaterThan(0);
    expect((await seedDemoMatchings(t.app.db, who)).inserted).toBe(0);
  });
});
