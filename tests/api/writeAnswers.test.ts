import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptiveMatchings,
  childInfos,
  parentInfos,
  postAdoptionServices,
  roles,
} from '../../server/db/schema';
import { serverModules } from '../../server/modules';
import type { TResourceBinding } from '../../server/resources/resourceBinding';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import { developerOnlyPermission, superUserOnlyPermission } from '../../src/domain/permissions';
import { permissionFor } from '../../src/domain/resource';
import { insertCompletedMatching, insertService } from './support/recordFixtures';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * A write answers the record only to a user who may read it (issue 10): a caller holding a write
 * permission but not the resource's read one gets `{ data: { id, version } }`, never the record.
 * Before, `PATCH /child-infos/{id}` with `{ "version": N }` read any child for a holder of
 * `adoptive_children:update` alone. The route table is walked: every write declares who may receive
 * its answer, and every resource binding's patch and delete are tried with such a caller.
 */

// Every feature module's resources: a new area's are tried too.
// A read-only resource (the audit log) has no writes to answer.
const bindings: TResourceBinding[] = serverModules
  .flatMap((module) => module.resources ?? [])
  .filter((binding) => !binding.definition.readOnly);
const catalogue = permissionCatalogue.map((entry) => entry.name);
const writeMethods = ['POST', 'PUT', 'PATCH', 'DELETE'];

let t: TTestApp;
let token: string;
let adminToken: string;
let headOfficeId: number;
/** The probe's role holds exactly these (the server reads them fresh on every request). */
const probeHolds = async (names: readonly string[]) => {
  await t.createUser('writer', names, { roleName: 'Writer' });
};

beforeAll(async () => {
  t = await createTestApp();
  await probeHolds([]);
  token = (await t.signIn('writer', userPassword)).accessToken;
  adminToken = (await t.signIn('admin', adminPassword)).accessToken;
  headOfficeId = await t.createHeadOffice('HO-ANSWERS');
});
afterAll(() => t?.close());

const call = (method: string, url: string, payload?: Record<string, unknown>, as = token) =>
  t.app.inject({
    method: method as 'PATCH',
    url: `/api/v1${url}`,
    headers: t.bearer(as),
    ...(payload ? { payload } : {}),
  });

const newChild = async (status = 'registered') => {
  const [row] = await t.app.db
    .insert(childInfos)
    .values({
      code: `CH-ANS-${Math.random().toString(36).slice(2, 8)}`,
      familyNameKh: 'សុខ',
      givenNameKh: 'ដារា',
      sex: 'female',
      dateOfBirth: '2021-05-01',
      headOfficeId,
      status,
    })
    .returning({ id: childInfos.id, version: childInfos.version });
  return row;
};

/** A pending application (the only kind that may be deleted). */
const newApplication = async () => {
  await t.app.db.insert(parentInfos).values({
    code: `PA-ANS-${Math.random().toString(36).slice(2, 8)}`,
    applicantType: 'single',
    applicant1FamilyNameEn: 'Answer',
    applicant1GivenNameEn: 'Test',
    applicant1Sex: 'female',
    applicant1DateOfBirth: '1980-05-01',
    headOfficeId,
    applicationDate: '2026-01-05',
    status: 'pending',
  });
};

/** A proposed matching of a matched child and application (the only kind that may be deleted). */
const newMatching = async () => {
  const child = await newChild('matched');
  const suffix = Math.random().toString(36).slice(2, 8);
  const [application] = await t.app.db
    .insert(parentInfos)
    .values({
      code: `PA-ANS-${suffix}`,
      applicantType: 'single',
      applicant1FamilyNameEn: 'Answer',
      applicant1GivenNameEn: 'Matched',
      applicant1Sex: 'female',
      applicant1DateOfBirth: '1980-05-01',
      headOfficeId,
      applicationDate: '2026-01-05',
      approvedUntil: '2099-01-01',
      status: 'matched',
    })
    .returning({ id: parentInfos.id });
  await t.app.db.insert(adoptiveMatchings).values({
    code: `MA-ANS-${suffix}`,
    childId: child.id,
    parentId: application.id,
    headOfficeId,
    proposedDate: '2026-02-01',
    lastStepDate: '2026-02-01',
    stageEnteredOn: '2026-02-01',
    status: 'proposed',
  });
};

/** A pending service of a completed adoption (the only kind that may be deleted). */
const newService = async () => {
  const matching = await insertCompletedMatching(t.app.db, { headOfficeId }, { prefix: 'ANS' });
  await insertService(t.app.db, matching, {}, { prefix: 'ANS' });
};

