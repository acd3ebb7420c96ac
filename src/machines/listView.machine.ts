import { type ActorRefFrom, and, assertEvent, assign, sendTo, setup, stateIn } from 'xstate';
import { listLoaderMachine, type TListLoaderReport } from './listLoader.machine';
import {
  blockQuery,
  lastPageOf,
  lastRowOf,
  searchDebounceMs,
  shownKey,
  type TBlockAnswer,
  type TBlockRequest,
  type TListRow,
  type TListView,
  viewResultKey,
} from './listViewTypes';

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

type TArgs = { context: TListViewContext; event: TListViewEvent };

// Mappers from context and events to action params, named so the machine config holds no logic.
const replacing = ({ context }: TArgs) => ({ view: context.view, replace: true });
const pushing = ({ context }: TArgs) => ({ view: context.view, replace: false });
const asChanged = ({ context, event }: TArgs) => ({
  view: context.view,
  replace: event.type === 'CHANGE' && event.replace === true,
});
const rowOf = ({ event }: TArgs) => {
  assertEvent(event, 'OPEN_ROW');
  return { row: event.row };
};

/** A new view: the selection goes when other rows are shown. */
const withView = (context: TListViewContext, view: TListView): Partial<TListViewContext> => ({
  view,
  ...(shownKey(view) === shownKey(context.view) ? {} : { selected: [] }),
});
const rowsAreCurrent = ({ context }: TArgs) =>
  context.draft === context.view.search && context.answered === viewResultKey(context.view);
const answersBlock = ({ context, event }: TArgs) =>
  (event.type === 'LIST.ANSWERED' || event.type === 'LIST.FAILED') &&
  context.block?.requestId === event.requestId;

/**
 * One list's view (issue 38): what it shows (kept in the address), the search being typed and its
 * pause, the saved default view and rows per page once read, the rows' requests (the list loader is
 * its child), the total, the selection and where ArrowDown sends the focus. The page provides
 * `writeAddress`, `openRow` and `focusFirstRow`; the loader's `fetchPage`.
 */
