import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFailure, throttleKeys } from '../../server/auth/throttle';
import { createTestApp, type TTestApp, userPassword } from './testApp';

let t: TTestApp;
beforeAll(async () => {
  // Behind a proxy that says whether the browser used https (the device cookie's Secure flag).
  t = await createTestApp({ trustProxy: true });
  await t.createUser('thida', []);
  await t.createUser('vanna', []);
  await t.createUser('sokha', []);
  await t.createUser('dara', []);
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

/** The device cookies a response sets, by name: the value and the attributes as sent. */
const setCookies = (response: Awaited<ReturnType<typeof attempt>>) => {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes };
  });
};

const cookieOf = (response: Awaited<ReturnType<typeof attempt>>) =>
  setCookies(response)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');

/** Signs in from `address` and answers the device cookie the browser keeps, as a Cookie header. */
const trustedBrowser = async (username: string, address: string) => {
  const response = await attempt(username, userPassword, address);
  expect(response.statusCode).toBe(200);
  const cookies = setCookies(response);
  expect(cookies).toHaveLength(1);
  return { cookie: `${cookies[0].name}=${cookies[0].value}`, name: cookies[0].name, value: cookies[0].value };
};

describe('sign-in throttle with device cookies: no lockout by strangers (issue 22 item 7)', () => {
  it('sets a signed, HttpOnly, SameSite=Strict device cookie for the sign-in route only at a successful sign-in', async () => {
    const failed = await attempt('sokha', 'wrong-password', '10.9.0.1');
    expect(failed.headers['set-cookie']).toBeUndefined();
    const response = await attempt('sokha', userPassword, '10.9.0.1');
    expect(response.statusCode).toBe(200);
    const [cookie] = setCookies(response);
    expect(cookie.value.length).toBeGreaterThan(40);
    expect(cookie.attributes).toEqual(
      expect.arrayContaining([
        'Path=/api/v1/auth/sign-in',
        'HttpOnly',
        'SameSite=Strict',
        'Max-Age=15552000',
      ]),
    );
    expect(cookie.attributes).not.toContain('Secure');
    // Over https (as the proxy says), Secure too; each sign-in issues a new cookie (a new nonce).
    const overHttps = await attempt('sokha', userPassword, '10.9.0.1', { 'x-forwarded-proto': 'https' });
    const [secure] = setCookies(overHttps);
    expect(secure.attributes).toContain('Secure');
    expect(secure.name).toBe(cookie.name);
    expect(secure.value).not.toBe(cookie.value);
  });

  it('an office behind one address: 50 failures there lock out newcomers, not people who signed in from their browser before', async () => {
    const office = '192.0.2.50';
    const vannasBrowser = await trustedBrowser('vanna', office);
    for (let i = 1; i <= 49; i++) await earlierFailures(`ghost-${i}`, office);
    await fail('ghost-50', office);

    expect((await attempt('thida', userPassword, office)).statusCode).toBe(429);
    expect((await attempt('vanna', userPassword, office)).statusCode).toBe(429);
    const trusted = await attempt('vanna', userPassword, office, { cookie: vannasBrowser.cookie });
    expect(trusted.statusCode).toBe(200);
    // Her browser may still mistype: a wrong password answers 400, not 429.
    expect((await attempt('vanna', 'wrong-password', office, { cookie: cookieOf(trusted) })).statusCode).toBe(
      400,
    );
    t.clock.advance(windowMs + 1000);
  });

  it("a stranger failing 100 times for a username from many addresses locks out other browsers, not the user's own", async () => {
    const thidasBrowser = await trustedBrowser('thida', '203.0.113.60');
    for (let i = 1; i <= 99; i++) await earlierFailures('thida', `198.51.100.${i}`);
    await fail('thida', '198.51.100.100');

    // A browser she never signed in from is locked out, as before...
    const untrusted = await attempt('thida', userPassword, '203.0.113.61');
    expect(untrusted.statusCode).toBe(429);
    expect(untrusted.json().message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    const inKhmer = await attempt('thida', userPassword, '203.0.113.61', { locale: 'kh' });
    expect(inKhmer.json().message).toContain('ការព្យាយាមចូលច្រើនដងពេក');
    // ...her own browser is not, wherever she is (a new address, a cookie from an earlier address).
    expect(
      (await attempt('thida', userPassword, '203.0.113.62', { cookie: thidasBrowser.cookie })).statusCode,
    ).toBe(200);
    t.clock.advance(windowMs + 1000);
  });

  it('a trusted browser is limited by its own failures: 10 lock that cookie out for the window, and count nowhere else', async () => {
    const address = '203.0.113.70';
    const browser = await trustedBrowser('dara', address);
    for (let i = 1; i <= 10; i++) {
      expect((await attempt('dara', 'wrong-password', address, { cookie: browser.cookie })).statusCode).toBe(
        400,
      );
    }
    const locked = await attempt('dara', userPassword, address, { cookie: browser.cookie });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await attempt('dara', userPassword, address, { cookie: browser.cookie, locale: 'kh' })).json().message,
    ).toContain('ការព្យាយាមចូលច្រើនដងពេក');
    // Its failures were not counted against the address or the username: another browser there gets in.
    expect((await attempt('dara', userPassword, address)).statusCode).toBe(200);
    t.clock.advance(windowMs + 1000);
    expect((await attempt('dara', userPassword, address, { cookie: browser.cookie })).statusCode).toBe(200);
  });

  it("does not trust a forged cookie, another user's cookie or an expired one: they keep the address limit", async () => {
    const office = '192.0.2.80';
    const sokhasBrowser = await trustedBrowser('sokha', '192.0.2.81');
    const dara = await trustedBrowser('dara', '192.0.2.81');
    for (let i = 1; i <= 49; i++) await earlierFailures(`ghost-${i}`, office);
    await fail('ghost-50', office);

    const [header, payload, signature] = sokhasBrowser.value.split('.');
    const forged = `${header}.${payload}.${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    expect(
      (await attempt('sokha', userPassword, office, { cookie: `${sokhasBrowser.name}=${forged}` }))
        .statusCode,
    ).toBe(429);
    // Dara's cookie, sent under Sokha's name or with Sokha's username, vouches for Dara only.
    expect(
      (await attempt('sokha', userPassword, office, { cookie: `${sokhasBrowser.name}=${dara.value}` }))
        .statusCode,
    ).toBe(429);
    expect((await attempt('sokha', userPassword, office, { cookie: dara.cookie })).statusCode).toBe(429);
    expect((await attempt('sokha', userPassword, office, { cookie: 'garbage; =; a=b=c' })).statusCode).toBe(
      429,
    );
    expect((await attempt('sokha', userPassword, office, { cookie: sokhasBrowser.cookie })).statusCode).toBe(
      200,
    );

    // 180 days later the cookie has expired (the browser would have dropped it too).
    t.clock.advance(181 * 24 * 60 * 60 * 1000);
    for (let i = 1; i <= 49; i++) await earlierFailures(`ghost-${i}`, office);
    await fail('ghost-50', office);
    expect((await attempt('sokha', userPassword, office, { cookie: sokhasBrowser.cookie })).statusCode).toBe(
      429,
    );
    t.clock.advance(windowMs + 1000);
  });
});
