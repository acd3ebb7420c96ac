import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ensureRole } from '../../server/db/fixtures';
import { users } from '../../server/db/schema';
import { permissionCatalogue } from '../../src/domain/permissionCatalogue';
import { isMenuGroup, sidebarMenu } from '../../src/domain/sidebarMenu';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/** Routes that exist only in this test, to exercise the permission plumbing the real resources will use. */
const probeResponse = { response: { 200: z.object({ data: z.string() }) } };
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/probe/children',
    { config: { permission: 'adoptive_children:read' }, schema: probeResponse },
    async () => ({ data: 'ok' }),
  );
  app.get(
    '/probe/developer',
    { config: { permission: 'for_developer' }, schema: probeResponse },
    async () => ({
      data: 'ok',
    }),
  );
};

let t: TTestApp;
const tokens: Record<string, string> = {};
let readerRoleId: number;
beforeAll(async () => {
  t = await createTestApp({}, { extraApiRoutes: [probeRoutes] });
  const reader = await t.createUser('reader', ['adoptive_children:read'], {
    name: 'Sok Dara',
    roleName: 'Child reader',
  });
  readerRoleId = reader.roleId;
  await t.createUser('nobody', []);
  await t.createUser('developer', []);
  for (const username of ['reader', 'nobody', 'developer']) {
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  }
  tokens.admin = (await t.signIn('admin', adminPassword)).accessToken;
});
afterAll(() => t?.close());

const get = (url: string, username?: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(username ? t.bearer(tokens[username]) : {}), ...headers },
  });

const sidebarEntries = sidebarMenu.flatMap((item) => (isMenuGroup(item) ? item.children : [item]));

describe('GET /api/v1/users/info', () => {
  it('answers the user with current roles and permissions', async () => {
    const response = await get('/api/v1/users/info', 'reader');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Sok Dara',
        username: 'reader',
        roles: [{ id: readerRoleId, roleName: 'Child reader' }],
        permissions: ['adoptive_children:read'],
      },
    });
  });

  it('lists the whole catalogue for the Super Admin', async () => {
    const { data } = (await get('/api/v1/users/info', 'admin')).json();
    expect(data.roles.map((role: { roleName: string }) => role.roleName)).toEqual(['Super Admin']);
    expect([...data.permissions].sort()).toEqual(permissionCatalogue.map((entry) => entry.name).sort());
  });
});

describe('permission enforcement', () => {
  it('answers 403 "No Permission." to a user lacking the permission, in the request language', async () => {
    const english = await get('/api/v1/probe/children', 'nobody');
    expect(english.statusCode).toBe(403);
    expect(english.json()).toEqual({ statusCode: 403, message: 'No Permission.' });
    const khmer = await get('/api/v1/probe/children', 'nobody', { locale: 'kh' });
    expect(khmer.statusCode).toBe(403);
    expect(khmer.json()).toEqual({ statusCode: 403, message: 'គ្មានសិទ្ធិ។' });
  });

  it('lets the holder and the super users through, and nobody without a token', async () => {
    expect((await get('/api/v1/probe/children', 'reader')).statusCode).toBe(200);
    expect((await get('/api/v1/probe/children', 'admin')).statusCode).toBe(200);
    expect((await get('/api/v1/probe/children', 'developer')).statusCode).toBe(200);
    expect((await get('/api/v1/probe/children')).statusCode).toBe(401);
  });

  it('keeps for_developer to the developer user alone', async () => {
    expect((await get('/api/v1/probe/developer', 'developer')).statusCode).toBe(200);
    expect((await get('/api/v1/probe/developer', 'admin')).statusCode).toBe(403);
    expect((await get('/api/v1/probe/developer', 'reader')).statusCode).toBe(403);
  });

  it('applies a revoked permission and a deactivation to the very next request', async () => {
    const { roleId, id } = await t.createUser('kalyan', ['adoptive_children:read']);
    const { accessToken } = await t.signIn('kalyan', userPassword);
    tokens.kalyan = accessToken;
    expect((await get('/api/v1/probe/children', 'kalyan')).statusCode).toBe(200);
    await ensureRole(t.app.db, `Role of kalyan`, []);
    expect(roleId).toBeGreaterThan(0);
    expect((await get('/api/v1/probe/children', 'kalyan')).statusCode).toBe(403);
    await ensureRole(t.app.db, `Role of kalyan`, ['adoptive_children:read']);
    expect((await get('/api/v1/probe/children', 'kalyan')).statusCode).toBe(200);
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, id));
    expect((await get('/api/v1/probe/children', 'kalyan')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/admin/search-menu', () => {
  const search = (text: string, username: string, headers: Record<string, string> = {}) =>
    get(`/api/v1/admin/search-menu?search=${encodeURIComponent(text)}`, username, headers);

  it('finds menus by English title, case-insensitively, with id, to and both titles', async () => {
    const response = await search('ROLE', 'admin');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { id: expect.any(Number), to: '/security/role', menu_title: { kh: 'តួនាទី', en: 'Role' } },
    ]);
  });

  it('finds menus by Khmer title', async () => {
    const { data } = (await search('តួនាទី', 'admin')).json();
    expect(data.map((item: { to: string }) => item.to)).toEqual(['/security/role']);
    const children = (await search('កុមារ', 'admin')).json().data.map((item: { to: string }) => item.to);
    expect(children).toEqual(
      sidebarEntries.filter((entry) => entry.title.kh.includes('កុមារ')).map((entry) => entry.to),
    );
  });

  it('gives the admin every menu with a target and no group, for an empty search', async () => {
    const { data } = (await search('', 'admin')).json();
    expect(data.map((item: { to: string }) => item.to).sort()).toEqual(
      sidebarEntries.map((entry) => entry.to).sort(),
    );
    const all = (await get('/api/v1/admin/search-menu', 'admin')).json().data;
    expect(all).toEqual(data);
  });

  it('shows a user only the menus it may read', async () => {
    const everything = (await search('', 'reader')).json().data;
    expect(everything.map((item: { to: string }) => item.to)).toEqual(['/adoptive-child/child']);
    const khmer = (await search('កុមារ', 'reader')).json().data;
    expect(khmer.map((item: { to: string }) => item.to)).toEqual(['/adoptive-child/child']);
    expect((await search('Role', 'reader')).json().data).toEqual([]);
    expect((await search('', 'nobody')).json().data).toEqual([]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect((await search('%', 'admin')).json().data).toEqual([]);
    expect((await search('_', 'admin')).json().data).toEqual([]);
  });

  it('needs a signed-in user and a sensible search text', async () => {
    expect((await get('/api/v1/admin/search-menu?search=role')).statusCode).toBe(401);
    const tooLong = await search('x'.repeat(101), 'admin');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual(['search must be at most 100 characters long.']);
  });
});
