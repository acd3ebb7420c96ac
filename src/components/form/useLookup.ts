import { useEffect, useState } from 'react';
import { fetchLookup, type TLookupOption } from '@/platform/api/resources';

/** Options lists are small and read often (pickers, filters): kept until a record is written. */
const cache = new Map<string, Promise<TLookupOption[]>>();

export const clearLookupCache = () => cache.clear();

const load = (path: string, query: Record<string, string | number>) => {
  const key = `${path}?${new URLSearchParams(query as Record<string, string>).toString()}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = fetchLookup(path, query);
    cache.set(key, entry);
    // A failed load is not kept: the next render asks again.
    entry.then((options) => options.length === 0 && cache.delete(key)).catch(() => cache.delete(key));
  }
  return entry;
};

/**
 * The options of a lookup; with `parent` set to null (a cascade whose parent is not chosen) there
 * are none and nothing is fetched.
 */
export const useLookup = (path: string | undefined, queryKey?: string, parent?: unknown, inPath = false) => {
  const [state, setState] = useState<{ options: TLookupOption[]; loading: boolean }>({
    options: [],
    loading: false,
  });
  const waiting = queryKey !== undefined && (parent === null || parent === undefined || parent === '');
  const parentValue = waiting ? '' : String(parent ?? '');
  useEffect(() => {
    if (!path || waiting) {
      setState({ options: [], loading: false });
      return;
    }
    let current = true;
    setState((previous) => ({ ...previous, loading: true }));
    const request =
      inPath && queryKey
        ? load(path.replace(`{${queryKey}}`, encodeURIComponent(parentValue)), {})
        : load(path, queryKey ? { [queryKey]: parentValue } : {});
    void request.then((options) => {
      if (current) setState({ options, loading: false });
    });
    return () => {
      current = false;
    };
  }, [path, queryKey, parentValue, waiting, inPath]);
  return { ...state, waiting };
};
