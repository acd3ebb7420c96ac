import type { TBackupSummary } from './backups';

// Apart from backups.ts (its zod schemas): the administrators' home warning reads this without
// loading zod on the home page (its 250 KB budget).

/** A successful backup older than this is a warning on the settings screen and the administrators' home. */
export const backupStaleAfterMs = 2 * 24 * 60 * 60 * 1000;

export type TBackupHealth = {
  lastDone?: TBackupSummary;
  /** `none`: never made; `stale`: the last successful one is over two days old; `failed`: the last one failed. */
  warning?: 'none' | 'stale' | 'failed';
};

/** What the screens warn about, from the list (newest first). */
export const backupHealth = (backups: readonly TBackupSummary[], now: number): TBackupHealth => {
  const lastDone = backups.find((backup) => backup.state === 'done');
  const lastFinished = backups.find((backup) => backup.state !== 'running');
  const warning =
    lastFinished?.state === 'failed'
      ? 'failed'
      : !lastDone
        ? 'none'
        : now - Date.parse(lastDone.startedAt) > backupStaleAfterMs
          ? 'stale'
          : undefined;
  return { lastDone, warning };
};
