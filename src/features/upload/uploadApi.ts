import type { TImportCommit } from '@/domain/importPlan';
import { apiSend, type TUploadProgress } from '@/platform/api/apiSend';
import { api } from '@/platform/api/client';
import { downloadFile } from '@/platform/api/saveBlob';
import type { TImportKind } from './importKinds';
import { type TCommitResult, type TDryRun, ZCommitResult, ZDryRun } from './uploadAnswers';

/** The import API's calls (issue 25): `/upload/{resource}/...`. */
const base = (kind: TImportKind) => `/upload/${kind.resource}`;

export const downloadTemplate = (kind: TImportKind) =>
  downloadFile(`${base(kind)}/template`, `${kind.resource}-template.xlsx`);

/** Sends the workbook and answers its check; nothing is written. */
export const dryRun = async (
  kind: TImportKind,
  file: File,
  progress: { onProgress: (progress: TUploadProgress) => void; onSent: () => void; signal?: AbortSignal },
): Promise<TDryRun> => {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await apiSend<{ data: unknown }>(`${base(kind)}/dry-run`, body, progress);
  return ZDryRun.parse(answer.data);
};

/** The same workbook with an error column (the server names the file). */
export const downloadErrors = (kind: TImportKind, token: string) =>
  downloadFile(`${base(kind)}/errors/${encodeURIComponent(token)}`, `${kind.resource}-errors.xlsx`);

/**
 * Does what the dry run planned: `createAnyway` names the possible duplicates to create all the same
 * (then `reason`, written on each new record's timeline); the other duplicates are skipped.
 */
export const commitImport = async (
  kind: TImportKind,
  token: string,
  chosen?: { createAnyway: readonly number[]; reason: string },
): Promise<TCommitResult> => {
  const body: TImportCommit =
    chosen && chosen.createAnyway.length > 0
      ? { token, createAnyway: [...chosen.createAnyway], reason: chosen.reason }
      : { token };
  const answer = await api<{ data: unknown }>(`${base(kind)}/commit`, { method: 'POST', body });
  return ZCommitResult.parse(answer.data);
};
