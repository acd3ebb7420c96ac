import type { TListPage, TListQuery } from './listQuery';

/**
 * What a list shows and the pure rules the list view machine decides with. Plain types beside the
 * machine (it imports nothing but XState and its siblings); `components/resource/listAddress.ts`
 * reads and writes them in the address.
 */

/** One column as arranged by hand (issue 26); `domain/savedViews.ts` validates it with zod. */
export type TListColumn = { id: string; hidden?: boolean; width?: number };

/**
 * What a list shows, as kept in the address (spec section 2 'Lists'): `page`, `length` and `filter`
 * (JSON of search, sort and the resource's filters), so a copied address reopens the same view.
 */
export type TListView = {
  page: number;
  /** Rows per page: 10, 50, 100, 200, or -1 for all. */
  length: number;
  search: string;
  sort: string | null;
  order: 'asc' | 'desc';
  filters: Record<string, string | number | null>;
  /** The columns as arranged by hand (`columns=`); absent or empty: the list's own columns. */
  columns?: TListColumn[];
  /** The saved view this address was opened from (`savedView=`): the menu says when it differs. */
  savedViewId?: number | null;
};

/** A row of a list: the grid knows it by its id. */
export type TListRow = { id: number | string };

/** Rows fetched per block when the list shows all rows ('all' scrolls, loading blocks as needed). */
export const allRowsBlockSize = 100;
/** Typing narrows the list after this pause. */
export const searchDebounceMs = 300;

/** What a result answers: its search and filters. */
export const resultKey = (search: string, filters: unknown) => JSON.stringify([search, filters]);

/** What the rows on screen must answer: the view's search and filters. */
export const viewResultKey = (view: TListView) => resultKey(view.search, view.filters);

/** What is on screen: a change of any of these clears the selection (it is of the rows shown). */
export const shownKey = (view: TListView) =>
  JSON.stringify([view.page, view.length, view.search, view.filters, view.sort, view.order]);

/** The grid asks for the rows from `startRow`, in the order of its sorted column. */
export type TBlockRequest = { startRow: number; sort: string; order: 'asc' | 'desc' };

/** The request a block of the view becomes: its page, or one block of 'all'. */
export const blockQuery = (view: TListView, block: TBlockRequest): TListQuery => {
  const paged = view.length !== -1;
  return {
    page: paged ? view.page : Math.floor(block.startRow / allRowsBlockSize) + 1,
    take: paged ? view.length : allRowsBlockSize,
    search: view.search,
    sort: block.sort,
    order: block.order,
    filters: view.filters,
  };
};

/** The grid's 'last row' of an answer: a page ends with it; 'all' with an estimated total at a short block. */
export const lastRowOf = (view: TListView, startRow: number, page: TListPage<unknown>): number => {
  if (view.length !== -1) return page.data.length;
  if (page.totalExact !== false) return page.itemCount;
  return page.data.length < allRowsBlockSize ? startRow + page.data.length : -1;
};

/** The last page of `total` rows, `length` a page (one page for 'all' or nothing). */
export const lastPageOf = (total: number, length: number) =>
  length === -1 ? 1 : Math.max(1, Math.ceil(total / length));

/** The answer the grid is waiting for, as the machine hands it over: rows, or a failure. */
export type TBlockAnswer =
  | { requestId: number; ok: true; rows: unknown[]; lastRow: number }
  | { requestId: number; ok: false };
