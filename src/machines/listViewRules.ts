import type { TListLoaderReport } from './listLoader.machine';
import {
  lastPageOf,
  lastRowOf,
  shownKey,
  type TBlockAnswer,
  type TBlockRequest,
  type TListRow,
  type TListView,
  viewResultKey,
} from './listViewTypes';

/** The list view machine's context, events and the pure rules its guards and actions share. */

export type TListViewContext = {
  /** What the list shows; the address is written from it (`writeAddress`). */
  view: TListView;
  /** The search box: ahead of `view.search` while the person types. */
  draft: string;
  /** The address had no parameter at all: the user's default view may take its place. */
  bare: boolean;
  /** The address named page and rows per page; otherwise they are written once known. */
  complete: boolean;
  /** The list has saved views and preferences to read before its first rows. */
  waitForPreferences: boolean;
  /** Something was changed by hand before the preferences came: the default view no longer applies. */
  changed: boolean;
  /** The user's default view of this list, once the preferences are read. */
  defaultView: TListView | null;
  total: number | null;
  /** False while the total is the server's estimate (a list above 10,000 rows): shown 'about …'. */
  totalExact: boolean;
  /** The search and filters the rows on screen answer (`viewResultKey`). */
  answered: string | null;
  /** ArrowDown was pressed for this result: its first row takes the focus when it has answered. */
  focusFor: string | null;
  selected: TListRow[];
  /** The last block request's id; `block` is the one the grid waits for. */
  requestId: number;
  block: (TBlockRequest & { requestId: number }) | null;
  answer: TBlockAnswer | null;
  /** Bumped by RETRY: the grid starts afresh. */
  retryKey: number;
};

export type TListViewInput = {
  view: TListView;
  bare: boolean;
  complete: boolean;
  /** The list has saved views and the address does not say the rows per page: ask first. */
  waitForPreferences: boolean;
};

export type TListViewEvent =
  | { type: 'TYPE'; text: string }
  | { type: 'SUBMIT_SEARCH' }
  | { type: 'CHANGE'; changes: Partial<TListView>; replace?: boolean }
  | { type: 'OPEN_VIEW'; view: TListView }
  /** The address changed from outside (back, forward, a link): `bare` without any parameter. */
  | { type: 'ADDRESS'; view: TListView; bare: boolean; complete: boolean }
  | { type: 'PREFERENCES'; length: number | null; defaultView: TListView | null }
  | ({ type: 'BLOCK' } & TBlockRequest)
  | TListLoaderReport
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  /** The board's count (the table's comes with its rows). */
  | { type: 'TOTAL'; total: number | null }
  | { type: 'ARROW_DOWN' }
  | { type: 'OPEN_ROW'; row: TListRow; how: 'pointer' | 'key' }
  | { type: 'SELECT'; rows: TListRow[] }
  | { type: 'CLEAR_SELECTION' };

export type TArgs = { context: TListViewContext; event: TListViewEvent };

// Mappers from context and events to action params, named so the machine config holds no logic.
export const replacing = ({ context }: TArgs) => ({ view: context.view, replace: true });
export const pushing = ({ context }: TArgs) => ({ view: context.view, replace: false });
export const asChanged = ({ context, event }: TArgs) => ({
  view: context.view,
  replace: event.type === 'CHANGE' && event.replace === true,
});
export const rowOf = ({ event }: TArgs) => ({ row: event.type === 'OPEN_ROW' ? event.row : { id: -1 } });

/** A new view: the selection goes when other rows are shown. */
export const withView = (context: TListViewContext, view: TListView): Partial<TListViewContext> => ({
  view,
  ...(shownKey(view) === shownKey(context.view) ? {} : { selected: [] }),
});
export const rowsAreCurrent = ({ context }: TArgs) =>
  context.draft === context.view.search && context.answered === viewResultKey(context.view);
export const answersBlock = ({ context, event }: TArgs) =>
  (event.type === 'LIST.ANSWERED' || event.type === 'LIST.FAILED') &&
  context.block?.requestId === event.requestId;

// Not over a search typed, or a change made, while the views were read.
export const defaultViewApplies = ({ context, event }: TArgs) =>
  event.type === 'PREFERENCES' &&
  event.defaultView !== null &&
  context.bare &&
  !context.changed &&
  context.draft === '';
export const bareWithDefaultView = ({ context, event }: TArgs) =>
  event.type === 'ADDRESS' && event.bare && context.defaultView !== null;
export const answersBlockPastEnd = (args: TArgs) => {
  if (!answersBlock(args) || args.event.type !== 'LIST.ANSWERED') return false;
  const { view } = args.context;
  const total = args.event.page.itemCount;
  return view.length !== -1 && total > 0 && view.page > lastPageOf(total, view.length);
};
export const answersFocusIntent = (args: TArgs) =>
  answersBlock(args) &&
  args.event.type === 'LIST.ANSWERED' &&
  viewResultKey({ ...args.context.view, ...args.event.query }) === args.context.focusFor;
// Enter on a row of the result a new search is replacing: the new rows get the focus instead.
export const opensRow = (args: TArgs) =>
  args.event.type === 'OPEN_ROW' && (args.event.how === 'pointer' || rowsAreCurrent(args));

/** The rows of the block waited for: handed to the grid, with the total and what they answer. */
export const answeredContext = ({ context, event }: TArgs): Partial<TListViewContext> => {
  if (event.type !== 'LIST.ANSWERED') return {};
  const { page, query, requestId } = event;
  const startRow = context.block?.startRow ?? 0;
  return {
    block: null,
    answer: { requestId, ok: true, rows: page.data, lastRow: lastRowOf(context.view, startRow, page) },
    total: page.itemCount,
    totalExact: page.totalExact !== false,
    answered: viewResultKey({ ...context.view, search: query.search, filters: query.filters }),
  };
};
