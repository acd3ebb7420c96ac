import type { TDuplicateMatch, TDuplicatePair } from '@/domain/duplicates';
import type { TResourceDefinition } from '@/domain/resource';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { wordOf } from '@/i18n/wordOf';
import { api } from '@/platform/api/client';
import type { TResourceRow } from '@/platform/api/resources';

/**
 * The calls of the duplicate check (issue 35, the contract in docs/decisions.md 'Issue 35'), for
 * any resource whose description has a `duplicateCheck`: `{apiBase}/duplicate-check`,
 * `/duplicates`, `/duplicates/dismiss`, `/merge`, and the two answers that carry more than a
 * message: a save's 409 `{ duplicates }` and a merged record's 410 `{ mergedInto }`.
 */
type TBase = Pick<TResourceDefinition, 'apiBase'>;

/** Possible duplicates of what the form holds; a failure is only logged (the save asks the server again). */
export const checkDuplicates = (
  definition: TBase,
  candidate: Record<string, unknown>,
  signal: AbortSignal,
): Promise<TDuplicateMatch[]> =>
  api<{ data: TDuplicateMatch[] }>(`${definition.apiBase}/duplicate-check`, {
    method: 'POST',
    body: candidate,
    signal,
    errorMode: 'log',
  }).then((answer) => answer.data);

export type TPairsPage = {
  data: TDuplicatePair[];
  paginateMeta: { itemCount: number; page: number; pageCount: number; hasNextPage?: boolean };
};

/** One page of the possible pairs (the lists' paging: `page`, `take`). */
export const fetchDuplicatePairs = (
  definition: TBase,
  page: number,
  take: number,
  signal: AbortSignal,
): Promise<TPairsPage> =>
  api<TPairsPage>(`${definition.apiBase}/duplicates`, {
    query: { page, take, perPage: take },
    signal,
    errorMode: 'log',
  });

export const dismissDuplicatePair = (definition: TBase, body: { aId: number; bId: number; reason: string }) =>
  api<unknown>(`${definition.apiBase}/duplicates/dismiss`, { method: 'POST', body });

export const mergeRecords = (
  definition: TBase,
  body: { keepId: number; mergeId: number; fields: Record<string, 'keep' | 'merge'>; reason: string },
) => api<{ data: TResourceRow }>(`${definition.apiBase}/merge`, { method: 'POST', body });

/** A record for the merge dialog (a failure is the dialog's to say). */
export const fetchRecordForMerge = (definition: TBase, id: number, signal: AbortSignal) =>
  api<{ data: TResourceRow }>(`${definition.apiBase}/${id}`, { signal, errorMode: 'log' }).then(
    (answer) => answer.data,
  );

const dataOf = (error: unknown): Record<string, unknown> | null => {
  const data = (error as { data?: unknown } | null)?.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
};

const statusOf = (error: unknown): number | undefined => {
  const object = error as { statusCode?: unknown; status?: unknown } | null;
  const data = dataOf(error);
  const status = data?.statusCode ?? object?.statusCode ?? object?.status;
  return typeof status === 'number' ? status : undefined;
};

/** The likely duplicates a refused save (409) names, or null when the 409 is about something else. */
export const duplicatesOf = (error: unknown): TDuplicateMatch[] | null => {
  if (statusOf(error) !== 409) return null;
  const duplicates = dataOf(error)?.duplicates;
  return Array.isArray(duplicates) && duplicates.length > 0 ? (duplicates as TDuplicateMatch[]) : null;
};

/** A reason in words (`duplicates.reasons.<reason>`), the key itself when the dictionary has none. */
export const duplicateReasonText = (LL: TranslationFunctions, reason: string): string =>
  wordOf(LL.duplicates?.reasons, reason)?.() || reason;

/** 0..1 as a whole percentage. */
export const scorePercent = (score: number): number => Math.round(Math.min(1, Math.max(0, score)) * 100);
