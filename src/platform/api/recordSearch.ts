import type { TResourceDefinition } from '@/domain/resource';
import { api } from './client';
import type { TResourceRow } from './resources';

/** How many records of one resource the palette lists for a search. */
export const recordSearchTake = 5;

/**
 * The first records of a resource whose searchable columns hold every typed word: its paged list
 * `GET {apiBase}?search=&take=5&page=1`. A failure is only logged (the palette then shows none).
 */
export const searchRecords = async (
  definition: Pick<TResourceDefinition, 'apiBase'>,
  search: string,
  signal: AbortSignal,
): Promise<TResourceRow[]> => {
  const answer = await api<{ data?: TResourceRow[] }>(definition.apiBase, {
    query: { search, take: recordSearchTake, page: 1 },
    signal,
    // A 401 still ends the session; anything else is only logged.
    errorMode: 'log',
  });
  return Array.isArray(answer.data) ? answer.data : [];
};
