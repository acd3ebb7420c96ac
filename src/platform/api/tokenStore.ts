import type { TTokenPair } from '@/domain/auth';
import {
  accessTokenCookie,
  defaultAccessTokenTtlS,
  defaultRefreshTokenTtlS,
  refreshTokenCookie,
} from '@/domain/constants';
import { decodeTokenExpiryMs } from '@/machines/jwt';
import { deleteCookie, readCookie, writeCookie } from '@/platform/cookies';

/**
 * The auth tokens live in cookies prefixed `auth.` (spec section 9), so every tab reads the same
 * pair. A BroadcastChannel tells the other tabs when the pair changes or the user signs out.
 */
export type TStoredTokens = { accessToken: string | null; refreshToken: string | null };

export type TAuthBroadcast =
  | { type: 'tokens'; accessToken: string; refreshToken: string }
  | { type: 'signedOut' };

export const readStoredTokens = (): TStoredTokens => ({
  accessToken: readCookie(accessTokenCookie),
  refreshToken: readCookie(refreshTokenCookie),
});

export const readAccessToken = (): string | null => readCookie(accessTokenCookie);

const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('auth');

/** What this tab last wrote or heard: a tab never echoes back what another tab told it. */
let lastKnown: string | null = null;
const fingerprint = (pair: TTokenPair | null): string | null =>
  pair ? `${pair.accessToken}|${pair.refreshToken}` : null;

const expiryDate = (token: string, fallbackSeconds: number): Date =>
  new Date(decodeTokenExpiryMs(token) ?? Date.now() + fallbackSeconds * 1000);

export const storeTokens = (pair: TTokenPair): void => {
  writeCookie(accessTokenCookie, pair.accessToken, expiryDate(pair.accessToken, defaultAccessTokenTtlS));
  writeCookie(refreshTokenCookie, pair.refreshToken, expiryDate(pair.refreshToken, defaultRefreshTokenTtlS));
  const print = fingerprint(pair);
  if (print !== lastKnown) {
    lastKnown = print;
    channel?.postMessage({ type: 'tokens', ...pair } satisfies TAuthBroadcast);
  }
};

export const clearStoredTokens = (): void => {
  deleteCookie(accessTokenCookie);
  deleteCookie(refreshTokenCookie);
  if (lastKnown !== 'signedOut') {
    lastKnown = 'signedOut';
    channel?.postMessage({ type: 'signedOut' } satisfies TAuthBroadcast);
  }
};

/** Messages from the other tabs. */
export const onAuthBroadcast = (listener: (message: TAuthBroadcast) => void): (() => void) => {
  if (!channel) return () => {};
  const handle = (event: MessageEvent<TAuthBroadcast>) => {
    const message = event.data;
    if (message?.type === 'tokens') lastKnown = fingerprint(message);
    else if (message?.type === 'signedOut') lastKnown = 'signedOut';
    else return;
    listener(message);
  };
  channel.addEventListener('message', handle);
  return () => channel.removeEventListener('message', handle);
};
