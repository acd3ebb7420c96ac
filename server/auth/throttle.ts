import { and, count, gt, inArray, lt, min } from 'drizzle-orm';
import {
  signInFailureWindowMs,
  signInMaxFailuresPerAddress,
  signInMaxFailuresPerDevice,
  signInMaxFailuresPerPair,
  signInMaxFailuresPerUsername,
} from '../../src/domain/constants';
import type { TDb } from '../db/client';
import { signInFailures } from '../db/schema';

/**
 * The counters one sign-in attempt touches. From a client not trusted for the username: the
 * lower-cased username from this address (`pair`), the address (`address`) and the username from
 * anywhere (`user`). From a browser holding a valid device cookie for it: that cookie (`device`)
 * alone (OWASP's device cookies, issue 22). Each has its own limit.
 */
type TCounter = 'pair' | 'address' | 'user' | 'device';
export type TThrottleKeys = Partial<Record<TCounter, string>>;

const limits: Record<TCounter, number> = {
  pair: signInMaxFailuresPerPair,
  address: signInMaxFailuresPerAddress,
  user: signInMaxFailuresPerUsername,
  device: signInMaxFailuresPerDevice,
};

export const throttleKeys = (username: string, address: string): TThrottleKeys => {
  const name = username.toLowerCase();
  return {
    // JSON: no username can make its pair look like another's (a '|' in a name, say).
    pair: `pair:${JSON.stringify([name, address])}`,
    address: `addr:${address}`,
    user: `user:${name}`,
  };
};

/** The counter of a device cookie's nonce: a trusted browser's own failures. */
export const deviceThrottleKeys = (nonce: string): TThrottleKeys => ({
  device: `device:${JSON.stringify(nonce)}`,
});

const limitsByKey = (keys: TThrottleKeys) =>
  new Map(Object.entries(keys).map(([counter, key]) => [key, limits[counter as TCounter]]));

/**
 * Milliseconds until the attempt may be made, or 0 when none of its counters has reached its limit
 * within the window. Unknown usernames are counted like known ones: the answer tells nothing.
 */
export const throttledForMs = async (db: TDb, keys: TThrottleKeys, nowMs: number): Promise<number> => {
  const since = new Date(nowMs - signInFailureWindowMs);
  const limitOf = limitsByKey(keys);
  const rows = await db
    .select({ key: signInFailures.key, failures: count(), oldest: min(signInFailures.at) })
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, Object.values(keys)), gt(signInFailures.at, since)))
    .groupBy(signInFailures.key);
  const waits = rows
    .filter((row) => row.failures >= (limitOf.get(row.key) ?? 0) && row.oldest)
    .map((row) => new Date(row.oldest as Date | string).getTime() + signInFailureWindowMs - nowMs);
  return Math.max(0, ...waits);
};

export const recordFailure = async (db: TDb, keys: TThrottleKeys, nowMs: number): Promise<void> => {
  const at = new Date(nowMs);
  await db.insert(signInFailures).values(Object.values(keys).map((key) => ({ key, at })));
  // Failures older than the window no longer count; drop them so the table stays small.
  await db.delete(signInFailures).where(lt(signInFailures.at, new Date(nowMs - signInFailureWindowMs)));
};

/**
 * After the right password: the user's own failures are forgiven (from this address, from anywhere,
 * from this browser); the address's are not, so a guesser cannot reset them by signing in between
 * guesses.
 */
export const clearFailures = async (db: TDb, keys: TThrottleKeys): Promise<void> => {
  const forgiven = [keys.pair, keys.user, keys.device].filter((key) => key !== undefined);
  if (forgiven.length > 0) await db.delete(signInFailures).where(inArray(signInFailures.key, forgiven));
};
