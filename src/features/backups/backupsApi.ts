import type { TBackupSummary } from '@/domain/backups';
import type { TJobRun } from '@/domain/jobs';
import { api } from '@/platform/api/client';
import { downloadFile } from '@/platform/api/saveBlob';

/** The calls of the backups card (issue 27; super users only). */

/** `GET /admin/backups`: every backup with its state, newest first. */
export const fetchBackups = async (): Promise<TBackupSummary[]> =>
  (await api<{ data: TBackupSummary[] }>('/admin/backups')).data;

/** `POST /admin/backups`: makes one now; answers it once it is done. */
export const makeBackupNow = async (): Promise<TBackupSummary> =>
  (await api<{ data: TBackupSummary }>('/admin/backups', { method: 'POST' })).data;

/** `GET /admin/backups/{name}`: the archive, through the API with the session's token. */
export const downloadBackup = (name: string) =>
  downloadFile(`/admin/backups/${encodeURIComponent(name)}`, name);

/** `GET /admin/jobs`: the last runs of the background jobs, newest first (issue 36). */
export const fetchJobRuns = async (limit = 10): Promise<TJobRun[]> =>
  (await api<{ data: TJobRun[] }>(`/admin/jobs?limit=${limit}`)).data;
