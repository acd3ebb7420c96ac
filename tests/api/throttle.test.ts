import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp, userPassword } from './testApp';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.createUser('thida', []);
  await t.createUser('vanna', []);
});
afterAll(() => t?.close());

const attempt = (
  username: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign-in',
    payload: { username, password },
    remoteAddress,
    headers,
  });

describe('sign-in throttle (10 failures in 15 minutes)', () => {
  it('refuses a username after 10 failures, even with the right password, until the window passes', async () => {
    for (let i = 1; i <= 10; i++) {
      const response = await attempt('Thida', 'wrong-password', `10.0.0.${i}`);
      expect(response.statusCode).toBe(400);
    }
    const throttled = await attempt('thida', userPassword, '10.0.0.99');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      statusCode: 429,
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);

    const inKhmer = await attempt('thida', userPassword, '10.0.0.99', { locale: 'kh' });
    expect(inKhmer.statusCode).toBe(429);
    expect(inKhmer.json().message).toContain('ការព្យាយាមចូលច្រើនដងពេក');

    // Another user is not affected.
    expect((await attempt('vanna', userPassword, '10.0.0.98')).statusCode).toBe(200);

    t.clock.advance(15 * 60 * 1000 + 1000);
    expect((await attempt('thida', userPassword, '10.0.0.99')).statusCode).toBe(200);
  });

  it('refuses an address after 10 failures across usernames; a success in between does not reset it', async () => {
    const address = '192.0.2.7';
    for (let i = 1; i <= 9; i++) {
      expect((await attempt(`ghost-${i}`, 'whatever', address)).statusCode).toBe(400);
    }
    expect((await attempt('vanna', userPassword, address)).statusCode).toBe(200);
    expect((await attempt('ghost-10', 'whatever', address)).statusCode).toBe(400);

    const throttled = await attempt('vanna', userPassword, address);
    expect(throttled.statusCode).toBe(429);
    // The same user from another address still signs in.
    expect((await attempt('vanna', userPassword, '192.0.2.8')).statusCode).toBe(200);
  });
});
