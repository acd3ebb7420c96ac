import { z } from 'zod';

/** A backup as `GET /admin/backups` lists it (its row in the `backups` table; the archive in BACKUP_DIR). */
export const ZBackupSummary = z.object({
  /** The archive's file name, `backup-yyyymmdd-hhmmss-<6 hex>.tar.gz` (UTC); the download's address. */
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

export const ZBackupHealth = z.object({
  lastDone: ZBackupSummary.optional(),
  warning: z.enum(['none', 'stale', 'failed']).optional(),
});
