import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRole } from '../../server/db/fixtures';
import { auditLog, permissions, roles, users } from '../../server/db/schema';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import { superAdminRoleName } from '../../src/domain/permissions';
import type { TCataloguePermission, TRolePermissions } from '../../src/domain/rolePermissionMapping';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Role search, the permission catalogue, a role's permissions and the mapping that replaces them
 * (issue 4): one transaction, a version, an audit row, the Super Admin role that cannot be narrowed,
 * and a change that holds on the affected user's very next request.
 */

type TBody = Record<string, unknown>;
type TMethod = 'GET' | 'POST';

let t: TTestApp;
let adminToken: string;
let superAdminId: number;
/** Permission name -> id. */
const ids: Record<string, number> = {};

const call = (
  method: TMethod,
  url: string,
  options: { payload?: TBody; token?: string; locale?: string } = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: options.payload,
    headers: {
      ...(options.token === '' ? {} : t.bearer(options.token ?? adminToken)),
      ...(options.locale ? { locale: options.locale } : {}),
    },
  });

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  ((result as { rows?: Record<string, unknown>[] }).rows ?? result) as Record<string, unknown>[];

const fingerprint = async () => {
  const parts: string[] = [];
  for (const table of ['roles', 'role_permissions', 'permissions', 'audit_log']) {
    const [row] = rowsOf(
      await t.app.db.execute(
        sql.raw(
          `select count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${table}" x`,
        ),
      ),
    );
    parts.push(`${table}:${row.n}:${row.h}`);
  }
  return parts.join(',');
};

const permissionsOf = async (roleId: number): Promise<TRolePermissions> =>
  (await call('GET', `/roles/${roleId}/permissions`)).json().data;

const map = (payload: TBody, token?: string, locale?: string) =>
  call('POST', '/roles/mapping-role-permission', { payload, token, locale });

const idsOf = (...names: string[]) => names.map((name) => ids[name]);

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.signIn('admin', adminPassword)).accessToken;
  [{ id: superAdminId }] = await t.app.db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.roleName, superAdminRoleName));
  for (const row of await t.app.db.select({ id: permissions.id, name: permissions.name }).from(permissions)) {
    ids[row.name] = row.id;
  }
});
afterAll(() => t?.close());

