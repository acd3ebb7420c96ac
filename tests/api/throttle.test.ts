import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFailure, throttleKeys } from '../../server/auth/throttle';
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

const windowMs = 15 * 60 * 1000;

/** Failed sign-ins of `username` from `address`, through the API, all answered 400. */
const fail = async (username: string, address: string, times = 1) => {
  for (let round = 0; round < times; round++) {
    expect((await attempt(username, 'wrong-password', address)).statusCode).toBe(400);
  }
};

/**
 * Earlier failures, counted by the service's own `recordFailure` (a password hash per failure through
 * the API would make the high limits slow to reach); the last ones and every verdict go through the API.
 */
const earlierFailures = async (username: string, address: string, times = 1) => {
  for (let round = 0; round < times; round++) {
    await recordFailure(t.app.db, throttleKeys(username, address), t.clock.now());
  }
};

describe('sign-in throttle: per username and address, per address, per username (issue 10)', () => {
  it('locks a username from one address after 10 failures; the rightful user from another address still gets in', async () => {
    // A stranger at 10.0.0.1 guesses thida's password ten times.
    await earlierFailures('Thida', '10.0.0.1', 9);
    await fail('Thida', '10.0.0.1');
    const throttled = await attempt('thida', userPassword, '10.0.0.1');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      statusCode: 429,
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    const inKhmer = await attempt('thida', userPassword, '10.0.0.1', { locale: 'kh' });
    expect(inKhmer.statusCode).toBe(429);
    expect(inKhmer.json().message).toContain('ការព្យាយាមចូលច្រើនដងពេក');

    // Thida at her own desk is not locked out, nor is a colleague behind the stranger's address.
    expect((await attempt('thida', userPassword, '10.0.0.2')).statusCode).toBe(200);
    expect((await attempt('vanna', userPassword, '10.0.0.1')).statusCode).toBe(200);

    t.clock.advance(windowMs + 1000);
    expect((await attempt('thida', userPassword, '10.0.0.1')).statusCode).toBe(200);
  });

  it('counts an unknown username like a wrong password: same answer, same lock', async () => {
    const unknown = await attempt('nobody-here', 'wrong-password', '10.0.1.1');
    const wrong = await attempt('vanna', 'wrong-password', '10.0.1.1');
    expect([unknown.statusCode, unknown.body]).toEqual([wrong.statusCode, wrong.body]);
    await earlierFailures('nobody-here', '10.0.1.1', 8);
    await earlierFailures('vanna', '10.0.1.1', 8);
    await fail('nobody-here', '10.0.1.1');
    await fail('vanna', '10.0.1.1');
    const unknownLocked = await attempt('nobody-here', 'wrong-password', '10.0.1.1');
    const wrongLocked = await attempt('vanna', 'wrong-password', '10.0.1.1');
    expect(unknownLocked.statusCode).toBe(429);
    expect([unknownLocked.statusCode, unknownLocked.body]).toEqual([
      wrongLocked.statusCode,
      wrongLocked.body,
    ]);
    t.clock.advance(windowMs + 1000);
  });

  it('locks an address after 50 failures across usernames, for everyone there; a success in between does not reset it', async () => {
    const address = '192.0.2.7';
    // Nine typos each from five people behind one NAT: nobody is locked out.
    for (let person = 1; person <= 5; person++) await earlierFailures(`clerk-${person}`, address, 9);
    expect((await attempt('vanna', userPassword, address)).statusCode).toBe(200);
    // A guesser trying usernames makes it 50.
    for (let i = 1; i <= 4; i++) await earlierFailures(`ghost-${i}`, address);
    await fail('ghost-5', address);

    expect((await attempt('vanna', userPassword, address)).statusCode).toBe(429);
    // The same user from another address still signs in.
    expect((await attempt('vanna', userPassword, '192.0.2.8')).statusCode).toBe(200);
    t.clock.advance(windowMs + 1000);
    expect((await attempt('vanna', userPassword, address)).statusCode).toBe(200);
  });

  it('locks a username from everywhere only after 100 failures spread over many addresses', async () => {
    for (let i = 1; i <= 98; i++) await earlierFailures('vanna', `198.51.100.${i}`);
    await fail('vanna', '198.51.100.99');
    // 99 failures from 99 addresses: still in, from an address none of them used.
    expect((await attempt('vanna', userPassword, '203.0.113.1')).statusCode).toBe(200);
    // Her success forgave her own count; the guessers go on to 100.
    for (let i = 1; i <= 99; i++) await earlierFailures('vanna', `198.51.100.${i}`);
    await fail('vanna', '198.51.100.100');
    expect((await attempt('vanna', userPassword, '203.0.113.2')).statusCode).toBe(429);
    expect((await attempt('thida', userPassword, '203.0.113.2')).statusCode).toBe(200);
    t.clock.advance(windowMs + 1000);
    expect((await attempt('vanna', userPassword, '203.0.113.2')).statusCode).toBe(200);
  });
});
