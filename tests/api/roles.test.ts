import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRole } from '../../server/db/fixtures';
import { auditLog, groups, permissions, roles } from '../../server/db/schema';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import { superAdminRoleName } from '../../src/domain/permissions';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Roles, permission groups and the permission catalogue on the resource machinery (issue 4): CRUD,
 * the Super Admin role that cannot be renamed or deleted, roles and groups in use, catalogue
 * permissions that cannot be renamed or deleted while custom ones can, and who may call what.
 */

type TBody = Record<string, unknown>;
type TRecord = TBody & { id: number; version: number };
type TMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

let t: TTestApp;
let adminToken: string;
let superAdminId: number;

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

const create = async (base: string, payload: TBody): Promise<TRecord> => {
  const response = await call('POST', base, { payload });
  if (response.statusCode !== 201) throw new Error(`POST ${base} failed: ${response.body}`);
  return response.json().data;
};

const read = async (base: string, id: number): Promise<TRecord> =>
  (await call('GET', `${base}/${id}`)).json().data;

const rowsOf = (result: unknown): Record<string, unknown>[] =>
  ((result as { rows?: Record<string, unknown>[] }).rows ?? result) as Record<string, unknown>[];

/** The tables a refused or failed request of this area could touch: equal fingerprints, nothing changed. */
const fingerprint = async () => {
  const parts: string[] = [];
  for (const table of ['roles', 'role_permissions', 'permissions', 'groups', 'users', 'audit_log']) {
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

const name = (en: string) => ({ kh: `ក្រុម ${en}`, en });

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.signIn('admin', adminPassword)).accessToken;
  [{ id: superAdminId }] = await t.app.db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.roleName, superAdminRoleName));
});
afterAll(() => t?.close());

