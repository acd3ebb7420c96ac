import { and, count, gt, inArray, lt, min } from 'drizzle-orm';
import {
  signInFailureWindowMs,
  signInMaxFailuresPerAddress,
  signInMaxFailuresPerPair,
  signInMaxFailuresPerUsername,
} from '../../src/domain/constants';
import type { TDb } from '../db/client';
import { signInFailures } from '../db/schema';

/**
 * The counters one sign-in attempt touches: the lower-cased username from this address (`pair`),
 * the address (`address`) and the username from anywhere (`user`). Each has its own limit.
 */
export type TThrottleKeys = { pair: string; address: string; user: string };

export const throttleKeys = (username: string, address: string): TThrottleKeys => {
  const name = username.toLowerCase();
  return {
    // JSON: no username can make its pair look like another's (a '|' in a name, say).
    pair: `pair:${JSON.stringify([name, address])}`,
    address: `addr:${address}`,
    user: `user:${name}`,
  };
};

const limitOf = (keys: TThrottleKeys, key: string) =>
  key === keys.pair
    ? signInMaxFailuresPerPair
    : key === keys.address
      ? signInMaxFailuresPerAddress
      : signInMaxFailuresPerUsername;

/**
 * Milliseconds until the attempt may be made, or 0 when none of its counters has reached its limit
 * within the window. Unknown usernames are counted like known ones: the answer tells nothing.
 */
export const throttledForMs = async (db: TDb, keys: TThrottleKeys, nowMs: number): Promise<number> => {
  const since = new Date(nowMs - signInFailureWindowMs);
  const rows = await db
    .select({ key: signInFailures.key, failures: count(), oldest: min(signInFailures.at) })
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, Object.values(keys)), gt(signInFailures.at, since)))
    .groupBy(signInFailures.key);
  const waits = rows
    .filter((row) => row.failures >= limitOf(keys, row.key) && row.oldest)
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
 * After the right password: the user's own failures are forgiven (from this address and from
 * anywhere); the address's are not, so a guesser cannot reset them by signing in between guesses.
 */
export const clearFailures = async (db: TDb, keys: TThrottleKeys): Promise<void> => {
  await db.delete(signInFailures).where(inArray(signInFailures.key, [keys.pair, keys.user]));
};
