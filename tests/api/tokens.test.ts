import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import type { TTokenPair } from '../../src/domain/auth';
import { adminPassword, createTestApp, type TTestApp, userPassword } from './testApp';

const graceS = 2;
let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ refreshReuseGraceS: graceS });
  await t.createUser('sophea', ['adoptive_children:read']);
});
afterAll(() => t?.close());

const info = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/users/info', headers: t.bearer(accessToken) });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token', headers: t.bearer(refreshToken) });
const refreshed = async (refreshToken: string): Promise<TTokenPair> => {
  const response = await refresh(refreshToken);
  expect(response.statusCode).toBe(200);
  return response.json().data;
};
const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

describe('tokens', () => {
  it('carries the documented claims, HS256, with the configured lifetimes', async () => {
    const pair = await t.signIn('sophea', userPassword);
    const access = payloadOf(pair.accessToken);
    const refreshClaims = payloadOf(pair.refreshToken);
    expect(JSON.parse(Buffer.from(pair.accessToken.split('.')[0], 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    expect(access).toMatchObject({
      username: 'sophea',
      typ: 'access',
      sub: expect.any(String),
      sid: expect.any(String),
    });
    expect(access.exp - access.iat).toBe(1800);
    expect(refreshClaims).toMatchObject({ typ: 'refresh', sid: access.sid, sub: access.sub });
    expect(refreshClaims.exp - refreshClaims.iat).toBe(2_592_000);
    expect(access.jti).not.toBe(refreshClaims.jti);
  });

  it('rotates: each refresh answers a new pair that works and rotates in turn', async () => {
    const first = await t.signIn('sophea', userPassword);
    const second = await refreshed(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await info(second.accessToken)).statusCode).toBe(200);
    const third = await refreshed(second.refreshToken);
    expect((await info(third.accessToken)).statusCode).toBe(200);
  });

  it('answers the identical pair to the same refresh token inside the grace window (two tabs)', async () => {
    const first = await t.signIn('sophea', userPassword);
    const [tabA, tabB] = await Promise.all([refreshed(first.refreshToken), refreshed(first.refreshToken)]);
    expect(tabB).toEqual(tabA);
    t.clock.advance((graceS - 1) * 1000);
    expect(await refreshed(first.refreshToken)).toEqual(tabA);
    expect((await info(tabA.accessToken)).statusCode).toBe(200);
    // The family is intact: the new refresh token rotates normally.
    const next = await refreshed(tabA.refreshToken);
    expect((await info(next.accessToken)).statusCode).toBe(200);
  });

  it('revokes the whole family when a retired token comes back after the grace window', async () => {
    const first = await t.signIn('sophea', userPassword);
    const second = await refreshed(first.refreshToken);
    const bystander = await t.signIn('sophea', userPassword);
    t.clock.advance((graceS + 1) * 1000);

    const reuse = await refresh(first.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ statusCode: 401, message: 'Please sign in again.' });
    // Every token of that family stops working, the legitimate newest ones included.
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await info(second.accessToken)).statusCode).toBe(401);
    expect((await info(first.accessToken)).statusCode).toBe(401);
    // Another session of the same user is a different family and keeps working.
    expect((await info(bystander.accessToken)).statusCode).toBe(200);
    expect((await refresh(bystander.refreshToken)).statusCode).toBe(200);
  });

  it('accepts the refresh token in the body as well', async () => {
    const first = await t.signIn('sophea', userPassword);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      payload: { refreshToken: first.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().data).sort()).toEqual(['accessToken', 'refreshToken']);
  });

  it('answers 401 to a refresh without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh-token' });
    expect(response.statusCode).toBe(401);
  });

  it('logout revokes the session: its access and refresh tokens stop working', async () => {
    const pair = await t.signIn('sophea', userPassword);
    const other = await t.signIn('sophea', userPassword);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: t.bearer(pair.accessToken),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ data: null });
    expect((await info(pair.accessToken)).statusCode).toBe(401);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    expect((await info(other.accessToken)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(401);
  });

  it('refuses an expired access token, while its refresh token still renews the session', async () => {
    const pair = await t.signIn('sophea', userPassword);
    t.clock.advance(1801 * 1000);
    const expired = await info(pair.accessToken);
    expect(expired.statusCode).toBe(401);
    const renewed = await refreshed(pair.refreshToken);
    expect((await info(renewed.accessToken)).statusCode).toBe(200);
  });

  it('never takes a refresh token for an access token, nor the reverse', async () => {
    const pair = await t.signIn('sophea', userPassword);
    expect((await info(pair.refreshToken)).statusCode).toBe(401);
    expect((await refresh(pair.accessToken)).statusCode).toBe(401);
  });

  it('refuses unsigned (alg none), foreign-secret and tampered tokens', async () => {
    const pair = await t.signIn('sophea', userPassword);
    const claims = payloadOf(pair.accessToken);
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    expect((await info(unsigned)).statusCode).toBe(401);

    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await info(foreign)).statusCode).toBe(401);

    const [header, , signature] = pair.accessToken.split('.');
    const asAdmin = `${header}.${encode({ ...claims, sub: '1', username: 'admin' })}.${signature}`;
    expect((await info(asAdmin)).statusCode).toBe(401);

    expect((await info('not-a-token')).statusCode).toBe(401);
    const noBearer = await t.app.inject({ method: 'GET', url: '/api/v1/users/info' });
    expect(noBearer.statusCode).toBe(401);
    expect(noBearer.json()).toEqual({ statusCode: 401, message: 'Please sign in again.' });
  });

  it('refuses the tokens of a deactivated user at once', async () => {
    const { id } = await t.createUser('chenda', ['adoptive_children:read']);
    const pair = await t.signIn('chenda', userPassword);
    expect((await info(pair.accessToken)).statusCode).toBe(200);
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, id));
    expect((await info(pair.accessToken)).statusCode).toBe(401);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
  });

  it('signs the admin in too (Super Admin)', async () => {
    const pair = await t.signIn('admin', adminPassword);
    expect((await info(pair.accessToken)).json().data.roles).toEqual([
      { id: expect.any(Number), roleName: 'Super Admin' },
    ]);
  });
});
