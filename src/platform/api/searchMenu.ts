import type { TTranslatable } from '@/domain/translatable';
import { api } from './client';

/** One result of `GET /admin/search-menu?search=` (spec section 3). */
export type TMenuSearchResult = { id: number; to: string; menu_title: TTranslatable | string };

/** Menu search failure is not shown (spec section 8): the palette just shows no pages. */
export const searchMenu = async (search: string, signal: AbortSignal): Promise<TMenuSearchResult[]> => {
  const answer = await api<{ data: TMenuSearchResult[] }>('/admin/search-menu', {
    query: { search },
    signal,
    // A 401 still ends the session; anything else is only logged.
    errorMode: 'log',
  });
  return Array.isArray(answer.data) ? answer.data : [];
};
