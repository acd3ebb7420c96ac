import { type ActorRefFrom, and, assertEvent, assign, sendTo, setup, stateIn } from 'xstate';
import { listLoaderMachine } from './listLoader.machine';
import {
  answeredContext,
  answersBlock,
  answersBlockPastEnd,
  answersFocusIntent,
  asChanged,
  bareWithDefaultView,
  defaultViewApplies,
  opensRow,
  pushing,
  replacing,
  rowOf,
  rowsAreCurrent,
  type TListViewContext,
  type TListViewEvent,
  type TListViewInput,
  withView,
} from './listViewRules';
import {
  blockQuery,
  lastPageOf,
  searchDebounceMs,
  type TListRow,
  type TListView,
  viewResultKey,
} from './listViewTypes';

export type { TListViewContext, TListViewEvent, TListViewInput } from './listViewRules';

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
    takeAnswer: assign(answeredContext),
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
    defaultViewApplies,
    bareWithDefaultView,
    addressIncomplete: ({ context }) => !context.complete,
    draftDiffers: ({ context }) => context.draft !== context.view.search,
    rowsAreCurrent,
    answersBlock,
    answersCancelled: (args) =>
      answersBlock(args) && args.event.type === 'LIST.FAILED' && args.event.cancelled,
    answersBlockPastEnd,
    answersFocusIntent,
    opensRow,
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
