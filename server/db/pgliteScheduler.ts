import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { TDbPriority } from './dbPriority';

export type TPgliteSchedulerOptions = {
  /**
   * A background job waiting this long goes next whatever waits (docs/decisions.md, issue 37: 1 s,
   * a report's statements are delayed at most that much each under a steady stream of requests).
   */
  starvationMs?: number;
  /**
   * After an interactive job, background work waits this long for that request's next statement
   * (its code runs between two statements): without it a report would slip in between each.
   */
  anticipateMs?: number;
  now?: () => number;
  /** Told each job's priority, how long it waited and how long it held the connection (benches). */
  observe?: (job: { priority: TDbPriority; waitedMs: number; heldMs: number }) => void;
  /** Every job as interactive: first come, first served, as PGlite alone (the benches' 'before'). */
  ignorePriorities?: () => boolean;
};

type TJob = {
  priority: TDbPriority;
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  queuedAt: number;
};

export type TPgliteScheduler = ReturnType<typeof createPgliteScheduler>;

/**
 * Hands PGlite's one connection (issue 37) to one job at a time — a statement, or a whole
 * transaction — interactive jobs before background ones, in arrival order within each. PGlite's own
 * lock is first come, first served: five report loops put every request's statements behind theirs.
 * A call made from inside a running job (a transaction's callback calling the database beside its
 * transaction) is not queued: it goes straight to PGlite, as it would without the scheduler, rather
 * than waiting forever for the job that waits for it.
 */
export const createPgliteScheduler = (options: TPgliteSchedulerOptions = {}) => {
  const starvationMs = options.starvationMs ?? 1000;
  const anticipateMs = options.anticipateMs ?? 2;
  const now = options.now ?? (() => performance.now());
  const queues: Record<TDbPriority, TJob[]> = { interactive: [], background: [] };
  /** The job whose code runs now: a call made while it still runs is part of it. */
  const insideJob = new AsyncLocalStorage<{ running: boolean }>();
  let running = false;
  let interactiveEndedAt = Number.NEGATIVE_INFINITY;
  let holding: NodeJS.Timeout | undefined;

  /** Set once the event loop has had a turn since the last job: see `pick`. */
  let loopTurned = false;
  let turning = false;

  const pick = (): TJob | 'hold' | 'turn' | undefined => {
    const oldestBackground = queues.background[0];
    const at = now();
    if (oldestBackground && at - oldestBackground.queuedAt >= starvationMs) return queues.background.shift();
    if (queues.interactive.length > 0) return queues.interactive.shift();
    if (!oldestBackground) return undefined;
    if (at - interactiveEndedAt < anticipateMs) return 'hold';
    // PGlite runs on this thread: while a job ran, requests that came in were not even read. One
    // turn of the event loop (its I/O first) lets them ask for the connection before a report does.
    return loopTurned ? queues.background.shift() : 'turn';
  };

  const next = () => {
    if (running || turning) return;
    clearTimeout(holding);
    holding = undefined;
    const job = pick();
    if (job === 'hold') {
      holding = setTimeout(next, Math.max(1, anticipateMs - (now() - interactiveEndedAt)));
      return;
    }
    if (job === 'turn') {
      turning = true;
      setImmediate(() => {
        turning = false;
        loopTurned = true;
        next();
      });
      return;
    }
    if (!job) return;
    running = true;
    loopTurned = false;
    const startedAt = now();
    new Promise((resolve) => resolve(job.work())).then(job.resolve, job.reject).finally(() => {
      running = false;
      const endedAt = now();
      if (job.priority === 'interactive') interactiveEndedAt = endedAt;
      options.observe?.({
        priority: job.priority,
        waitedMs: startedAt - job.queuedAt,
        heldMs: endedAt - startedAt,
      });
      next();
    });
  };

  return {
    /** Runs `work` when the connection is its turn; answers what `work` answers. */
    run: <T>(asked: TDbPriority, work: () => Promise<T>): Promise<T> => {
      if (insideJob.getStore()?.running) return work();
      const priority = options.ignorePriorities?.() ? 'interactive' : asked;
      return new Promise<T>((resolve, reject) => {
        const job = { running: true };
        queues[priority].push({
          priority,
          // In the caller's context (its request's, its priority), whichever job's end starts it.
          work: AsyncResource.bind(() =>
            insideJob.run(job, () =>
              work().finally(() => {
                job.running = false;
              }),
            ),
          ),
          resolve: resolve as (value: unknown) => void,
          reject,
          queuedAt: now(),
        });
        next();
      });
    },
    /** Jobs waiting, by priority (the metrics, the tests). */
    waiting: () => ({ interactive: queues.interactive.length, background: queues.background.length }),
  };
};
