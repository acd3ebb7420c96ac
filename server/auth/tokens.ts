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

/**
 * HS256 only. Signing is deterministic: the same claims in the same order give the same token, which
 * is how the refresh grace window answers the same pair again without storing tokens.
 */
export const createTokenSigner = (secret: string) => {
  const key = new TextEncoder().encode(secret);

  const sign = (claims: TAccessClaims | TRefreshClaims): Promise<string> =>
    new SignJWT({ ...claims }).setProtectedHeader(header).sign(key);

  /** The claims of a valid, unexpired token of the expected type; null for anything else. */
  const verify = async <T extends 'access' | 'refresh'>(
    token: string,
    typ: T,
    nowMs: number,
  ): Promise<(T extends 'access' ? TAccessClaims : TRefreshClaims) | null> => {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: new Date(nowMs),
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      });
      const parsed = (typ === 'access' ? ZAccessClaims : ZRefreshClaims).safeParse(payload);
      return parsed.success ? (parsed.data as T extends 'access' ? TAccessClaims : TRefreshClaims) : null;
    } catch {
      return null;
    }
  };

  return { sign, verify };
};
export type TTokenSigner = ReturnType<typeof createTokenSigner>;
