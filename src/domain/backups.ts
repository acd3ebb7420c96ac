import { z } from 'zod';

/** A backup as `GET /admin/backups` lists it (its state is kept beside the archive in DATA_DIR/backups). */
export const ZBackupSummary = z.object({
  /** The archive's file name, `backup-yyyymmdd-hhmmss.tar.gz` (UTC); the download's address. */
  name: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  startedAt: z.string(),
  finishedAt: z.string().optional(),
  /** Bytes of the archive (done). */
  size: z.number().int().optional(),
  /** A username, `schedule` or `script`. */
  by: z.string(),
  /** Stored files and database rows it holds (done). */
  files: z.number().int().optional(),
  rows: z.number().int().optional(),
  /** Why it failed. */
  error: z.string().optional(),
});
export type TBackupSummary = z.infer<typeof ZBackupSummary>;

/** A successful backup older than this is a warning on the settings screen and the administrators' home. */
export const backupStaleAfterMs = 2 * 24 * 60 * 60 * 1000;

export type TBackupHealth = {
  lastDone?: TBackupSummary;
  /** `none`: never made; `stale`: the last successful one is over two days old; `failed`: the last one failed. */
  warning?: 'none' | 'stale' | 'failed';
};

export const ZBackupHealth = z.object({
  lastDone: ZBackupSummary.optional(),
  warning: z.enum(['none', 'stale', 'failed']).optional(),
});

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
