import { and, count, gt, inArray, lt, min } from 'drizzle-orm';
import { signInFailureWindowMs, signInMaxFailures } from '../../src/domain/constants';
import type { TDb } from '../db/client';
import { signInFailures } from '../db/schema';

/** Throttle keys of one sign-in attempt: the lower-cased username and the client address. */
export const throttleKeys = (username: string, address: string) => ({
  user: `user:${username.toLowerCase()}`,
  address: `addr:${address}`,
});

/**
 * Milliseconds until a throttled key may try again, or 0 when none of `keys` has reached
 * `signInMaxFailures` failures within the window.
 */
export const throttledForMs = async (db: TDb, keys: string[], nowMs: number): Promise<number> => {
  const since = new Date(nowMs - signInFailureWindowMs);
  const rows = await db
    .select({ key: signInFailures.key, failures: count(), oldest: min(signInFailures.at) })
    .from(signInFailures)
    .where(and(inArray(signInFailures.key, keys), gt(signInFailures.at, since)))
    .groupBy(signInFailures.key);
  const waits = rows
    .filter((row) => row.failures >= signInMaxFailures && row.oldest)
    .map((row) => new Date(row.oldest as Date | string).getTime() + signInFailureWindowMs - nowMs);
  return Math.max(0, ...waits);
};

export const recordFailure = async (db: TDb, keys: string[], nowMs: number): Promise<void> => {
  const at = new Date(nowMs);
  await db.insert(signInFailures).values(keys.map((key) => ({ key, at })));
  // Failures older than the window no longer count; drop them so the table stays small.
  await db.delete(signInFailures).where(lt(signInFailures.at, new Date(nowMs - signInFailureWindowMs)));
};

export const clearFailures = async (db: TDb, key: string): Promise<void> => {
  await db.delete(signInFailures).where(inArray(signInFailures.key, [key]));
};
