import { useEffect, useMemo, useState } from 'react';
import type { TRouteLocale } from '@/domain/locale';
import type { TFieldDef } from '@/domain/resource';
import { fetchLookup, type TLookupOption } from '@/platform/api/resources';
import { namesById, summaryLookups, type TNameBook, type TNamedInRecord } from './fieldSummary';

/**
 * The names of the ids a record points at (district, country, keeping reason...), from the lookups
 * of its form. A failed lookup leaves its ids unnamed (the call is only logged).
 */
export const useFieldNames = (
  fields: readonly TFieldDef[],
  namedInRecord: TNamedInRecord,
  record: Record<string, unknown> | null,
  locale: TRouteLocale,
) => {
  const requests = useMemo(
    () => (record ? summaryLookups(fields, record, namedInRecord) : []),
    [fields, namedInRecord, record],
  );
  // The calls, not the record: a reload that changes only the status asks nothing again.
  const key = JSON.stringify(requests);
  const [loaded, setLoaded] = useState<{ key: string; options: Record<string, TLookupOption[]> }>({
    key: '[]',
    options: {},
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `requests`
  useEffect(() => {
    if (requests.length === 0) return;
    let current = true;
    void Promise.all(
      requests.map(async (request) => [request.key, await fetchLookup(request.path, request.query)] as const),
    ).then((entries) => {
      if (current) setLoaded({ key, options: Object.fromEntries(entries) });
    });
    return () => {
      current = false;
    };
  }, [key]);
  const names = useMemo<TNameBook>(
    () =>
      Object.fromEntries(
        Object.entries(loaded.options).map(([field, options]) => [field, namesById(options, locale)]),
      ),
    [loaded.options, locale],
  );
  return { names, loading: requests.length > 0 && loaded.key !== key };
};