describe('roles', () => {
  it('creates, reads, renames and deletes a role, with versions and an audit trail', async () => {
    const created = await create('/roles', { roleName: 'Caseworker RT', description: 'Registers children' });
    expect(created).toEqual({
      id: expect.any(Number),
      roleName: 'Caseworker RT',
      description: 'Registers children',
      userCount: 0,
      permissionCount: 0,
      version: 1,
      updatedAt: expect.any(String),
    });
    const renamed = await call('PATCH', `/roles/${created.id}`, {
      payload: { roleName: 'Senior caseworker RT', version: 1 },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ roleName: 'Senior caseworker RT', version: 2 });

    const before = await fingerprint();
    const stale = await call('PATCH', `/roles/${created.id}`, { payload: { roleName: 'Other', version: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(await fingerprint()).toBe(before);

    expect((await call('DELETE', `/roles/${created.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/roles/${created.id}`)).statusCode).toBe(404);
    const trail = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'roles'), eq(auditLog.entityId, created.id)))
      .orderBy(asc(auditLog.id));
    expect(trail.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a duplicate role name with a 400 on roleName, in both languages', async () => {
    await create('/roles', { roleName: 'Duplicate RT' });
    const before = await fingerprint();
    for (const locale of ['en', 'kh']) {
      const response = await call('POST', '/roles', { payload: { roleName: 'Duplicate RT' }, locale });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatch(/^roleName /);
    }
    expect((await call('POST', '/roles', { payload: { roleName: '' } })).json().errors).toEqual([
      'roleName is required.',
    ]);
    expect(await fingerprint()).toBe(before);
  });

  it('lists roles with their user and permission counts, sortable, searchable in Khmer and Latin', async () => {
    const holder = await t.createUser('rt-holder', ['users:read', 'roles:read'], { roleName: 'Counted RT' });
    await t.createUser('rt-holder2', ['users:read', 'roles:read'], { roleName: 'Counted RT' });
    await create('/roles', { roleName: 'អ្នកសង្គមកិច្ច RT', description: 'ការងារសង្គម' });
    const list = await call('GET', '/roles?take=200&sort=permissionCount&order=desc');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as TRecord[];
    expect(rows[0]).toMatchObject({
      roleName: superAdminRoleName,
      permissionCount: permissionCatalogue.length,
    });
    expect(rows.find((row) => row.id === holder.roleId)).toMatchObject({ userCount: 2, permissionCount: 2 });
    const byUsers = (await call('GET', '/roles?take=200&sort=userCount&order=desc')).json().data as TRecord[];
    expect(byUsers[0].id).toBe(holder.roleId);

    const search = async (text: string) =>
      ((await call('GET', `/roles?search=${encodeURIComponent(text)}`)).json().data as TRecord[]).map(
        (row) => row.roleName,
      );
    expect(await search('counted rt')).toEqual(['Counted RT']);
    expect(await search('សង្គម')).toEqual(['អ្នកសង្គមកិច្ច RT']);
    // The description is searched too.
    expect(await search('ការងារ')).toEqual(['អ្នកសង្គមកិច្ច RT']);
    expect((await call('GET', '/roles?sort=nope')).statusCode).toBe(400);
  });

  it('never renames or deletes the Super Admin role (409, unchanged), but lets its description change', async () => {
    const current = await read('/roles', superAdminId);
    const before = await fingerprint();
    const messages: string[] = [];
    for (const locale of ['en', 'kh']) {
      const rename = await call('PATCH', `/roles/${superAdminId}`, {
        payload: { roleName: 'Chief', version: current.version },
        locale,
      });
      expect(rename.statusCode).toBe(409);
      messages.push(rename.json().message);
      const remove = await call('DELETE', `/roles/${superAdminId}`, { locale });
      expect(remove.statusCode).toBe(409);
      expect(remove.json().message).toBe(rename.json().message);
    }
    expect(messages[0]).toContain('Super Admin role cannot be renamed or deleted');
    expect(messages[1]).toContain('Super Admin');
    expect(messages[1]).not.toBe(messages[0]);
    expect(await fingerprint()).toBe(before);

    const described = await call('PATCH', `/roles/${superAdminId}`, {
      payload: { roleName: superAdminRoleName, description: 'Everything', version: current.version },
    });
    expect(described.statusCode).toBe(200);
    expect(described.json().data).toMatchObject({ roleName: superAdminRoleName, description: 'Everything' });
  });

  it('refuses to delete a role that users hold (409 naming users), changing nothing', async () => {
    const user = await t.createUser('rt-inuse', [], { roleName: 'In use RT' });
    const before = await fingerprint();
    const response = await call('DELETE', `/roles/${user.roleId}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('It cannot be deleted: still used by Users (1).');
    expect(await fingerprint()).toBe(before);
  });
});

describe('permission groups', () => {
  it('creates, lists with counts, updates (PUT, versioned) and deletes an empty group', async () => {
    const created = await create('/admin/group', { code: 'rt_group', name: name('RT'), sortOrder: 80 });
    expect(created).toMatchObject({
      code: 'rt_group',
      name: name('RT'),
      sortOrder: 80,
      permissionCount: 0,
      version: 1,
    });
    const updated = await call('PUT', `/admin/group/${created.id}`, {
      payload: { name: name('RT renamed'), version: 1 },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ code: 'rt_group', name: name('RT renamed'), version: 2 });
    expect(
      (await call('PUT', `/admin/group/${created.id}`, { payload: { sortOrder: 1, version: 1 } })).statusCode,
    ).toBe(409);

    const list = (await call('GET', '/admin/group?take=50')).json().data as TRecord[];
    expect(list.map((row) => row.code).slice(0, 7)).toEqual([
      'children',
      'parents',
      'matching',
      'services',
      'reports',
      'security',
      'configuration',
    ]);
    const security = list.find((row) => row.code === 'security');
    expect(security?.permissionCount).toBe(permissionCatalogue.filter((p) => p.area === 'security').length);

    const options = await call('GET', '/admin/group/options');
    expect(options.statusCode).toBe(200);
    expect(options.json().data).toContainEqual({
      id: created.id,
      code: 'rt_group',
      name: name('RT renamed'),
    });

    expect((await call('DELETE', `/admin/group/${created.id}`)).statusCode).toBe(200);
  });

  it('refuses a duplicate code (400 on code) and deleting a group that holds permissions (409)', async () => {
    const before = await fingerprint();
    const duplicate = await call('POST', '/admin/group', {
      payload: { code: 'security', name: name('Again'), sortOrder: 1 },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().errors[0]).toMatch(/^code /);
    const [security] = await t.app.db.select().from(groups).where(eq(groups.code, 'security'));
    const remove = await call('DELETE', `/admin/group/${security.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toMatch(/^It cannot be deleted: still used by Permissions \(\d+\)\.$/);
    expect(await fingerprint()).toBe(before);
  });
});

describe('permissions', () => {
  const groupId = async (code: string) =>
    (await t.app.db.select({ id: groups.id }).from(groups).where(eq(groups.code, code)))[0].id;

  it('creates a custom permission: resource and action from its name, area from its group or custom', async () => {
    const reports = await groupId('reports');
    const grouped = await create('/admin/permission', { name: 'rt_reports:export', groupId: reports });
    expect(grouped).toMatchObject({
      name: 'rt_reports:export',
      resource: 'rt_reports',
      action: 'export',
      area: 'reports',
      groupId: reports,
      group: { id: reports, code: 'reports' },
      version: 1,
    });
    const loose = await create('/admin/permission', { name: 'rt_loose:read' });
    expect(loose).toMatchObject({
      resource: 'rt_loose',
      action: 'read',
      area: 'custom',
      groupId: null,
      group: null,
    });

    // The Super Admin role holds it at once: it always holds the whole catalogue.
    const held = (await call('GET', `/roles/${superAdminId}/permissions`)).json().data;
    expect(held.permissions).toContain('rt_loose:read');
    expect((await read('/roles', superAdminId)).permissionCount).toBe(permissionCatalogue.length + 2);

    // Renamed and moved: resource, action and area follow.
    const changed = await call('PUT', `/admin/permission/${loose.id}`, {
      payload: { name: 'rt_loose:approve', groupId: reports, version: 1 },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      resource: 'rt_loose',
      action: 'approve',
      area: 'reports',
      version: 2,
    });
    const ungrouped = await call('PUT', `/admin/permission/${loose.id}`, {
      payload: { groupId: null, version: 2 },
    });
    expect(ungrouped.json().data).toMatchObject({ name: 'rt_loose:approve', area: 'custom', group: null });

    const list = (await call('GET', `/admin/permission?groupId=${reports}&take=100`)).json()
      .data as TRecord[];
    expect(list.map((row) => row.name)).toContain('rt_reports:export');
    expect(list.every((row) => row.groupId === reports)).toBe(true);
  });

  it('refuses a malformed or duplicate name and an unknown group (400 on the field), changing nothing', async () => {
    const before = await fingerprint();
    const cases: [TBody, RegExp][] = [
      [{ name: 'Users Read' }, /^name must read resource:action/],
      [{ name: 'users:read' }, /^name is already used/],
      [{ name: 'rt_x:read', groupId: 999_999 }, /^groupId does not exist/],
      [{}, /^name is required/],
    ];
    for (const [payload, message] of cases) {
      const response = await call('POST', '/admin/permission', { payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors[0]).toMatch(message);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('never renames or deletes a catalogue permission (409), but lets it move to another group', async () => {
    const [row] = await t.app.db.select().from(permissions).where(eq(permissions.name, 'users:read'));
    const before = await fingerprint();
    for (const locale of ['en', 'kh']) {
      const rename = await call('PUT', `/admin/permission/${row.id}`, {
        payload: { name: 'users:look', version: row.version },
        locale,
      });
      expect(rename.statusCode).toBe(409);
      expect(rename.json().message).toContain('users:read');
      expect((await call('DELETE', `/admin/permission/${row.id}`, { locale })).statusCode).toBe(409);
    }
    expect(await fingerprint()).toBe(before);

    const reports = await groupId('reports');
    const moved = await call('PUT', `/admin/permission/${row.id}`, {
      payload: { name: 'users:read', groupId: reports, version: row.version },
    });
    expect(moved.statusCode).toBe(200);
    // Its area stays the catalogue's (the seed writes it back at every start).
    expect(moved.json().data).toMatchObject({ name: 'users:read', area: 'security', groupId: reports });
    await call('PUT', `/admin/permission/${row.id}`, {
      payload: { groupId: await groupId('security'), version: row.version + 1 },
    });
  });

  it('deletes a custom permission, but only once no role other than Super Admin holds it', async () => {
    const custom = await create('/admin/permission', { name: 'rt_held:read' });
    const roleId = await ensureRole(t.app.db, 'Holder RT', ['rt_held:read']);
    const before = await fingerprint();
    const refused = await call('DELETE', `/admin/permission/${custom.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('rt_held:read is still held by 1 role');
    expect(await fingerprint()).toBe(before);

    await ensureRole(t.app.db, 'Holder RT', []);
    expect((await call('DELETE', `/admin/permission/${custom.id}`)).statusCode).toBe(200);
    const held = (await call('GET', `/roles/${superAdminId}/permissions`)).json().data;
    expect(held.permissions).not.toContain('rt_held:read');
    expect(roleId).toBeGreaterThan(0);
  });
});

describe('who may call the role, permission and group routes', () => {
  const everything = permissionCatalogue.map((entry) => entry.name);
  let probeToken: string;

  beforeAll(async () => {
    await t.createUser('rt-probe', [], { roleName: 'Probe RT' });
    probeToken = (await t.signIn('rt-probe', userPassword)).accessToken;
  });
  /** The probe's role holds exactly these; the server reads them fresh on the next request. */
  const probeHolds = (names: readonly string[]) => ensureRole(t.app.db, 'Probe RT', names);

  type TCase = {
    method: TMethod;
    url: () => Promise<string>;
    permission: string;
    payload?: () => Promise<TBody>;
    ok: number;
  };
  let serial = 0;
  const fresh = (prefix: string) => {
    serial += 1;
    return `${prefix}${serial}`;
  };
  const role = () => create('/roles', { roleName: fresh('Victim RT ') });
  const group = () =>
    create('/admin/group', { code: fresh('rt_victim_'), name: name('Victim'), sortOrder: 90 });
  const permission = () => create('/admin/permission', { name: `${fresh('rt_victim_')}:read` });
  const cases: TCase[] = [
    { method: 'GET', url: async () => '/roles', permission: 'roles:read', ok: 200 },
    { method: 'GET', url: async () => `/roles/${superAdminId}`, permission: 'roles:read', ok: 200 },
    {
      method: 'POST',
      url: async () => '/roles',
      payload: async () => ({ roleName: fresh('New RT ') }),
      permission: 'roles:write',
      ok: 201,
    },
    {
      method: 'PATCH',
      url: async () => `/roles/${(await role()).id}`,
      payload: async () => ({ description: 'changed', version: 1 }),
      permission: 'roles:write',
      ok: 200,
    },
    { method: 'DELETE', url: async () => `/roles/${(await role()).id}`, permission: 'roles:delete', ok: 200 },
    { method: 'GET', url: async () => '/admin/permission', permission: 'permissions:read', ok: 200 },
    {
      method: 'GET',
      url: async () => `/admin/permission/${(await permission()).id}`,
      permission: 'permissions:read',
      ok: 200,
    },
    {
      method: 'POST',
      url: async () => '/admin/permission',
      payload: async () => ({ name: `${fresh('rt_new_')}:read` }),
      permission: 'permissions:write',
      ok: 201,
    },
    {
      method: 'PUT',
      url: async () => `/admin/permission/${(await permission()).id}`,
      payload: async () => ({ name: `${fresh('rt_put_')}:read`, version: 1 }),
      permission: 'permissions:update',
      ok: 200,
    },
    {
      method: 'DELETE',
      url: async () => `/admin/permission/${(await permission()).id}`,
      permission: 'permissions:delete',
      ok: 200,
    },
    { method: 'GET', url: async () => '/admin/group', permission: 'groups:read', ok: 200 },
    {
      method: 'GET',
      url: async () => `/admin/group/${(await group()).id}`,
      permission: 'groups:read',
      ok: 200,
    },
    {
      method: 'POST',
      url: async () => '/admin/group',
      payload: async () => ({ code: fresh('rt_new_'), name: name('New'), sortOrder: 5 }),
      permission: 'groups:write',
      ok: 201,
    },
    {
      method: 'PUT',
      url: async () => `/admin/group/${(await group()).id}`,
      payload: async () => ({ sortOrder: 7, version: 1 }),
      permission: 'groups:update',
      ok: 200,
    },
    {
      method: 'DELETE',
      url: async () => `/admin/group/${(await group()).id}`,
      permission: 'groups:delete',
      ok: 200,
    },
  ];

  for (const route of cases) {
    it(`${route.method} ${route.permission}: 401 without a token, 403 without it (nothing changed), allowed with exactly it`, async () => {
      const url = await route.url();
      const payload = await route.payload?.();
      expect((await call(route.method, url, { payload, token: '' })).statusCode).toBe(401);

      await probeHolds(everything.filter((name) => name !== route.permission));
      const before = await fingerprint();
      const refused = await call(route.method, url, { payload, token: probeToken });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('No Permission.');
      expect(await fingerprint()).toBe(before);

      await probeHolds([route.permission]);
      const allowed = await call(route.method, url, { payload, token: probeToken });
      expect(allowed.statusCode, allowed.body).toBe(route.ok);
    });
  }

  it('PATCH /roles/{id} needs roles:write, not roles:update', async () => {
    const victim = await role();
    await probeHolds(['roles:update', 'roles:read']);
    const before = await fingerprint();
    const refused = await call('PATCH', `/roles/${victim.id}`, {
      payload: { description: 'x', version: 1 },
      token: probeToken,
    });
    expect(refused.statusCode).toBe(403);
    expect(await fingerprint()).toBe(before);
  });

  it('GET /admin/group/options: any signed-in user, nobody without a token', async () => {
    await probeHolds([]);
    expect((await call('GET', '/admin/group/options', { token: '' })).statusCode).toBe(401);
    expect((await call('GET', '/admin/group/options', { token: probeToken })).statusCode).toBe(200);
  });
});