export const listViewMachine = setup({
  types: {
    context: {} as TListViewContext,
    events: {} as TListViewEvent,
    input: {} as TListViewInput,
  },
  actors: { loader: listLoaderMachine },
  actions: {
    // Provided by the page: the router, the record page, the grid's first cell.
    writeAddress: (_, _params: { view: TListView; replace: boolean }) => {},
    openRow: (_, _params: { row: TListRow }) => {},
    focusFirstRow: () => {},
    typeDraft: assign(({ event }) => {
      assertEvent(event, 'TYPE');
      return { draft: event.text, focusFor: null, changed: true };
    }),
    commitSearch: assign(({ context }) =>
      withView(context, { ...context.view, search: context.draft, page: 1 }),
    ),
    applyChange: assign(({ context, event }) => {
      assertEvent(event, 'CHANGE');
      const view = { ...context.view, ...event.changes };
      return { ...withView(context, view), draft: view.search, changed: true };
    }),
    openView: assign(({ context, event }) => {
      assertEvent(event, ['OPEN_VIEW', 'ADDRESS']);
      return { ...withView(context, event.view), draft: event.view.search, focusFor: null };
    }),
    takeAddress: assign(({ event }) => {
      assertEvent(event, 'ADDRESS');
      return { bare: event.bare, complete: event.complete };
    }),
    applyDefaultView: assign(({ context }) => {
      const view = context.defaultView ?? context.view;
      return { ...withView(context, view), draft: view.search, bare: false, complete: true, focusFor: null };
    }),
    storePreferences: assign(({ context, event }) => {
      assertEvent(event, 'PREFERENCES');
      // Rows per page the address did not say: the user's own choice.
      const length = !context.complete && event.length !== null ? event.length : context.view.length;
      return { defaultView: event.defaultView, ...withView(context, { ...context.view, length }) };
    }),
    markComplete: assign({ complete: true }),
    requestBlock: assign(({ context, event }) => {
      assertEvent(event, 'BLOCK');
      const requestId = context.requestId + 1;
      const { startRow, sort, order } = event;
      return { requestId, block: { requestId, startRow, sort, order }, answer: null };
    }),
    loadBlock: sendTo('loader', ({ context }) => ({
      type: 'LOAD' as const,
      requestId: context.requestId,
      query: blockQuery(context.view, context.block ?? { startRow: 0, sort: '', order: 'asc' }),
    })),
    cancelLoad: sendTo('loader', { type: 'CANCEL' }),
    takeAnswer: assign(({ context, event }) => {
      assertEvent(event, 'LIST.ANSWERED');
      const { page, query, requestId } = event;
      const startRow = context.block?.startRow ?? 0;
      return {
        block: null,
        answer: {
          requestId,
          ok: true as const,
          rows: page.data,
          lastRow: lastRowOf(context.view, startRow, page),
        },
        total: page.itemCount,
        totalExact: page.totalExact !== false,
        answered: viewResultKey({ ...context.view, search: query.search, filters: query.filters }),
      };
    }),
    takeFailure: assign(({ event }) => {
      assertEvent(event, 'LIST.FAILED');
      return { block: null, answer: { requestId: event.requestId, ok: false as const } };
    }),
    // A page past the end (rows deleted since the address was copied) shows the last page instead.
    showLastPage: assign(({ context }) =>
      withView(context, { ...context.view, page: lastPageOf(context.total ?? 0, context.view.length) }),
    ),
    retry: assign({ retryKey: ({ context }) => context.retryKey + 1, answer: null, block: null }),
    takeTotal: assign(({ event }) => {
      assertEvent(event, 'TOTAL');
      return { total: event.total, totalExact: true };
    }),
    nameFocusIntent: assign({
      focusFor: ({ context }) => viewResultKey({ ...context.view, search: context.draft }),
    }),
    dropFocusIntent: assign({ focusFor: null }),
    select: assign(({ event }) => {
      assertEvent(event, 'SELECT');
      return { selected: event.rows };
    }),
    clearSelection: assign({ selected: [] }),
  },
  guards: {
    waitsForPreferences: ({ context }) => context.waitForPreferences && !context.complete,
    // Not over a search typed, or a change made, while the views were read.
    defaultViewApplies: ({ context, event }) =>
      event.type === 'PREFERENCES' &&
      event.defaultView !== null &&
      context.bare &&
      !context.changed &&
      context.draft === '',
    bareWithDefaultView: ({ context, event }) =>
      event.type === 'ADDRESS' && event.bare && context.defaultView !== null,
    addressIncomplete: ({ context }) => !context.complete,
    draftDiffers: ({ context }) => context.draft !== context.view.search,
    rowsAreCurrent,
    answersBlock,
    answersCancelled: (args) =>
      answersBlock(args) && args.event.type === 'LIST.FAILED' && args.event.cancelled,
    answersBlockPastEnd: (args) => {
      if (!answersBlock(args) || args.event.type !== 'LIST.ANSWERED') return false;
      const { view } = args.context;
      const total = args.event.page.itemCount;
      return view.length !== -1 && total > 0 && view.page > lastPageOf(total, view.length);
    },
    answersFocusIntent: (args) =>
      answersBlock(args) &&
      args.event.type === 'LIST.ANSWERED' &&
      viewResultKey({ ...args.context.view, ...args.event.query }) === args.context.focusFor,
    // Enter on a row of the result a new search is replacing: the new rows get the focus instead.
    opensRow: (args) =>
      args.event.type === 'OPEN_ROW' && (args.event.how === 'pointer' || rowsAreCurrent(args)),
  },
  delays: { searchDebounce: searchDebounceMs },
}).createMachine({
  id: 'listView',
  type: 'parallel',
  context: ({ input }) => ({
    view: input.view,
    draft: input.view.search,
    bare: input.bare,
    complete: input.complete,
    waitForPreferences: input.waitForPreferences,
    changed: false,
    defaultView: null,
    total: null,
    totalExact: true,
    answered: null,
    focusFor: null,
    selected: [],
    requestId: 0,
    block: null,
    answer: null,
    retryKey: 0,
  }),
  invoke: { id: 'loader', src: 'loader' },
  on: {
    TOTAL: { actions: 'takeTotal' },
    OPEN_ROW: { guard: 'opensRow', actions: { type: 'openRow', params: rowOf } },
    SELECT: { actions: 'select' },
    CLEAR_SELECTION: { actions: 'clearSelection' },
  },
  states: {
    preferences: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'waitsForPreferences', target: 'waiting' }, { target: 'settled' }] },
        waiting: {
          on: {
            PREFERENCES: [
              {
                guard: 'defaultViewApplies',
                target: 'settled',
                actions: [
                  'storePreferences',
                  'applyDefaultView',
                  { type: 'writeAddress', params: replacing },
                ],
              },
              { target: 'settled', actions: 'storePreferences' },
            ],
          },
        },
        // The address always says what is shown (spec section 2): the first visit writes the defaults.
        settled: {
          always: {
            guard: 'addressIncomplete',
            actions: ['markComplete', { type: 'writeAddress', params: replacing }],
          },
          on: { PREFERENCES: { actions: 'storePreferences' } },
        },
      },
    },
    // The view changes here; a change ends the pause of a search being typed.
    search: {
      initial: 'idle',
      on: {
        CHANGE: { target: '.idle', actions: ['applyChange', { type: 'writeAddress', params: asChanged }] },
        OPEN_VIEW: { target: '.idle', actions: ['openView', { type: 'writeAddress', params: pushing }] },
        ADDRESS: [
          {
            guard: 'bareWithDefaultView',
            target: '.idle',
            actions: ['applyDefaultView', { type: 'writeAddress', params: replacing }],
          },
          // Written back when it lacks the page or rows per page (once the preferences are known).
          { target: '.idle', actions: ['openView', 'takeAddress'] },
        ],
        // What is shown answers an older text: search now (the focus region waits for its rows).
        ARROW_DOWN: {
          guard: 'draftDiffers',
          target: '.idle',
          actions: ['commitSearch', { type: 'writeAddress', params: replacing }],
        },
      },
      states: {
        idle: {
          on: {
            TYPE: { target: 'debouncing', actions: 'typeDraft' },
            SUBMIT_SEARCH: { actions: ['commitSearch', { type: 'writeAddress', params: replacing }] },
          },
        },
        debouncing: {
          on: {
            TYPE: { target: 'debouncing', reenter: true, actions: 'typeDraft' },
            SUBMIT_SEARCH: {
              target: 'idle',
              actions: ['commitSearch', { type: 'writeAddress', params: replacing }],
            },
          },
          after: {
            searchDebounce: {
              target: 'idle',
              actions: ['commitSearch', { type: 'writeAddress', params: replacing }],
            },
          },
        },
      },
    },
    rows: {
      initial: 'idle',
      on: { BLOCK: { target: '.loading', actions: ['requestBlock', 'loadBlock'] } },
      states: {
        idle: {},
        loading: {
          on: {
            CANCEL: { actions: 'cancelLoad' },
            'LIST.ANSWERED': [
              {
                guard: 'answersBlockPastEnd',
                target: 'loaded',
                actions: ['takeAnswer', 'showLastPage', { type: 'writeAddress', params: replacing }],
              },
              { guard: 'answersBlock', target: 'loaded', actions: 'takeAnswer' },
            ],
            'LIST.FAILED': [
              { guard: 'answersCancelled', target: 'cancelled', actions: 'takeFailure' },
              { guard: 'answersBlock', target: 'failed', actions: 'takeFailure' },
            ],
          },
        },
        loaded: {},
        failed: { on: { RETRY: { target: 'idle', actions: 'retry' } } },
        cancelled: { on: { RETRY: { target: 'idle', actions: 'retry' } } },
      },
    },
    focus: {
      initial: 'idle',
      on: {
        CHANGE: { target: '.idle', actions: 'dropFocusIntent' },
        OPEN_VIEW: { target: '.idle', actions: 'dropFocusIntent' },
        ADDRESS: { target: '.idle', actions: 'dropFocusIntent' },
        // The default view replaces the result ArrowDown was pressed for.
        PREFERENCES: {
          guard: and(['defaultViewApplies', stateIn({ preferences: 'waiting' })]),
          target: '.idle',
          actions: 'dropFocusIntent',
        },
        ARROW_DOWN: [
          { guard: 'rowsAreCurrent', target: '.idle', actions: ['dropFocusIntent', 'focusFirstRow'] },
          { target: '.awaiting', actions: 'nameFocusIntent' },
        ],
      },
      states: {
        idle: {},
        awaiting: {
          on: {
            TYPE: 'idle',
            'LIST.ANSWERED': {
              guard: 'answersFocusIntent',
              target: 'idle',
              actions: ['dropFocusIntent', 'focusFirstRow'],
            },
          },
        },
      },
    },
  },
});

export type TListViewActor = ActorRefFrom<typeof listViewMachine>;
