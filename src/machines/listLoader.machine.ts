import {
  type ActorRefFrom,
  assertEvent,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  enqueueActions,
  fromPromise,
  setup,
} from 'xstate';
import type { TListPage, TListQuery } from './listQuery';
import { dataFetchMinDelayMs } from './timing';

export type { TListPage, TListQuery } from './listQuery';

/** Spec section 4: the message kept while a list request is in flight. */
export const listLoadingMessage = 'Loading...';

/** The answer of the request in flight, held until the minimum display delay has passed. */
type TFetchOutcome = { ok: true; page: TListPage<unknown> } | { ok: false; error: unknown };

export type TListLoaderContext = {
  /** The last query asked for; RETRY runs it again. */
  query: TListQuery | null;
  /** The caller's id of the last request: in `loaded`/`failed`/`cancelled` it names the request answered. */
  requestId: number | null;
  /** The last page loaded (kept through later loads and failures). */
  page: TListPage<unknown> | null;
  /** Why the last request failed; null unless in `failed`. */
  error: unknown;
  loadingMessage: typeof listLoadingMessage | null;
  /** `Date.now()` when the last request started. */
  startedAt: number | null;
  /** Set only in `loading`, between the answer and the end of the minimum display delay. */
  outcome: TFetchOutcome | null;
};

/** What the loader tells the actor that invoked it (the list view machine), for request `requestId`. */
export type TListLoaderReport =
  | { type: 'LIST.ANSWERED'; requestId: number; query: TListQuery; page: TListPage<unknown> }
  | { type: 'LIST.FAILED'; requestId: number; cancelled: boolean };

export type TListLoaderEvent =
  /** A newer LOAD replaces the one in flight, whose request is aborted. */
  | { type: 'LOAD'; query: TListQuery; requestId: number }
  | { type: 'CANCEL' }
  /** Runs the last query again, under the same request id. */
  | { type: 'RETRY' };

const notProvided = (name: string) => new Error(`listLoader: actor '${name}' not provided`);

// Mappers from events to invoke inputs and action params, named so the machine config holds no logic.
const requestOfLoad = ({ event }: { event: TListLoaderEvent }) => {
  assertEvent(event, 'LOAD');
  return { query: event.query, requestId: event.requestId };
};
const queryOf = ({ context }: { context: TListLoaderContext }) => {
  if (!context.query) throw new Error('listLoader: loading without a query');
  return { query: context.query };
};
const outputPage = ({ event }: { event: DoneActorEvent<TListPage<unknown>> }) => ({ page: event.output });
const failure = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

/**
 * One paged list's requests (DESIGN.md section 4). The client provides `fetchPage`, whose `signal`
 * aborts when the machine leaves `loading` (CANCEL, or a newer LOAD): that is the cancel handle.
 * `loading` lasts at least `minimumDisplay` so the loading indicator does not flicker: an earlier
 * answer is held until then. A subscriber answers request `context.requestId` on `loaded`
 * (`context.page`) or `failed` (`context.error`).
 */
export const listLoaderMachine = setup({
  types: {
    context: {} as TListLoaderContext,
    events: {} as TListLoaderEvent,
  },
  actors: {
    fetchPage: fromPromise<TListPage<unknown>, { query: TListQuery }>(async () => {
      throw notProvided('fetchPage');
    }),
  },
  actions: {
    assignRequest: assign((_, params: { query: TListQuery; requestId: number }) => ({
      query: params.query,
      requestId: params.requestId,
    })),
    startLoading: assign({
      loadingMessage: listLoadingMessage,
      startedAt: () => Date.now(),
      error: null,
      outcome: null,
    }),
    // Not the held outcome: exit actions run before the onDone actions that read it.
    stopLoading: assign({ loadingMessage: null }),
    holdPage: assign((_, params: { page: TListPage<unknown> }) => ({
      outcome: { ok: true as const, page: params.page },
    })),
    holdError: assign((_, params: { error: unknown }) => ({
      outcome: { ok: false as const, error: params.error },
    })),
    showOutcome: assign(({ context }) => {
      const { outcome } = context;
      if (!outcome) return {};
      return outcome.ok ? { page: outcome.page, outcome: null } : { error: outcome.error, outcome: null };
    }),
    dropOutcome: assign({ outcome: null }),
    // Invoked by the list view machine, the loader tells it each answer; a loader of its own (no
    // parent: its subscriber reads the snapshot) has no one to tell.
    report: enqueueActions(
      ({ context, enqueue, self }, params: { answered: 'loaded' | 'failed' | 'cancelled' }) => {
        const { requestId, query, page } = context;
        if (!self._parent || requestId === null) return;
        const event: TListLoaderReport =
          params.answered === 'loaded' && query && page
            ? { type: 'LIST.ANSWERED', requestId, query, page }
            : { type: 'LIST.FAILED', requestId, cancelled: params.answered === 'cancelled' };
        enqueue.sendParent(event);
      },
    ),
  },
  guards: {
    fetchSucceeded: ({ context }) => context.outcome?.ok === true,
  },
  delays: {
    minimumDisplay: dataFetchMinDelayMs,
  },
}).createMachine({
  id: 'listLoader',
  context: {
    query: null,
    requestId: null,
    page: null,
    error: null,
    loadingMessage: null,
    startedAt: null,
    outcome: null,
  },
  initial: 'idle',
  // From every state; from `loading` it exits and re-enters `loading`, which aborts the older request.
  on: {
    LOAD: { target: '.loading', actions: { type: 'assignRequest', params: requestOfLoad } },
  },
  states: {
    idle: {},
    loading: {
      type: 'parallel',
      entry: 'startLoading',
      exit: 'stopLoading',
      states: {
        request: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'fetchPage',
                src: 'fetchPage',
                input: queryOf,
                onDone: { target: 'fetched', actions: { type: 'holdPage', params: outputPage } },
                onError: { target: 'failed', actions: { type: 'holdError', params: failure } },
              },
            },
            fetched: { type: 'final' },
            failed: { type: 'final' },
          },
        },
        minimumDisplay: {
          initial: 'waiting',
          states: {
            waiting: { after: { minimumDisplay: 'elapsed' } },
            elapsed: { type: 'final' },
          },
        },
      },
      // Both regions final: the request has answered and the minimum display delay has passed.
      onDone: [
        { guard: 'fetchSucceeded', target: 'loaded', actions: 'showOutcome' },
        { target: 'failed', actions: 'showOutcome' },
      ],
      on: { CANCEL: { target: 'cancelled', actions: 'dropOutcome' } },
    },
    loaded: { entry: { type: 'report', params: { answered: 'loaded' } } },
    failed: { entry: { type: 'report', params: { answered: 'failed' } }, on: { RETRY: 'loading' } },
    cancelled: { entry: { type: 'report', params: { answered: 'cancelled' } }, on: { RETRY: 'loading' } },
  },
});

export type TListLoaderActor = ActorRefFrom<typeof listLoaderMachine>;
