import { hostname } from 'node:os';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { TJobName, TJobRun } from '../../src/domain/jobs';
import type { TDatabase } from '../db/client';
import { inBackground } from '../db/dbPriority';
import { jobRuns } from '../db/schema';

/** Runs kept per job: a daily backup's 50 days (with its retries, fewer). */
const keptRunsPerJob = 50;

/** This process, as a run records it (several servers on one database: which one ran it). */
export const processName = () => `${hostname()}:${process.pid}`;

/** What a run left unfinished by a process that stopped (crashed, killed) is recorded as. */
export const interruptedRunError = 'Interrupted: the process running it stopped.';

export type TJobOutcome<T> = { ran: true; value: T } | { ran: false; reason: 'locked' | 'done' };

export type TJobRunner = ReturnType<typeof createJobRunner>;

/**
 * The background jobs' runs once per cluster (issue 36). A timer's run, in whichever process its
 * timer fires first:
 *  1. takes the job's cluster-wide lock (a PostgreSQL advisory lock held for the whole run; trivially
 *     held on PGlite, one process): while another process runs the job, this one skips;
 *  2. claims its slot by inserting its row (unique job and slot): a slot another process already ran
 *     (its timer fired a little earlier) is skipped, so a slot runs once even when the timers of
 *     two processes fire apart;
 *  3. runs, and records when it finished, how long it took and how it ended.
 */
export const createJobRunner = (options: {
  database: Pick<TDatabase, 'db' | 'withLock'>;
  now: () => number;
  process?: string;
}) => {
  const { db } = options.database;
  const where = options.process ?? processName();

  /** A job is background work (issue 37): on PGlite its statements wait for the requests'. */
  const once = <T>(job: TJobName, slot: string, run: () => Promise<T>): Promise<TJobOutcome<T>> =>
    inBackground(() => onceNow(job, slot, run));

  const onceNow = async <T>(job: TJobName, slot: string, run: () => Promise<T>): Promise<TJobOutcome<T>> => {
    const locked = await options.database.withLock(`job:${job}`, async (): Promise<TJobOutcome<T>> => {
      const startedAt = options.now();
      // Holding the job's lock, no run of it is under way anywhere: a run still `running` was
      // interrupted (its process stopped). Recorded as failed, so the runs list says so and a schedule
      // that retries failed runs (the backup's) tries again rather than waiting on it forever.
      await db
        .update(jobRuns)
        .set({ finishedAt: new Date(startedAt), result: 'failed', error: interruptedRunError })
        .where(and(eq(jobRuns.job, job), eq(jobRuns.result, 'running')));
      const [claimed] = await db
        .insert(jobRuns)
        .values({ job, slot, startedAt: new Date(startedAt), process: where })
        .onConflictDoNothing({ target: [jobRuns.job, jobRuns.slot] })
        .returning({ id: jobRuns.id });
      if (!claimed) return { ran: false, reason: 'done' };
      const finish = async (result: 'ok' | 'failed', error?: string) => {
        const finishedAt = options.now();
        await db
          .update(jobRuns)
          .set({ finishedAt: new Date(finishedAt), durationMs: finishedAt - startedAt, result, error })
          .where(eq(jobRuns.id, claimed.id));
        await prune(job);
      };
      try {
        const value = await run();
        await finish('ok');
        return { ran: true, value };
      } catch (error) {
        await finish('failed', error instanceof Error ? error.message : String(error)).catch(() => undefined);
        throw error;
      }
    });
    return locked.held ? locked.value : { ran: false, reason: 'locked' };
  };

  /** Keeps the job's last runs; a slot pruned is long past (the timers claim only current ones). */
  const prune = async (job: TJobName) => {
    const kept = db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(eq(jobRuns.job, job))
      .orderBy(desc(jobRuns.id))
      .limit(keptRunsPerJob);
    await db.delete(jobRuns).where(and(eq(jobRuns.job, job), notInArray(jobRuns.id, kept)));
  };

  /** The last runs of every job, newest first. */
  const list = async (limit = 20, jobs?: readonly TJobName[]): Promise<TJobRun[]> => {
    const rows = await db
      .select()
      .from(jobRuns)
      .where(jobs ? inArray(jobRuns.job, [...jobs]) : sql`true`)
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      job: row.job as TJobName,
      slot: row.slot,
      startedAt: row.startedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString(),
      process: row.process,
      durationMs: row.durationMs ?? undefined,
      result: row.result as TJobRun['result'],
      error: row.error ?? undefined,
    }));
  };

  return { once, list };
};