/**
 * Rows of the binding's table, newest first, that the writer may try (the guards refuse some: the
 * Super Admin role, a super user's account); an empty table gets a row of defaults.
 */
const candidates = async (binding: TResourceBinding) => {
  const id = getTableColumns(binding.table).id as PgColumn;
  const version = getTableColumns(binding.table).version as PgColumn;
  if (binding.table === childInfos) await newChild();
  if (binding.table === parentInfos) await newApplication();
  if (binding.table === adoptiveMatchings) await newMatching();
  if (binding.table === postAdoptionServices) await newService();
  let rows = await t.app.db.select({ id, version }).from(binding.table).orderBy(desc(id)).limit(8);
  if (rows.length === 0) {
    await t.app.db.insert(binding.table).values({});
    rows = await t.app.db.select({ id, version }).from(binding.table).orderBy(desc(id)).limit(8);
  }
  return rows as { id: number; version: number }[];
};

/** Fields that must stay unique: a copy gets them with a suffix. */
const uniqueFields = new Set(['code', 'name', 'roleName', 'username']);

/**
 * A copy of a row that nothing uses yet (seeded rows are all in use, and a delete of those is
 * refused): the same values, unique text given a suffix.
 */
const freeCopy = async (binding: TResourceBinding, id: number) => {
  const idColumn = getTableColumns(binding.table).id as PgColumn;
  const [row] = (await t.app.db.select().from(binding.table).where(eq(idColumn, id))) as Record<
    string,
    unknown
  >[];
  const suffix = Math.random().toString(36).slice(2, 7);
  const values = Object.fromEntries(
    Object.entries(row)
      .filter(([key]) => key !== 'id')
      .map(([key, value]) => [
        key,
        uniqueFields.has(key) && typeof value === 'string' ? `${value}-${suffix}` : value,
      ]),
  );
  const [copy] = (await t.app.db.insert(binding.table).values(values).returning({ id: idColumn })) as {
    id: number;
  }[];
  return copy.id;
};

/** Only what the writer sent or needs for its next write. */
const expectOnlyKeys = (data: unknown, label: string) => {
  expect(Object.keys(data as object).sort(), label).toEqual(
    expect.arrayContaining(Object.keys(data as object).filter((key) => key === 'id' || key === 'version')),
  );
  expect(
    Object.keys(data as object).filter((key) => key !== 'id' && key !== 'version'),
    label,
  ).toEqual([]);
};

describe('who receives the record a write answers', () => {
  it('every write guarded by a permission declares it, and it is the read of the same resource', () => {
    const writes = t.app.routePermissions.filter(
      (route) =>
        writeMethods.includes(route.method) &&
        route.permission !== 'public' &&
        route.permission !== 'authenticated',
    );
    expect(writes.length).toBeGreaterThan(60);
    const wrong = writes.filter((route) => {
      if (route.permission === developerOnlyPermission) return route.answers !== developerOnlyPermission;
      // The backups (issue 27): super users only, who receive what they asked for.
      if (route.permission === superUserOnlyPermission) return route.answers !== superUserOnlyPermission;
      const [resource] = route.permission.split(':');
      const read = `${resource}:read`;
      // General information is read by every signed-in user (the top bar shows the app name).
      if (resource === 'general_settings') return route.answers !== 'authenticated';
      // The bulk import answers row numbers, messages and the codes the importer typed, no record:
      // whoever may import receives them (server/upload/uploadRoutes.ts).
      if (route.url.startsWith('/api/v1/upload/')) return route.answers !== route.permission;
      return route.answers !== read || !catalogue.includes(read);
    });
    expect(wrong.map((route) => `${route.method} ${route.url} answers ${route.answers}`)).toEqual([]);
  });

  it('walks every registered resource binding', () => {
    const deletes = t.app.routePermissions.filter(
      (route) => route.method === 'DELETE' && /\/:id$/.test(route.url) && route.answers !== undefined,
    );
    const bases = new Set(bindings.map((binding) => `/api/v1${binding.definition.apiBase}/:id`));
    // Each resource's delete route belongs to a binding this test walks (others are their own calls).
    const resourceDeletes = deletes.filter((route) =>
      bindings.some((binding) => route.permission === permissionFor(binding.definition, 'delete')),
    );
    expect(resourceDeletes.filter((route) => !bases.has(route.url)).map((route) => route.url)).toEqual([]);
    expect(bindings.length).toBe(bases.size);
  });

  for (const binding of bindings) {
    const { definition } = binding;
    const read = permissionFor(definition, 'read');
    // System menus: for_developer throughout; whoever may change one may read it.
    if (read === permissionFor(definition, 'update')) continue;
    const patchMethod = definition.updateMethod ?? 'PATCH';

    it(`${definition.apiBase}: patch and delete answer { id, version } without ${read}, the record with it`, async () => {
      // Everything but the read permission: no other rule may stand in the way of the write.
      const allBut = catalogue.filter((name) => name !== read);
      await probeHolds(allBut);
      let answered = false;
      for (const row of await candidates(binding)) {
        const response = await call(patchMethod, `${definition.apiBase}/${row.id}`, { version: row.version });
        if (response.statusCode !== 200) continue;
        expectOnlyKeys(response.json().data, `${patchMethod} ${definition.apiBase}`);
        expect(response.json().data).toEqual({ id: row.id, version: row.version + 1 });
        answered = true;

        // With the read permission too: the whole record, as before.
        await probeHolds(catalogue);
        const full = await call(patchMethod, `${definition.apiBase}/${row.id}`, { version: row.version + 1 });
        expect(full.statusCode, full.body).toBe(200);
        expect(Object.keys(full.json().data).length).toBeGreaterThan(2);
        await probeHolds(allBut);
        break;
      }
      expect(answered, `no ${definition.apiBase} row could be changed by the writer`).toBe(true);

      // A delete answers what it removed only to a reader, too.
      let deleted = false;
      for (const row of await candidates(binding)) {
        const copyId = await freeCopy(binding, row.id);
        const response = await call('DELETE', `${definition.apiBase}/${copyId}`);
        if (response.statusCode !== 200) continue;
        expectOnlyKeys(response.json().data, `DELETE ${definition.apiBase}`);
        expect(response.json().data.id).toBe(copyId);
        deleted = true;
        break;
      }
      expect(deleted, `no ${definition.apiBase} row could be deleted by the writer`).toBe(true);
    });
  }
});

