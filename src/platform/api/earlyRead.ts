import { decodeTokenExpiryMs } from '@/machines/jwt';
import { api } from './client';
import { readAccessToken } from './tokenStore';

/** A page (its address without the locale) whose data `api` is asked with the address's query. */
export type TEarlyRead = { path: string; api: string };

/**
 * Reads a page opened by its address starts while the session is being checked (issue 37: the
 * children's report on a phone waited a round trip for `users/info`, then another for its answer),
 * kept by path and query until the screen takes them.
 */
const started = new Map<string, Promise<unknown>>();

/** How long an early answer waits for its screen; after that the screen asks afresh. */
const keptMs = 15_000;

const keyOf = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))}`;

/**
 * Starts `path` with `query`, with the stored access token, when it is valid for a while yet (no
 * refresh is attempted here: the session does that). Nothing global happens if it fails: the
 * screen then asks again through the ordinary call, which shows the failure as any read does.
 */
export const startEarlyRead = (path: string, query: Record<string, string>): void => {
  const token = readAccessToken();
  const expiresAt = token ? decodeTokenExpiryMs(token) : null;
  if (!token || expiresAt === null || expiresAt < Date.now() + 5_000) return;
  const key = keyOf(path, query);
  if (started.has(key)) return;
  const read = api(path, { query, bearer: token, errorMode: 'throw' });
  read.catch(() => undefined);
  started.set(key, read);
  setTimeout(() => started.delete(key), keptMs);
};

/** The early read of exactly this path and query, once (the next asks the server itself). */
export const takeEarlyRead = <T>(path: string, query: Record<string, string>): Promise<T> | undefined => {
  const key = keyOf(path, query);
  const read = started.get(key) as Promise<T> | undefined;
  started.delete(key);
  return read;
};