describe('GET /roles/search', () => {
  beforeAll(async () => {
    for (const roleName of ['Caseworker', 'Case supervisor', 'អ្នកសង្គមកិច្ច', 'ប្រធានការិយាល័យ', '100% reader']) {
      await ensureRole(t.app.db, roleName, []);
    }
  });
  const page = async (text: string, take = 100) => {
    const response = await call('GET', `/roles/search?roleName=${encodeURIComponent(text)}&take=${take}`);
    expect(response.statusCode).toBe(200);
    // The paged list (the same rows as GET /roles), the text under the spec's parameter.
    return response.json() as {
      data: { id: number; roleName: string; description: string | null }[];
      paginateMeta: { itemCount: number };
    };
  };
  const search = async (text: string) => (await page(text)).data;

  it('finds roles whose name contains the text, any case, in Latin and Khmer, by name', async () => {
    expect((await search('CASE')).map((row) => row.roleName)).toEqual(['Case supervisor', 'Caseworker']);
    expect((await search('សង្គម')).map((row) => row.roleName)).toEqual(['អ្នកសង្គមកិច្ច']);
    expect((await search('ការិយាល័យ')).map((row) => row.roleName)).toEqual(['ប្រធានការិយាល័យ']);
    // `%` and `_` are taken literally.
    expect((await search('%')).map((row) => row.roleName)).toEqual(['100% reader']);
    expect(await search('_')).toEqual([]);
    const [first] = await search('Caseworker');
    expect(first).toMatchObject({ id: expect.any(Number), roleName: 'Caseworker', description: null });
  });

  it('answers every role by name without a text, a page at a time, with the total', async () => {
    for (let index = 0; index < 55; index += 1) {
      await ensureRole(t.app.db, `Bulk role ${String(index).padStart(2, '0')}`, []);
    }
    const first = await page('', 50);
    expect(first.data).toHaveLength(50);
    expect(first.paginateMeta.itemCount).toBeGreaterThan(55);
    const bulk = await page('bulk role', 10);
    expect(bulk.data.map((row) => row.roleName)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Bulk role ${String(index).padStart(2, '0')}`),
    );
    expect(bulk.paginateMeta.itemCount).toBe(55);
  });
});

describe('GET /permissions', () => {
  it('answers the whole catalogue by group, resource order and action, custom ones after', async () => {
    const reports = (await call('GET', '/admin/group/options'))
      .json()
      .data.find((group: { code: string }) => group.code === 'reports');
    const created = [
      { name: 'zz_custom:read' },
      { name: 'adopted_child_reports:export', groupId: reports.id },
      { name: 'aa_reports:print', groupId: reports.id },
    ];
    for (const payload of created) {
      expect((await call('POST', '/admin/permission', { payload })).statusCode).toBe(201);
    }
    const response = await call('GET', '/permissions');
    expect(response.statusCode).toBe(200);
    const list = response.json().data as TCataloguePermission[];
    const [count] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(permissions);
    expect(list).toHaveLength(count.n);
    expect(list[0]).toEqual({
      id: ids['adoptive_children:read'],
      name: 'adoptive_children:read',
      resource: 'adoptive_children',
      action: 'read',
      area: 'children',
      group: { id: expect.any(Number), code: 'children', name: { kh: 'កុមារ', en: 'Children' } },
    });
    const names = list.map((entry) => entry.name);
    // The catalogue's own order (groups follow its areas), the reports group's custom ones after its
    // catalogue resource (and an unknown action after the known ones), ungrouped ones last.
    const reportsEnd = names.indexOf('adopted_child_reports:delete');
    expect(names.slice(reportsEnd + 1, reportsEnd + 3)).toEqual([
      'adopted_child_reports:export',
      'aa_reports:print',
    ]);
    expect(names.at(-1)).toBe('zz_custom:read');
    expect(names.filter((name) => permissionCatalogue.some((entry) => entry.name === name))).toEqual(
      permissionCatalogue.map((entry) => entry.name),
    );
    expect(names.indexOf('matchings:approve')).toBe(names.indexOf('matchings:delete') + 1);
  });
});

describe('GET /roles/{id}/permissions', () => {
  it("answers a role's permission names and ids with its version; the Super Admin role holds all", async () => {
    const roleId = await ensureRole(t.app.db, 'Reader', ['users:read', 'districts:read']);
    expect(await permissionsOf(roleId)).toEqual({
      roleId,
      roleName: 'Reader',
      version: expect.any(Number),
      superAdmin: false,
      permissions: ['districts:read', 'users:read'],
      permissionIds: idsOf('districts:read', 'users:read'),
    });
    const chief = await permissionsOf(superAdminId);
    expect(chief.superAdmin).toBe(true);
    expect(chief.permissions).toEqual(expect.arrayContaining(permissionCatalogue.map((entry) => entry.name)));
    expect(chief.permissionIds).toHaveLength(Object.keys(ids).length + 3);
  });

  it('answers 404 for an unknown role and 400 for a malformed id', async () => {
    expect((await call('GET', '/roles/999999/permissions')).statusCode).toBe(404);
    expect((await call('GET', '/roles/abc/permissions')).statusCode).toBe(400);
  });
});

describe('POST /roles/mapping-role-permission', () => {
  it("replaces the role's whole set at once, bumps its version and writes one audit row", async () => {
    const roleId = await ensureRole(t.app.db, 'Mapped', ['users:read', 'roles:read']);
    const before = await permissionsOf(roleId);
    const response = await map({
      roleId,
      permissionIds: idsOf('roles:read', 'districts:read', 'districts:update', 'districts:read'),
      version: before.version,
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json().data as TRolePermissions;
    expect(saved).toEqual({
      roleId,
      roleName: 'Mapped',
      version: before.version + 1,
      superAdmin: false,
      permissions: ['districts:read', 'districts:update', 'roles:read'],
      permissionIds: idsOf('districts:read', 'districts:update', 'roles:read'),
    });
    expect(await permissionsOf(roleId)).toEqual(saved);
    const [role] = await t.app.db.select().from(roles).where(eq(roles.id, roleId));
    expect(role.version).toBe(before.version + 1);

    const trail = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'role_permissions'), eq(auditLog.entityId, roleId)))
      .orderBy(asc(auditLog.id));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'update',
      before: ['roles:read', 'users:read'],
      after: ['districts:read', 'districts:update', 'roles:read'],
    });

    // An empty set takes everything away.
    const emptied = await map({ roleId, permissionIds: [], version: saved.version });
    expect(emptied.json().data).toMatchObject({
      permissions: [],
      permissionIds: [],
      version: saved.version + 1,
    });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const roleId = await ensureRole(t.app.db, 'Stale', ['users:read']);
    const { version } = await permissionsOf(roleId);
    expect((await map({ roleId, permissionIds: idsOf('roles:read'), version })).statusCode).toBe(200);
    const before = await fingerprint();
    const stale = await map({ roleId, permissionIds: idsOf('users:delete'), version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('changed by someone else');
    expect(await fingerprint()).toBe(before);
    expect((await permissionsOf(roleId)).permissions).toEqual(['roles:read']);
  });

  it('refuses unknown permission ids, an unknown role and a malformed body with a 400 on the field', async () => {
    const roleId = await ensureRole(t.app.db, 'Unknown ids', ['users:read']);
    const { version } = await permissionsOf(roleId);
    const before = await fingerprint();
    const unknown = await map({ roleId, permissionIds: [ids['users:read'], 999_999], version });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual(['permissionIds contains unknown permissions: 999999.']);
    const unknownKh = await map({ roleId, permissionIds: [999_998], version }, undefined, 'kh');
    expect(unknownKh.json().errors[0]).toMatch(/^permissionIds .*999998/);
    const noRole = await map({ roleId: 999_999, permissionIds: [], version: 1 });
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().errors).toEqual(['roleId does not exist.']);
    const malformed: [TBody, string][] = [
      [{ roleId, permissionIds: 'all', version }, 'permissionIds'],
      [{ roleId, permissionIds: [-1], version }, 'permissionIds'],
      [{ permissionIds: [], version }, 'roleId'],
      [{ roleId, permissionIds: [] }, 'version'],
    ];
    for (const [payload, field] of malformed) {
      const response = await map(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[0]).toMatch(new RegExp(`^${field} `));
    }
    expect(await fingerprint()).toBe(before);
  });

  it('never narrows the Super Admin role (409 in both languages, unchanged), but accepts the whole set', async () => {
    const chief = await permissionsOf(superAdminId);
    const before = await fingerprint();
    const messages: string[] = [];
    for (const locale of ['en', 'kh']) {
      const narrowed = await map(
        { roleId: superAdminId, permissionIds: chief.permissionIds.slice(1), version: chief.version },
        undefined,
        locale,
      );
      expect(narrowed.statusCode).toBe(409);
      messages.push(narrowed.json().message);
    }
    expect(messages[0]).toBe(
      'The Super Admin role always holds every permission: none can be taken away from it.',
    );
    expect(messages[1]).toContain('Super Admin');
    expect(messages[1]).not.toBe(messages[0]);
    expect(await fingerprint()).toBe(before);

    const whole = await map({
      roleId: superAdminId,
      permissionIds: chief.permissionIds,
      version: chief.version,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().data).toMatchObject({ superAdmin: true, version: chief.version + 1 });
    expect(whole.json().data.permissions).toHaveLength(chief.permissions.length);
  });

  it("takes effect on the affected user's very next request, with the same token", async () => {
    const clerk = await t.createUser('clerk', [], { roleName: 'Clerk' });
    const token = (await t.signIn('clerk', userPassword)).accessToken;
    expect((await call('GET', '/roles/search', { token })).statusCode).toBe(403);

    const { version } = await permissionsOf(clerk.roleId);
    const granted = await map({ roleId: clerk.roleId, permissionIds: idsOf('roles:read'), version });
    expect(granted.statusCode).toBe(200);
    expect((await call('GET', '/roles/search', { token })).statusCode).toBe(200);
    const info = (await call('GET', '/users/info', { token })).json().data;
    expect(info.permissions).toEqual(['roles:read']);

    await map({ roleId: clerk.roleId, permissionIds: [], version: version + 1 });
    expect((await call('GET', '/roles/search', { token })).statusCode).toBe(403);
  });
});

describe('who may call the role-permission routes', () => {
  const everything = permissionCatalogue.map((entry) => entry.name);
  let probeToken: string;
  let targetId: number;

  beforeAll(async () => {
    await t.createUser('rp-probe', [], { roleName: 'Probe RP' });
    probeToken = (await t.signIn('rp-probe', userPassword)).accessToken;
    targetId = await ensureRole(t.app.db, 'Target RP', ['users:read']);
  });
  const probeHolds = (names: readonly string[]) => ensureRole(t.app.db, 'Probe RP', names);

  const cases: { method: TMethod; url: () => string; permission: string; payload?: () => Promise<TBody> }[] =
    [
      { method: 'GET', url: () => '/roles/search?roleName=a', permission: 'roles:read' },
      { method: 'GET', url: () => '/permissions', permission: 'assign_permissions:read' },
      { method: 'GET', url: () => `/roles/${targetId}/permissions`, permission: 'assign_permissions:read' },
      {
        method: 'POST',
        url: () => '/roles/mapping-role-permission',
        permission: 'assign_permissions:write',
        // Taking permissions away: granting one the caller lacks is refused (issue 10, tested below).
        payload: async () => ({
          roleId: targetId,
          permissionIds: [],
          version: (await permissionsOf(targetId)).version,
        }),
      },
    ];

  for (const route of cases) {
    it(`${route.method} ${route.permission}: 401 without a token, 403 without it (nothing changed), allowed with exactly it`, async () => {
      const payload = await route.payload?.();
      expect((await call(route.method, route.url(), { payload, token: '' })).statusCode).toBe(401);

      await probeHolds(everything.filter((name) => name !== route.permission));
      const before = await fingerprint();
      const refused = await call(route.method, route.url(), { payload, token: probeToken });
      expect(refused.statusCode).toBe(403);
      expect(await fingerprint()).toBe(before);

      await probeHolds([route.permission]);
      const allowed = await call(route.method, route.url(), { payload, token: probeToken });
      expect(allowed.statusCode, allowed.body).toBe(200);
    });
  }
});

describe('who may grant what (issue 10)', () => {
  const delegateHolds = ['assign_permissions:read', 'assign_permissions:write', 'users:read'];
  let delegate: { id: number; roleId: number };
  let token: string;
  let targetId: number;

  beforeAll(async () => {
    delegate = await t.createUser('delegate', delegateHolds, { roleName: 'Delegate' });
    token = (await t.signIn('delegate', userPassword)).accessToken;
    targetId = await ensureRole(t.app.db, 'Target G', []);
  });

  it('refuses to change a role the caller holds (403 in both languages, nothing changed)', async () => {
    const { version } = await permissionsOf(delegate.roleId);
    const before = await fingerprint();
    for (const permissionIds of [
      idsOf(...delegateHolds, 'roles:write'),
      idsOf('assign_permissions:read', 'assign_permissions:write'),
    ]) {
      const english = await map({ roleId: delegate.roleId, permissionIds, version }, token, 'en');
      expect(english.statusCode).toBe(403);
      expect(english.json().message).toBe(
        'You cannot change the permissions of a role you hold yourself: only a Super Admin can.',
      );
    }
    const khmer = await map(
      { roleId: delegate.roleId, permissionIds: idsOf(...delegateHolds, 'roles:write'), version },
      token,
      'kh',
    );
    expect(khmer.statusCode).toBe(403);
    expect(khmer.json().message).toContain('តួនាទីដែលអ្នកកំពុងកាន់ផ្ទាល់');
    expect(await fingerprint()).toBe(before);
    expect((await permissionsOf(delegate.roleId)).permissions).toEqual([...delegateHolds].sort());
  });

  it('refuses to grant a permission the caller does not hold, naming it; grants what it holds', async () => {
    const { version } = await permissionsOf(targetId);
    const before = await fingerprint();
    const refused = await map(
      { roleId: targetId, permissionIds: idsOf('users:read', 'roles:write', 'users:delete'), version },
      token,
      'en',
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You can only grant permissions you hold yourself. Not yours: roles:write, users:delete.',
    );
    const khmer = await map({ roleId: targetId, permissionIds: idsOf('roles:write'), version }, token, 'kh');
    expect(khmer.json().message).toContain('roles:write');
    expect(khmer.json().message).toContain('សិទ្ធិដែលអ្នកមានផ្ទាល់');
    expect(await fingerprint()).toBe(before);

    const granted = await map({ roleId: targetId, permissionIds: idsOf('users:read'), version }, token);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data.permissions).toEqual(['users:read']);
  });

  it('lets the caller take away a permission it does not hold, and keep one already there', async () => {
    await ensureRole(t.app.db, 'Target G', ['users:read', 'roles:write', 'adopted_child_reports:read']);
    const { version } = await permissionsOf(targetId);
    // roles:write stays (already held by the role, not granted now); adopted_child_reports:read goes.
    const kept = await map({ roleId: targetId, permissionIds: idsOf('roles:write'), version }, token);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.permissions).toEqual(['roles:write']);
    const emptied = await map({ roleId: targetId, permissionIds: [], version: version + 1 }, token);
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json().data.permissions).toEqual([]);
  });

  it('lets a super user grant anything, to a role it holds too', async () => {
    const chief = await t.createUser('chief-grant', [], { roleName: 'Chief G' });
    await t.app.db.update(users).set({ roleId: superAdminId }).where(eq(users.id, chief.id));
    chief.roleId = superAdminId;
    const chiefToken = (await t.signIn('chief-grant', userPassword)).accessToken;
    const { version } = await permissionsOf(targetId);
    const granted = await map(
      { roleId: targetId, permissionIds: idsOf('roles:write', 'users:delete'), version },
      chiefToken,
    );
    expect(granted.statusCode, granted.body).toBe(200);
    const own = await permissionsOf(chief.roleId);
    const kept = await map(
      { roleId: chief.roleId, permissionIds: own.permissionIds, version: own.version },
      chiefToken,
    );
    expect(kept.statusCode, kept.body).toBe(200);
  });
});
