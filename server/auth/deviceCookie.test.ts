import { describe, expect, it } from 'vitest';
import { createDeviceCookies, deviceCookieHeader, parseCookieHeader } from './deviceCookie';

describe('parseCookieHeader', () => {
  it('reads name=value pairs separated by semicolons, values as sent', () => {
    expect([...parseCookieHeader('device.1=a.b.c; locale=kh;theme=dark')]).toEqual([
      ['device.1', 'a.b.c'],
      ['locale', 'kh'],
      ['theme', 'dark'],
    ]);
  });

  it('keeps the first of a repeated name, strips quotes and keeps = inside a value', () => {
    const cookies = parseCookieHeader('a=1; a=2; b="quoted"; c=x=y');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('b')).toBe('quoted');
    expect(cookies.get('c')).toBe('x=y');
  });

  it('skips what is not a pair and answers nothing for no header', () => {
    expect([...parseCookieHeader('garbage; =value; ;;')]).toEqual([]);
    expect(parseCookieHeader(undefined).size).toBe(0);
    expect(parseCookieHeader('').size).toBe(0);
  });
});

describe('device cookies', () => {
  const cookies = createDeviceCookies('a-secret-long-enough-for-hs256-signing');
  const other = createDeviceCookies('another-secret-long-enough-for-hs256');
  const user = { id: 7, username: 'Thida' };
  const now = Date.UTC(2026, 10, 26);

  it('vouches for the user it was issued to, by a new nonce each time', async () => {
    const first = await cookies.issue(user, now);
    const second = await cookies.issue(user, now);
    const nonce = await cookies.nonceOf(first, { id: 7, username: 'thida' }, now);
    expect(nonce).toMatch(/^[0-9a-f-]{36}$/);
    expect(await cookies.nonceOf(second, user, now)).not.toBe(nonce);
  });

  it('refuses another user, a renamed account, another secret, an expired or malformed value', async () => {
    const value = await cookies.issue(user, now);
    expect(await cookies.nonceOf(value, { id: 8, username: 'Thida' }, now)).toBeNull();
    expect(await cookies.nonceOf(value, { id: 7, username: 'vanna' }, now)).toBeNull();
    expect(await other.nonceOf(value, user, now)).toBeNull();
    expect(await cookies.nonceOf(value, user, now + 181 * 24 * 3600 * 1000)).toBeNull();
    for (const bad of [undefined, '', 'x', 'a.b', `${value}x.y`, 'a'.repeat(3000)]) {
      expect(await cookies.nonceOf(bad, user, now)).toBeNull();
    }
  });

  it('is set HttpOnly, SameSite=Strict, for the sign-in route only, for 180 days; Secure over https', () => {
    expect(deviceCookieHeader('device.7', 'v', false)).toBe(
      'device.7=v; Path=/api/v1/auth/sign-in; Max-Age=15552000; HttpOnly; SameSite=Strict',
    );
    expect(deviceCookieHeader('device.7', 'v', true)).toMatch(/; Secure$/);
  });
});