describe('the child record and its workflow', () => {
  const childOnly = ['adoptive_children:write', 'adoptive_children:update', 'adoptive_children:delete'];

  it('no longer lets PATCH /child-infos/{id} with only { version } read the child', async () => {
    await probeHolds(['adoptive_children:update']);
    const child = await newChild();
    const response = await call('PATCH', `/child-infos/${child.id}`, { version: child.version });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id: child.id, version: child.version + 1 } });
    expect(response.body).not.toContain('ដារា');
  });

  it('answers a create, a status action and the family with { id, version } only', async () => {
    await probeHolds(childOnly);
    const created = await call('POST', '/child-infos', {
      familyNameKh: 'ចាន់',
      givenNameKh: 'សុភា',
      sex: 'male',
      dateOfBirth: '2022-02-02',
      dateOfBirthEstimated: false,
      disabilityIds: [],
      headOfficeId,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(Object.keys(created.json().data).sort()).toEqual(['id', 'version']);

    const child = await newChild();
    const action = await call('PATCH', `/child-infos/long-term/${child.id}`, {
      date: '2026-01-05',
      reason: 'Needs long-term care',
    });
    expect(action.statusCode, action.body).toBe(200);
    expect(action.json()).toEqual({ data: { id: child.id, version: child.version + 1 } });

    const family = await call('POST', `/child-infos/family/${child.id}`, {
      father: null,
      mother: null,
      siblings: [],
      contactNotes: 'Grandmother in Takeo',
    });
    expect(family.statusCode, family.body).toBe(201);
    expect(Object.keys(family.json().data).sort()).toEqual(['id', 'version']);
    expect(family.body).not.toContain('Takeo');

    // A reader who writes gets the record, as before.
    await probeHolds([...childOnly, 'adoptive_children:read']);
    const reread = await call('PATCH', `/child-infos/unconfirmed-adoption/${child.id}`, {
      reason: 'Checked again',
    });
    expect([200, 409]).toContain(reread.statusCode);
  });

  it('answers the role-permission mapping with its version only, without assign_permissions:read', async () => {
    await probeHolds(['assign_permissions:write']);
    const [target] = await t.app.db
      .insert(roles)
      .values({ roleName: 'Answer target' })
      .returning({ id: roles.id, version: roles.version });
    const response = await call('POST', '/roles/mapping-role-permission', {
      roleId: target.id,
      permissionIds: [],
      version: target.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { version: target.version + 1 } });
  });

  it('answers the whole record to a super user', async () => {
    const child = await newChild();
    const response = await call('PATCH', `/child-infos/${child.id}`, { version: child.version }, adminToken);
    expect(response.json().data).toMatchObject({ id: child.id, givenNameKh: 'ដារា' });
  });
});
