import { tokenExpirySkewMs } from './timing';

/** base64url -> UTF-8 text with `atob` and `TextDecoder`, so it runs in the browser and in Node alike. */
const decodeBase64Url = (segment: string): string => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
};

/**
 * The token's `exp` in epoch milliseconds, read without verifying the signature (the client only needs
 * to know when to refresh; the server verifies). Null when the token is missing, malformed or has no `exp`.
 */
export const decodeTokenExpiryMs = (token: string | null | undefined): number | null => {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const payload: unknown = JSON.parse(decodeBase64Url(parts[1]));
    if (!payload || typeof payload !== 'object') return null;
    const { exp } = payload as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
};

/** A token counts as expired `tokenExpirySkewMs` before its `exp`; one we cannot read counts as expired. */
export const isTokenExpired = (token: string | null | undefined, nowMs: number): boolean => {
  const expiryMs = decodeTokenExpiryMs(token);
  return expiryMs === null || nowMs >= expiryMs - tokenExpirySkewMs;
};
