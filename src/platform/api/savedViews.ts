import { atom } from 'jotai';
import type {
  TListPreference,
  TListPreferenceInput,
  TSavedView,
  TSavedViewInput,
  TSavedViewPatch,
} from '@/domain/savedViews';
import { api } from './client';

/**
 * The saved views and list preferences of issue 26 (`/saved-views`, `/list-preferences`). Every
 * change bumps `savedViewsRevisionAtom`, so the list's menu and the palette read them again.
 */
export const savedViewsRevisionAtom = atom(0);

/** One list's views (yours, shared in your office, shipped), or every list's you may read. */
export const fetchSavedViews = async (list: string | null, signal?: AbortSignal): Promise<TSavedView[]> =>
  (
    await api<{ data: TSavedView[] }>('/saved-views', {
      query: list ? { list } : {},
      signal,
      // Views are an aid, not the page: a failure is said in the menu, not as the page's error view.
      errorMode: 'log',
    })
  ).data;

export const fetchListPreference = async (list: string, signal?: AbortSignal): Promise<TListPreference> =>
  (
    await api<{ data: TListPreference }>(`/list-preferences/${encodeURIComponent(list)}`, {
      signal,
      errorMode: 'log',
    })
  ).data;

export const saveListPreference = async (
  list: string,
  body: TListPreferenceInput,
): Promise<TListPreference> =>
  (
    await api<{ data: TListPreference }>(`/list-preferences/${encodeURIComponent(list)}`, {
      method: 'PUT',
      body,
    })
  ).data;

export const createSavedView = async (body: TSavedViewInput): Promise<TSavedView> =>
  (await api<{ data: TSavedView }>('/saved-views', { method: 'POST', body })).data;

export const patchSavedView = async (id: number, body: TSavedViewPatch): Promise<TSavedView> =>
  (await api<{ data: TSavedView }>(`/saved-views/${id}`, { method: 'PATCH', body })).data;

export const deleteSavedView = async (id: number): Promise<void> => {
  await api(`/saved-views/${id}`, { method: 'DELETE' });
};
