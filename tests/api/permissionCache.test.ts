import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { permissions, rolePermissions, roles, users } from '../../server/db/schema';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 11: who a token is and what it may do is cached, and every change that decides it takes
 * effect on the very next request: through the API, by hand-written SQL, and (PostgreSQL) made by
 * another server process on the same database. Each case first makes a request that fills the cache.
 */

let t: TTestApp;
let adminToken: string;
const read = 'adoptive_children:read';

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.signIn('admin', adminPassword)).accessToken;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const list = (token: string) =>
  t.app.inject({ url: '/api/v1/child-infos?page=1&take=10', headers: t.bearer(token) });
const info = (token: string) => t.app.inject({ url: '/api/v1/users/info', headers: t.bearer(token) });

/** A fresh user holding `held`, signed in, whose list call has been answered (and cached) once. */
const cachedUser = async (username: string, held: string[]) => {
  const user = await t.createUser(username, held);
  const { accessToken } = await t.signIn(username, userPassword);
  expect((await list(accessToken)).statusCode).toBe(held.includes(read) ? 200 : 403);
  expect((await list(accessToken)).statusCode).toBe(held.includes(read) ? 200 : 403);
  return { ...user, token: accessToken };
};

const permissionId = async (name: string) => {
  const [row] = await t.app.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.name, name));
  return row.id;
};

describe('a change takes effect on the very next request', () => {
  it('a permission taken from the role by hand-written SQL: 403', async () => {
    const user = await cachedUser('cache.revoked', [read]);
    await t.app.db.execute(
      sql`delete from ${rolePermissions} where ${rolePermissions.roleId} = ${user.roleId} and ${rolePermissions.permissionId} = ${await permissionId(read)}`,
    );
    expect((await list(user.token)).statusCode).toBe(403);
  });

  it('a permission given to the role: allowed at once', async () => {
    const user = await cachedUser('cache.granted', []);
    await t.app.db
      .insert(rolePermissions)
      .values({ roleId: user.roleId, permissionId: await permissionId(read) });
    expect((await list(user.token)).statusCode).toBe(200);
  });

  it("a role's permissions replaced through the assign screen's API: 403", async () => {
    const user = await cachedUser('cache.mapped', [read, 'users:read']);
    const current = await t.app.inject({
      url: `/api/v1/roles/${user.roleId}/permissions`,
      headers: t.bearer(adminToken),
    });
    expect(current.statusCode).toBe(200);
    const mapped = await t.app.inject({
      method: 'POST',
      url: '/api/v1/roles/mapping-role-permission',
      headers: t.bearer(adminToken),
      payload: {
        roleId: user.roleId,
        version: current.json().data.version,
        permissionIds: [await permissionId('users:read')],
      },
    });
    expect(mapped.statusCode).toBe(200);
    expect((await list(user.token)).statusCode).toBe(403);
  });

  it("the user's role changed to one without the permission: 403", async () => {
    const user = await cachedUser('cache.moved', [read]);
    const [other] = await t.app.db
      .insert(roles)
      .values({ roleName: 'Cache test: nothing' })
      .returning({ id: roles.id });
    await t.app.db.update(users).set({ roleId: other.id }).where(eq(users.id, user.id));
    expect((await list(user.token)).statusCode).toBe(403);
    expect((await info(user.token)).json().data.roles).toEqual([
      { id: other.id, roleName: 'Cache test: nothing' },
    ]);
  });

  it('the role renamed: /users/info says the new name', async () => {
    const user = await cachedUser('cache.renamed', [read]);
    expect((await info(user.token)).statusCode).toBe(200);
    await t.app.db.update(roles).set({ roleName: 'Cache test: renamed' }).where(eq(roles.id, user.roleId));
    expect((await info(user.token)).json().data.roles[0].roleName).toBe('Cache test: renamed');
  });

  it('the user deactivated, then deleted: 401', async () => {
    const user = await cachedUser('cache.deactivated', [read]);
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await list(user.token)).statusCode).toBe(401);
    const other = await cachedUser('cache.deleted', [read]);
    await t.app.db.delete(users).where(eq(users.id, other.id));
    expect((await list(other.token)).statusCode).toBe(401);
  });

  it('signed out: the same access token is refused', async () => {
    const user = await cachedUser('cache.signedout', [read]);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: t.bearer(user.token),
    });
    expect(out.statusCode).toBe(200);
    expect((await list(user.token)).statusCode).toBe(401);
  });

  it("a password change ends the user's other sessions", async () => {
    const user = await cachedUser('cache.password', [read]);
    const other = (await t.signIn('cache.password', userPassword)).accessToken;
    expect((await list(other)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/user-profile',
      headers: t.bearer(user.token),
      payload: { name: 'Cache Password', oldPassword: userPassword, newPassword: 'a-new-pass-456' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await list(other)).statusCode).toBe(401);
    expect((await list(user.token)).statusCode).toBe(200);
  });

  it('a change that decides nothing about a token (a child record) keeps the cache and the answer', async () => {
    const user = await cachedUser('cache.unrelated', [read]);
    await t.app.db.execute(sql`update child_infos set notes = notes`);
    expect((await list(user.token)).statusCode).toBe(200);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  it('a permission taken away through one is refused by the other at the next request', async () => {
    const second = await buildApp(t.config, { announce: () => {}, now: t.clock.now });
    try {
      const user = await cachedUser('cache.twoservers', [read]);
      const onSecond = () =>
        second.inject({ url: '/api/v1/child-infos?page=1&take=10', headers: t.bearer(user.token) });
      expect((await onSecond()).statusCode).toBe(200);
      expect((await onSecond()).statusCode).toBe(200);
      const current = await t.app.inject({
        url: `/api/v1/roles/${user.roleId}/permissions`,
        headers: t.bearer(adminToken),
      });
      const mapped = await t.app.inject({
        method: 'POST',
        url: '/api/v1/roles/mapping-role-permission',
        headers: t.bearer(adminToken),
        payload: { roleId: user.roleId, version: current.json().data.version, permissionIds: [] },
      });
      expect(mapped.statusCode).toBe(200);
      expect((await onSecond()).statusCode).toBe(403);
      // And a sign-out on the second is refused by the first.
      const signedIn = (await t.signIn('cache.twoservers', userPassword)).accessToken;
      expect((await info(signedIn)).statusCode).toBe(200);
      const out = await second.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: t.bearer(signedIn),
      });
      expect(out.statusCode).toBe(200);
      expect((await info(signedIn)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });
});
