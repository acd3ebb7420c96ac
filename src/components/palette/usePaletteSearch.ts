import { useEffect, useMemo, useState } from 'react';
import type { TClientResource } from '@/components/resource/resourceArea';
import { hasPermission, type TPermissionSubject } from '@/domain/permissions';
import { hasRecordPage, permissionFor } from '@/domain/resource';
import { isAbortError } from '@/platform/api/errors';
import { searchRecords } from '@/platform/api/recordSearch';
import { searchMenu } from '@/platform/api/searchMenu';
import { recordDestination } from './destinations';
import type { TMenuHit, TRecordHit } from './paletteSections';
import type { TRecentDestination } from './recentDestinations';

/** How long typing must pause before the menu search is sent. */
const menuDebounceMs = 150;
/** How long typing must pause before the records are searched (one call per resource). */
const recordDebounceMs = 200;
/** Fewer characters find too much to be useful. */
export const recordSearchMinLength = 2;

type TFound<T> = { query: string; items: T[] };

/**
 * The results of `search(text)` for the text typed now, after a pause; a newer text cancels the
 * older request. Older results stay (tagged with their text) until the new ones arrive, so the
 * list does not flicker while typing. Failures are silent (spec section 8: menu search failure is
 * not shown; a read failure is only logged).
 */
const useDebouncedSearch = <T>(
  text: string,
  enabled: boolean,
  delayMs: number,
  search: (text: string, signal: AbortSignal) => Promise<T[]>,
) => {
  const [found, setFound] = useState<TFound<T>>({ query: '', items: [] });
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setFound({ query: '', items: [] });
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = window.setTimeout(() => {
      search(text, controller.signal)
        .then((items) => {
          if (!controller.signal.aborted) setFound({ query: text, items });
        })
        .catch((error: unknown) => {
          if (!isAbortError(error) && !controller.signal.aborted) setFound({ query: text, items: [] });
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text, enabled, delayMs, search]);
  return { found, loading: enabled && loading };
};

const menuSearch = async (text: string, signal: AbortSignal) => searchMenu(text, signal);

/** `GET /admin/search-menu?search=` for the typed text (spec section 7). */
export const useMenuSearch = (query: string) => {
  const text = query.trim();
  const { found, loading } = useDebouncedSearch(text, text !== '', menuDebounceMs, menuSearch);
  const hits = useMemo<TMenuHit[]>(
    () =>
      found.items.map((item) => ({
        id: item.id,
        to: item.to,
        title: item.menu_title,
        current: found.query === text,
      })),
    [found, text],
  );
  return { hits, loading };
};

/** The resources whose records the palette may search for this user, and whose pages it may open. */
export const searchableResources = (
  resources: readonly TClientResource[],
  user: TPermissionSubject | null | undefined,
): TClientResource[] =>
  resources.filter(
    ({ definition, recordSearch }) =>
      recordSearch &&
      hasPermission(user, permissionFor(definition, 'read')) &&
      // Enter opens the record's page: offer only records the user may open.
      (hasRecordPage(definition) ||
        !definition.editPermission ||
        hasPermission(user, permissionFor(definition, 'update'))),
  );

/**
 * Records whose searchable columns hold the typed words (2 characters or more), from every
 * resource with `recordSearch` the user may read: a few of each, in the resources' order.
 */
export const useRecordSearch = (query: string, resources: readonly TClientResource[]) => {
  const text = query.trim();
  const search = useMemo(
    () =>
      async (typed: string, signal: AbortSignal): Promise<TRecentDestination[]> => {
        const pages = await Promise.all(
          resources.map(async (resource) => {
            try {
              const rows = await searchRecords(resource.definition, typed, signal);
              return rows.map((row) => recordDestination(resource.definition, row));
            } catch (error) {
              if (isAbortError(error)) throw error;
              // One resource failing leaves the others' records (the failure is logged).
              return [];
            }
          }),
        );
        return pages.flat();
      },
    [resources],
  );
  const enabled = resources.length > 0 && [...text].length >= recordSearchMinLength;
  const { found, loading } = useDebouncedSearch(text, enabled, recordDebounceMs, search);
  const hits = useMemo<TRecordHit[]>(
    () => found.items.map((destination) => ({ destination, current: found.query === text })),
    [found, text],
  );
  return { hits, loading };
};
