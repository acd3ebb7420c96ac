import {
  columnsParam,
  isDefaultArrangement,
  type TColumnSetting,
  type TSavedView,
} from '@/domain/savedViews';
import { listViewParams, parseListView, type TListView } from './listAddress';

/** How a list reads an address: its filter keys, column keys and rows per page when none is said. */
export type TListShape = {
  filterKeys: readonly string[];
  columnKeys: readonly string[];
  defaultLength: number;
};

/**
 * What a saved view stores of the address (issue 26): rows per page, search, sort and filters, in
 * the list's own form; the page is where one was, not part of the view; the columns go apart.
 */
export const viewQueryOf = (view: TListView): string => {
  const { length, filter } = listViewParams({ ...view, columns: undefined, savedViewId: undefined });
  return new URLSearchParams({ length, filter }).toString();
};

/** The columns a view stores: none when they are the list's own (a later change of the list shows). */
export const viewColumnsOf = (view: TListView, columnKeys: readonly string[]): TColumnSetting[] =>
  view.columns && !isDefaultArrangement(view.columns, columnKeys) ? view.columns : [];

/** The list's view a saved view opens: its address on page 1, its columns, and its id. */
export const openedView = (saved: TSavedView, shape: TListShape): TListView => ({
  ...parseListView(new URLSearchParams(saved.query), shape.filterKeys, shape.defaultLength),
  page: 1,
  columns: saved.columns.length > 0 ? saved.columns : undefined,
  savedViewId: saved.id,
});

/** What tells two views apart for a saved view: search, sort, filters, rows per page, columns. */
const fingerprint = (view: TListView, columnKeys: readonly string[]) =>
  JSON.stringify([
    listViewParams({ ...view, columns: undefined, savedViewId: undefined }).filter,
    view.length,
    columnsParam(viewColumnsOf(view, columnKeys)),
  ]);

/** Whether the list shows what the saved view says (any page): otherwise the view is 'modified'. */
export const showsSavedView = (view: TListView, saved: TSavedView, shape: TListShape): boolean =>
  fingerprint(view, shape.columnKeys) === fingerprint(openedView(saved, shape), shape.columnKeys);
