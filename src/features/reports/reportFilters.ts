import { reportDayRange, ZReportQuery } from '@/domain/reports/reportQuery';

/** The report filters in the address's order (issue 24); each is a query parameter of the API too. */
export const reportFilterKeys = [
  'from',
  'to',
  'provinceId',
  'headOfficeId',
  'sex',
  'ageBand',
  'disability',
] as const;
export type TReportFilterKey = (typeof reportFilterKeys)[number];

/** Filters as the address and the API carry them: text values, absent when not chosen. */
export type TReportFilters = Partial<Record<TReportFilterKey, string>>;

/**
 * The filters an address holds, of those `allowed` (a report shows only the filters that change
 * it): a value the API would refuse (a bad day, an unknown band) is dropped rather than sent, so
 * an edited or old address still opens its report.
 */
export const filtersFromSearch = (
  search: string | URLSearchParams,
  allowed: readonly TReportFilterKey[],
): TReportFilters => {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: TReportFilters = {};
  for (const key of allowed) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (!ZReportQuery.shape[key].safeParse(value).success) continue;
    // A day outside those a report may be asked about (issue 35) would be refused as well.
    if ((key === 'from' || key === 'to') && (value < reportDayRange.first || value > reportDayRange.last))
      continue;
    filters[key] = value;
  }
  return filters;
};

/** The address's query (`?from=…&provinceId=…`, '' with no filter), in a fixed order: one report, one address. */
export const searchOfFilters = (filters: TReportFilters, allowed: readonly TReportFilterKey[]): string => {
  const params = new URLSearchParams();
  for (const key of reportFilterKeys) {
    const value = filters[key];
    if (allowed.includes(key) && value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** The query the API and the export are asked with: the same filters as the address. */
export const apiQueryOf = (filters: TReportFilters): Record<string, string> =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value))) as Record<string, string>;
