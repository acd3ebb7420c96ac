import { createSecretKey } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';

export const ZRefreshClaims = z.object({
  sub: z.string(),
  sid: z.string(),
  typ: z.literal('refresh'),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string(),
});
/** An access token carries the refresh token's claims plus the username, with its own type. */
export const ZAccessClaims = ZRefreshClaims.extend({ username: z.string(), typ: z.literal('access') });
export type TAccessClaims = z.infer<typeof ZAccessClaims>;
export type TRefreshClaims = z.infer<typeof ZRefreshClaims>;

const header = { alg: 'HS256', typ: 'JWT' } as const;

/** How many verified access tokens are remembered (oldest first out). */
const verifiedCacheSize = 10_000;

/**
 * HS256 only. Signing is deterministic: the same claims in the same order give the same token, which
 * is how the refresh grace window answers the same pair again without storing tokens.
 */
export const createTokenSigner = (secret: string) => {
  // A key object made once: jose would otherwise import the raw secret on every verification.
  const key = createSecretKey(new TextEncoder().encode(secret));
  /**
   * Access tokens whose signature and claims were checked, with their claims: every request of a
   * session presents the same token, and an HMAC check costs more than the rest of a cached request.
   * Only the expiry can turn a verified token invalid later, and it is checked on every use.
   */
  const verifiedAccess = new Map<string, TAccessClaims>();

  const sign = (claims: TAccessClaims | TRefreshClaims): Promise<string> =>
    new SignJWT({ ...claims }).setProtectedHeader(header).sign(key);

  /** The claims of a valid, unexpired token of the expected type; null for anything else. */
  const verify = async <T extends 'access' | 'refresh'>(
    token: string,
    typ: T,
    nowMs: number,
  ): Promise<(T extends 'access' ? TAccessClaims : TRefreshClaims) | null> => {
    type TClaims = T extends 'access' ? TAccessClaims : TRefreshClaims;
    if (typ === 'access') {
      const known = verifiedAccess.get(token);
      // jose's rule: expired when exp <= now, in whole seconds.
      if (known) return known.exp > Math.floor(nowMs / 1000) ? (known as TClaims) : null;
    }
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: new Date(nowMs),
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      });
      const parsed = (typ === 'access' ? ZAccessClaims : ZRefreshClaims).safeParse(payload);
      if (!parsed.success) return null;
      if (typ === 'access') {
        verifiedAccess.set(token, Object.freeze(parsed.data as TAccessClaims));
        if (verifiedAccess.size > verifiedCacheSize) {
          verifiedAccess.delete(verifiedAccess.keys().next().value as string);
        }
      }
      return parsed.data as TClaims;
    } catch {
      return null;
    }
  };

  return { sign, verify };
};
export type TTokenSigner = ReturnType<typeof createTokenSigner>;
