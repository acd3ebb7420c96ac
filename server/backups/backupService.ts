import { and, eq, like, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TBackupSummary } from '../../src/domain/backups';
import type { TDb } from '../db/client';
import { migrationsFolder } from '../db/client';
import { jobRuns } from '../db/schema';
import type { TJobRunner } from '../jobs/jobRuns';
import { observed, type TJobObserver } from '../operations/metrics';
import { readSettings } from '../settings/readSettings';
import {
  backupFile,
  importStateFiles,
  listBackups,
  makeBackup,
  pruneBackups,
  type TBackupDatabase,
} from './backupStore';

/** How often the schedule looks at the clock and the settings. */
const scheduleTickMs = 60_000;

/**
 * After a failed scheduled backup, the minutes before each next attempt (issue 36): 2, 4, 8, 16, 30,
 * the last within the hour; then the failure waits on the work queue for the next day's.
 */
export const scheduledRetryDelaysMin = [2, 4, 8, 16, 30] as const;

/** The job run's slot of an attempt: the day's slot, then `<slot> retry <n>`. */
const attemptSlot = (slot: string, attempt: number) => (attempt === 0 ? slot : `${slot} retry ${attempt}`);

export type TBackupService = ReturnType<typeof createBackupService>;

/**
 * The server's backups: made on request (`POST /admin/backups`) or on the schedule of the system
 * settings (`backupHour`, `backupKeepDays`), listed from the `backups` table (every process of the
 * cluster), their archives in BACKUP_DIR.
 */
export const createBackupService = (options: {
  dataDir: string;
  backupDir: string;
  database: TBackupDatabase;
  db: TDb;
  now: () => number;
  log: () => FastifyBaseLogger;
  /** Told of every scheduled backup made or failed (the server's metrics, issue 36). */
  onScheduledRun?: TJobObserver;
  /** Runs the scheduled backup once per cluster and records its runs (issue 36). */
  jobs: TJobRunner;
}) => {
  /** The backup being made, so that closing the server waits for it before the database closes. */
  let current: Promise<unknown> = Promise.resolve();
  const make = async (by: string, slot?: string): Promise<TBackupSummary> => {
    const making = makeBackup({
      database: options.database,
      dataDir: options.dataDir,
      backupDir: options.backupDir,
      migrationsFolder,
      by,
      slot,
      now: options.now,
    });
    current = making.catch(() => undefined);
    const made = await making;
    const { backupKeepDays } = await readSettings(options.db);
    const removed = await pruneBackups(options.db, options.backupDir, backupKeepDays, options.now());
    if (removed.length > 0) options.log().info({ removed }, 'Old backups removed');
    return made;
  };

  /**
   * The job slot the schedule owes a run for, and the day's slot it is for: today at `backupHour`
   * once that time has passed and no run for it succeeded; after a failed run, the next attempt
   * once its delay has passed (`scheduledRetryDelaysMin`). Read from the job runs of the whole
   * cluster, so a day's attempts are counted whichever process made them.
   */
  const dueSlot = async (at: Date): Promise<{ slot: string; attempt: string } | undefined> => {
    const { backupHour } = await readSettings(options.db);
    const today = new Date(at);
    today.setHours(backupHour, 0, 0, 0);
    if (at < today) return undefined;
    const slot = today.toISOString();
    const runs = await options.db
      .select({ result: jobRuns.result, finishedAt: jobRuns.finishedAt, startedAt: jobRuns.startedAt })
      .from(jobRuns)
      .where(
        and(
          eq(jobRuns.job, 'backup_schedule'),
          or(eq(jobRuns.slot, slot), like(jobRuns.slot, `${slot} retry %`)),
        ),
      );
    if (runs.length === 0) return { slot, attempt: slot };
    if (runs.some((run) => run.result === 'ok')) return undefined;
    // A run still `running` is either under way (the job's lock then skips this attempt) or was
    // left by a process that stopped: counted as failed, so the day's retries go on after a crash.
    const failed = runs.length;
    if (failed > scheduledRetryDelaysMin.length) return undefined;
    const last = Math.max(...runs.map((run) => (run.finishedAt ?? run.startedAt).getTime()));
    if (at.getTime() < last + scheduledRetryDelaysMin[failed - 1] * 60_000) return undefined;
    return { slot, attempt: attemptSlot(slot, failed) };
  };

  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  /** The schedule's run under way (with its record and lock), which closing the server waits for. */
  let scheduled: Promise<unknown> = Promise.resolve();
  /**
   * Makes the scheduled backup when one is due and no process of the cluster made it; answers it
   * (undefined: none due, one running, or another process's).
   */
  const runDue = async (): Promise<TBackupSummary | undefined> => {
    if (ticking) return undefined;
    ticking = true;
    try {
      const due = await dueSlot(new Date(options.now()));
      if (!due) return undefined;
      const outcome = await options.jobs.once('backup_schedule', due.attempt, () =>
        observed(options.onScheduledRun, options.now, () => make('schedule', due.slot)),
      );
      if (!outcome.ran) return undefined;
      options.log().info({ backup: outcome.value.name, size: outcome.value.size }, 'Scheduled backup made');
      return outcome.value;
    } catch (error) {
      // In the log, and on the administrators' work queue (server/modules/backups/backupWorkQueue.ts);
      // tried again after a growing delay (dueSlot). Another backup under way fails this attempt too.
      options.log().error({ err: error }, 'The scheduled backup failed');
      return (error as { backup?: TBackupSummary }).backup;
    } finally {
      ticking = false;
    }
  };

  return {
    make,
    runDue,
    list: () => listBackups(options.db),
    file: (name: string) => backupFile(options.db, options.backupDir, name),
    /** Lists the archives made before the list was in the database (their `.json` states), once. */
    importStateFiles: () => importStateFiles(options.db, options.backupDir),
    /** Starts the schedule (the server, not the tests); the timer never keeps the process alive. */
    startSchedule: () => {
      timer = setInterval(() => {
        scheduled = runDue();
      }, scheduleTickMs);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      await Promise.allSettled([current, scheduled]);
    },
  };
};
