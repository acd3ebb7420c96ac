import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, refreshTokens, users } from '../../server/db/schema';
import { apiPrefix, signInMaxFailuresPerPair } from '../../src/domain/constants';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * The signed-in user's own profile (`PUT /admin/user-profile`, issue 4): their name, and their
 * password with the current one; a new password ends their other sessions but not this one.
 */

let t: TTestApp;
const newPassword = 'my-new-pass-99';

const profile = (
  token: string | undefined,
  payload: Record<string, unknown>,
  locale?: 'kh' | 'en',
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    method: 'PUT',
    url: `${apiPrefix}/admin/user-profile`,
    payload,
    headers: { ...(token ? t.bearer(token) : {}), ...(locale ? { locale } : {}) },
    remoteAddress,
  });
const info = (token: string) =>
  t.app.inject({ method: 'GET', url: `${apiPrefix}/users/info`, headers: t.bearer(token) });
const refresh = (token: string) =>
  t.app.inject({ method: 'POST', url: `${apiPrefix}/auth/refresh-token`, headers: t.bearer(token) });
const signInStatus = async (username: string, password: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `${apiPrefix}/auth/sign-in`,
      payload: { username, password },
    })
  ).statusCode;

const storedUser = async (id: number) => {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
  return row;
};
const snapshot = async (id: number) => {
  const [{ audits }] = await t.app.db.select({ audits: sql<number>`count(*)::int` }).from(auditLog);
  const revoked = await t.app.db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.userId, id), sql`${refreshTokens.revokedAt} is not null`));
  return JSON.stringify({ user: await storedUser(id), audits, revoked: revoked.length });
};

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t?.close());

describe('PUT /admin/user-profile', () => {
  it('changes the name of the signed-in user, whatever they hold, and audits it', async () => {
    const { id } = await t.createUser('vanna', [], { name: 'Vanna' });
    const { accessToken } = await t.signIn('vanna', userPassword);
    const response = await profile(accessToken, { name: 'Vanna Sok' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id, name: 'Vanna Sok', username: 'vanna' } });
    expect((await info(accessToken)).json().data.name).toBe('Vanna Sok');
    expect((await storedUser(id)).version).toBe(2);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'users'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));
    expect(entry).toMatchObject({
      userId: id,
      action: 'profile',
      before: { id, name: 'Vanna', username: 'vanna' },
      after: { id, name: 'Vanna Sok', username: 'vanna', passwordChanged: false },
    });
    // Signing in still works with the same password.
    expect(await signInStatus('vanna', userPassword)).toBe(200);
  });

  it('refuses a new password with a wrong or missing old one: 400 on oldPassword, nothing changed', async () => {
    const { id } = await t.createUser('bopha', [], { name: 'Bopha' });
    const { accessToken } = await t.signIn('bopha', userPassword);
    const before = await snapshot(id);

    const wrong = await profile(accessToken, {
      name: 'Bopha New',
      oldPassword: 'not-it-at-all',
      newPassword,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual(['oldPassword is not your current password.']);
    const missing = await profile(accessToken, { name: 'Bopha New', newPassword });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(['oldPassword is required.']);
    const short = await profile(accessToken, {
      name: 'Bopha New',
      oldPassword: userPassword,
      newPassword: 'short',
    });
    expect(short.json().errors).toEqual(['newPassword must be less than 8']);
    const noName = await profile(accessToken, { name: '  ' });
    expect(noName.json().errors).toEqual(['name can not be blank.']);
    const khmer = await profile(accessToken, { name: 'x', oldPassword: 'nope-nope', newPassword }, 'kh');
    expect(khmer.json().errors).toEqual(['oldPassword មិនមែនជាពាក្យសម្ងាត់បច្ចុប្បន្នរបស់អ្នកទេ។']);

    expect(await snapshot(id)).toBe(before);
    expect(await signInStatus('bopha', userPassword)).toBe(200);
    expect(await signInStatus('bopha', newPassword)).toBe(400);
  });

  it('changes the password with the right old one: other sessions end, this one goes on', async () => {
    const { id } = await t.createUser('dara', [], { name: 'Dara' });
    const current = await t.signIn('dara', userPassword);
    const other = await t.signIn('dara', userPassword);
    const response = await profile(current.accessToken, {
      name: 'Dara',
      oldPassword: userPassword,
      newPassword,
    });
    expect(response.statusCode).toBe(200);

    expect((await info(other.accessToken)).statusCode).toBe(401);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await info(current.accessToken)).statusCode).toBe(200);
    const renewed = await refresh(current.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await info(renewed.json().data.accessToken)).statusCode).toBe(200);

    expect(await signInStatus('dara', userPassword)).toBe(400);
    expect(await signInStatus('dara', newPassword)).toBe(200);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'users'), eq(auditLog.entityId, id), eq(auditLog.action, 'profile')));
    expect(entry.after).toMatchObject({ passwordChanged: true });
    expect(JSON.stringify(entry)).not.toMatch(/scrypt|my-new-pass/);
  });

  it('counts wrong old passwords like failed sign-ins: too many and it waits (429)', async () => {
    await t.createUser('guess', []);
    const { accessToken } = await t.signIn('guess', userPassword);
    // From an address of its own, so the other tests' sign-ins are not throttled by it.
    const address = '10.0.0.9';
    for (let attempt = 0; attempt < signInMaxFailuresPerPair; attempt += 1) {
      const response = await profile(
        accessToken,
        { name: 'G', oldPassword: `wrong-${attempt}`, newPassword },
        'en',
        address,
      );
      expect(response.statusCode).toBe(400);
    }
    const throttled = await profile(
      accessToken,
      { name: 'G', oldPassword: userPassword, newPassword },
      'en',
      address,
    );
    expect(throttled.statusCode).toBe(429);
    // A change of name alone is not a guess.
    expect((await profile(accessToken, { name: 'Guess' })).statusCode).toBe(200);
  });

  it('answers 401 without a token or with an ended session, changing nothing', async () => {
    const { id } = await t.createUser('nobody', []);
    const session = await t.signIn('nobody', userPassword);
    const before = await snapshot(id);
    expect((await profile(undefined, { name: 'Intruder' })).statusCode).toBe(401);
    await t.app.inject({
      method: 'POST',
      url: `${apiPrefix}/auth/logout`,
      headers: t.bearer(session.accessToken),
    });
    const after = await snapshot(id);
    expect((await profile(session.accessToken, { name: 'Intruder' })).statusCode).toBe(401);
    expect(await snapshot(id)).toBe(after);
    expect(JSON.parse(after).user.name).toBe(JSON.parse(before).user.name);
  });
});
