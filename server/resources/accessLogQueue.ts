import type { TDb } from '../db/client';
import { accessLog } from '../db/schema';

/** One opening of a record, as the access log keeps it. */
export type TAccessEntry = { userId: number; entity: string; entityId: number; at: Date };

/** How long an opening waits before it is written with the others (docs/decisions.md, h18). */
export const accessFlushMs = 1000;
/** Kept at most while the database refuses them (a long outage): the oldest go first. */
const maxPending = 50_000;

/**
 * The access log written in batches (issue 37): a read adds its row here without a round trip to
 * the database; the rows are written together about a second later, before a timeline is read (so
 * a read shows at once) and when the app closes (a normal stop loses none). A crash loses the rows
 * of the last second (docs/decisions.md).
 */
export const createAccessLogQueue = ({
  db,
  flushMs = accessFlushMs,
  logError,
}: {
  db: TDb;
  flushMs?: number;
  logError: (error: unknown) => void;
}) => {
  let pending: TAccessEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  /** The write under way: a flush waits for it, so rows are never written twice nor raced past. */
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;

  const write = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    try {
      await db.insert(accessLog).values(batch);
    } catch (error) {
      // Kept for the next flush (a database restarting): the log is evidence, not a cache.
      pending = [...batch, ...pending].slice(-maxPending);
      logError(error);
      throw error;
    }
  };

  /** Writes every row added so far (and waits for a write already under way). */
  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    writing = writing.catch(() => undefined).then(write);
    return writing;
  };

  const schedule = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      flush().catch(() => undefined);
    }, flushMs);
    timer.unref();
  };

  return {
    /** Adds an opening; written within `flushMs`, or at the next flush. */
    add: (entry: TAccessEntry) => {
      pending.push(entry);
      if (stopped) return;
      schedule();
    },
    flush,
    /** The rows not written yet (a test's view). */
    pendingCount: () => pending.length,
    /** On close, before the database closes: no more timers, every row written. */
    stop: async () => {
      stopped = true;
      await flush();
    },
  };
};

export type TAccessLogQueue = ReturnType<typeof createAccessLogQueue>;
