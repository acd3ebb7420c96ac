import { rowsPerPageOptions } from '@/domain/constants';
import { columnsParam, parseColumnsParam } from '@/domain/savedViews';
import type { TListView } from '@/machines/listViewTypes';

/** What a list shows (the list view machine's own type), kept in the address by the functions below. */
export type { TListView };

export const defaultListView = (length = 10): TListView => ({
  page: 1,
  length,
  search: '',
  sort: null,
  order: 'asc',
  filters: {},
});

const isRowsPerPage = (value: number) => (rowsPerPageOptions as readonly number[]).includes(value);

/**
 * The view of an address written by hand or by another screen with plain parameters
 * (`?mine=mine&status=pending&sort=plannedDate&order=asc`, a saved view such as 'My follow-ups'):
 * the list page then writes it back in its own form.
 */
const plainFilter = (params: URLSearchParams, allowedFilters: readonly string[]): Record<string, string> => {
  const filter: Record<string, string> = {};
  for (const key of ['search', 'sort', 'order', ...allowedFilters]) {
    const value = params.get(key);
    if (value !== null && value !== '') filter[key] = value;
  }
  return filter;
};

/** Reads a view from the address; anything unreadable falls back to the default, never throws. */
export const parseListView = (
  params: URLSearchParams,
  allowedFilters: readonly string[],
  defaultLength = 10,
  /** The list's column keys: `columns=` names only these. */
  columnKeys?: readonly string[],
): TListView => {
  const view = defaultListView(defaultLength);
  if (columnKeys && params.has('columns')) {
    const columns = parseColumnsParam(params.get('columns'), columnKeys);
    if (columns.length > 0) view.columns = columns;
  }
  const savedViewId = Number(params.get('savedView'));
  if (params.has('savedView') && Number.isInteger(savedViewId) && savedViewId > 0)
    view.savedViewId = savedViewId;
  const page = Number(params.get('page'));
  if (Number.isInteger(page) && page >= 1) view.page = page;
  const length = Number(params.get('length'));
  if (isRowsPerPage(length)) view.length = length;
  const raw = params.has('filter')
    ? params.get('filter')
    : JSON.stringify(plainFilter(params, allowedFilters));
  if (!raw) return view;
  let filter: unknown;
  try {
    filter = JSON.parse(raw);
  } catch {
    return view;
  }
  if (!filter || typeof filter !== 'object') return view;
  const record = filter as Record<string, unknown>;
  if (typeof record.search === 'string') view.search = record.search.slice(0, 200);
  if (typeof record.sort === 'string' && record.sort) view.sort = record.sort;
  if (record.order === 'desc') view.order = 'desc';
  for (const key of allowedFilters) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') view.filters[key] = value;
  }
  return view;
};

/** The address parameters of a view; the filter JSON holds only what differs from the default. */
export const listViewParams = (view: TListView): Record<string, string> => {
  const filter: Record<string, unknown> = {};
  if (view.search) filter.search = view.search;
  if (view.sort) {
    filter.sort = view.sort;
    filter.order = view.order;
  }
  for (const [key, value] of Object.entries(view.filters)) {
    if (value !== null && value !== '') filter[key] = value;
  }
  return {
    page: String(view.page),
    length: String(view.length),
    filter: JSON.stringify(filter),
    ...(view.columns?.length ? { columns: columnsParam(view.columns) } : {}),
    ...(view.savedViewId ? { savedView: String(view.savedViewId) } : {}),
  };
};

/** Whether a search or filter narrows the list (the empty state then offers to clear them). */
export const isNarrowed = (view: TListView) =>
  view.search.trim() !== '' || Object.values(view.filters).some((value) => value !== null && value !== '');

/**
 * Whether the list shows what a saved view says (its search, order and filters; any page and
 * length): its link is then marked as the current one.
 */
export const showsView = (view: TListView, saved: TListView): boolean => {
  const given = (filters: TListView['filters']) =>
    Object.entries(filters)
      .filter(([, value]) => value !== null && value !== '')
      .map(([key, value]) => `${key}=${String(value)}`)
      .sort()
      .join('&');
  return (
    view.search === saved.search &&
    view.sort === saved.sort &&
    (view.sort === null || view.order === saved.order) &&
    given(view.filters) === given(saved.filters)
  );
};
