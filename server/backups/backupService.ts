import type { FastifyBaseLogger } from 'fastify';
import type { TBackupSummary } from '../../src/domain/backups';
import type { TDatabase, TDb } from '../db/client';
import { migrationsFolder } from '../db/client';
import type { TJobRunner } from '../jobs/jobRuns';
import { observed, type TJobObserver } from '../operations/metrics';
import { readSettings } from '../settings/readSettings';
import { backupFile, listBackups, makeBackup, pruneBackups } from './backupStore';

/** How often the schedule looks at the clock and the settings. */
const scheduleTickMs = 60_000;

export type TBackupService = ReturnType<typeof createBackupService>;

/**
 * The server's backups: made on request (`POST /admin/backups`) or on the schedule of the system
 * settings (`backupHour`, `backupKeepDays`), listed from their states in DATA_DIR/backups.
 */
export const createBackupService = (options: {
  dataDir: string;
  database: Pick<TDatabase, 'driver' | 'snapshot'>;
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
  const make = async (by: string): Promise<TBackupSummary> => {
    const making = makeBackup({
      dataDir: options.dataDir,
      driver: options.database.driver,
      snapshot: options.database.snapshot,
      migrationsFolder,
      by,
      now: options.now,
    });
    current = making.catch(() => undefined);
    const made = await making;
    const { backupKeepDays } = await readSettings(options.db);
    const removed = await pruneBackups(options.dataDir, backupKeepDays, options.now());
    if (removed.length > 0) options.log().info({ removed }, 'Old backups removed');
    return made;
  };

  /**
   * The slot the schedule owes a backup for (today at `backupHour`, as an ISO instant) when that
   * time has passed and no scheduled backup started since; undefined otherwise. A failed one is not
   * retried before the next day (it is on the work queue), and a slot another process ran is
   * skipped by the job runner (its record is in the database; this process's list is its own disk).
   */
  const dueSlot = async (at: Date): Promise<string | undefined> => {
    const { backupHour } = await readSettings(options.db);
    const today = new Date(at);
    today.setHours(backupHour, 0, 0, 0);
    if (at < today) return undefined;
    const backups = await listBackups(options.dataDir);
    const made = backups.some(
      (backup) => backup.by === 'schedule' && Date.parse(backup.startedAt) >= today.getTime(),
    );
    return made ? undefined : today.toISOString();
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
      const slot = await dueSlot(new Date(options.now()));
      if (!slot) return undefined;
      const outcome = await options.jobs.once('backup_schedule', slot, () =>
        observed(options.onScheduledRun, options.now, () => make('schedule')),
      );
      if (!outcome.ran) return undefined;
      options.log().info({ backup: outcome.value.name, size: outcome.value.size }, 'Scheduled backup made');
      return outcome.value;
    } catch (error) {
      // In the log, and on the administrators' work queue (server/modules/backups/backupWorkQueue.ts).
      options.log().error({ err: error }, 'The scheduled backup failed');
      return (error as { backup?: TBackupSummary }).backup;
    } finally {
      ticking = false;
    }
  };

  return {
    make,
    runDue,
    list: () => listBackups(options.dataDir),
    file: (name: string) => backupFile(options.dataDir, name),
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
