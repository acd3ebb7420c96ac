import { useAtom } from 'jotai';
import { useCallback } from 'react';
import type { TListPreference, TSavedView } from '@/domain/savedViews';
import { fetchListPreference, fetchSavedViews, savedViewsRevisionAtom } from '@/platform/api/savedViews';
import { useRemoteData } from '@/platform/api/useRemoteData';
import { useRouteLocale } from '@/platform/useRouteLocale';

export type TListViews = { views: TSavedView[]; preference: TListPreference };

const nothing = async () => null;

/**
 * A list's saved views and the user's preferences for it (rows per page, default view), read again
 * after any change to a view (`changed()`) and in the other language (shipped views' names). Null
 * `list`: a list without views (a variant such as 'Children who can be adopted').
 */
export const useListViews = (list: string | null) => {
  const locale = useRouteLocale();
  const [revision, setRevision] = useAtom(savedViewsRevisionAtom);
  // The shipped views' names come in the request's language: read again in the other one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: locale asks for the names in the new language
  const load = useCallback(
    async (signal: AbortSignal): Promise<TListViews | null> => {
      if (!list) return nothing();
      const [views, preference] = await Promise.all([
        fetchSavedViews(list, signal),
        fetchListPreference(list, signal),
      ]);
      return { views, preference };
    },
    [list, locale],
  );
  const remote = useRemoteData(load, revision);
  const changed = useCallback(() => setRevision((value) => value + 1), [setRevision]);
  return { remote, changed };
};
