import { createSecretKey, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { deviceCookieMaxAgeS } from '../../src/domain/constants';

/**
 * OWASP's device cookies (issue 22, DESIGN.md section 7): a successful sign-in leaves in the browser
 * a cookie that vouches "this browser signed in as this user before". A sign-in that presents a
 * valid one for the username is throttled only by that cookie's own failures, so strangers failing
 * against the username or from the same address cannot lock the user out of their own browser.
 */

/** Where the browser sends it: the sign-in route only (never with any other request). */
export const deviceCookiePath = '/api/v1/auth/sign-in';

/**
 * One cookie per user (a browser shared by an office's clerks trusts each who signed in on it);
 * the name carries the user's id, the value proves it.
 */
export const deviceCookieName = (userId: number) => `device.${userId}`;

const ZDeviceClaims = z.object({
  typ: z.literal('device'),
  sub: z.string(),
  /** The lower-cased username the cookie was issued for: a renamed account starts untrusted. */
  username: z.string(),
  /** Random: the cookie's own failure counter is kept under it. */
  jti: z.string().min(1),
  iat: z.number().int(),
  exp: z.number().int(),
});

const cookieToken = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * The cookies of a `Cookie` header, by name (the first of a repeated name wins, as browsers send the
 * most specific path first). Pairs without `=` or with an empty name are skipped; values are taken
 * as sent (a signed token needs no decoding). No dependency for one header.
 */
export const parseCookieHeader = (header: string | undefined): Map<string, string> => {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    let value = pair.slice(at + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    if (name !== '' && !cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
};

/** The `Set-Cookie` value for a device cookie; `Secure` when the browser came over https. */
export const deviceCookieHeader = (name: string, value: string, secure: boolean) =>
  [
    `${name}=${value}`,
    `Path=${deviceCookiePath}`,
    `Max-Age=${deviceCookieMaxAgeS}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');

/** Issues and checks device cookies, signed HS256 with the app's secret. */
export const createDeviceCookies = (secret: string) => {
  const key = createSecretKey(new TextEncoder().encode(secret));

  /** A new cookie value (a new nonce) for the user, valid for the cookie's lifetime. */
  const issue = (user: { id: number; username: string }, nowMs: number) => {
    const iat = Math.floor(nowMs / 1000);
    return new SignJWT({
      typ: 'device',
      sub: String(user.id),
      username: user.username.toLowerCase(),
      jti: randomUUID(),
      iat,
      exp: iat + deviceCookieMaxAgeS,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(key);
  };

  /**
   * The nonce of a cookie value that is signed by this app, unexpired and issued to this user (id
   * and username); null for anything else (forged, expired, another user's, not a token at all).
   */
  const nonceOf = async (
    value: string | undefined,
    user: { id: number; username: string },
    nowMs: number,
  ): Promise<string | null> => {
    if (!value || value.length > 2000 || !cookieToken.test(value)) return null;
    try {
      const { payload } = await jwtVerify(value, key, {
        algorithms: ['HS256'],
        currentDate: new Date(nowMs),
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      });
      const claims = ZDeviceClaims.safeParse(payload);
      if (!claims.success) return null;
      const { sub, username, jti } = claims.data;
      return sub === String(user.id) && username === user.username.toLowerCase() ? jti : null;
    } catch {
      return null;
    }
  };

  return { issue, nonceOf };
};
