import { showPageError } from '@/state/pageError';
import { api, handleFailure, type TApiOptions } from './client';
import { ApiValidationError, errorStatus } from './errors';

/**
 * A record's read on its own page when the record may have been merged into another (issue 35):
 * its read answers 410 `{ mergedInto }`, which the page says (with a link) instead of an error
 * view. Apart from `client.ts` so that the sign-in page's download does not carry it.
 */

/** What a merged record's read answers: the record it was merged into. */
export type TMergedInto = { id: number; code: string };

/** The record a merged one was merged into, when the error is that 410; null otherwise. */
export const mergedIntoOf = (error: unknown): TMergedInto | null => {
  if (errorStatus(error) !== 410) return null;
  const into = ((error as { data?: { mergedInto?: unknown } } | null)?.data?.mergedInto ?? null) as {
    id?: unknown;
    code?: unknown;
  } | null;
  if (typeof into?.id !== 'number') return null;
  return { id: into.id, code: typeof into.code === 'string' ? into.code : String(into.id) };
};

/** A record's read found it merged into another: the page says so instead of an error view. */
export class RecordMergedError extends Error {
  readonly mergedInto: TMergedInto;
  constructor(mergedInto: TMergedInto) {
    super(`Merged into ${mergedInto.code}`);
    this.name = 'RecordMergedError';
    this.mergedInto = mergedInto;
  }
}

/**
 * `apiRecord` (client.ts) that throws `RecordMergedError` for a merged record: any other failure
 * shows the catalogue's view as a record page's read does (an id that is no number: not found).
 */
export const apiRecordOrMerged = async <T>(path: string, options: Omit<TApiOptions, 'errorMode'> = {}) => {
  try {
    try {
      return await api<T>(path, { ...options, errorMode: 'throw' });
    } catch (error) {
      const into = mergedIntoOf(error);
      if (into) throw new RecordMergedError(into);
      return handleFailure(error, 'view');
    }
  } catch (error) {
    if (error instanceof ApiValidationError) showPageError('notFound');
    throw error;
  }
};
