import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
  type StatePath,
} from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { dataFetchMinDelayMs } from '@/domain/constants';
import {
  listLoaderMachine,
  listLoadingMessage,
  type TListLoaderEvent,
  type TListPage,
  type TListQuery,
} from './listLoader.machine';
import { allLeafStateIds, allTransitionKeys, machineCoverage } from './machineCoverage';

type TSnapshot = SnapshotFrom<typeof listLoaderMachine>;
type TPath = StatePath<TSnapshot, TListLoaderEvent>;
type TRow = { id: number; name: string };

const firstPage: TListQuery = { page: 1, take: 10, search: '', sort: 'code', order: 'asc', filters: {} };
const searchedPage: TListQuery = {
  page: 2,
  take: 50,
  search: 'សុខ',
  sort: 'name',
  order: 'desc',
  filters: { provinceId: 3, status: null },
};
/** What the fake server answers: a page that says which query it answers. */
const pageFor = (query: TListQuery): TListPage<TRow> => ({
  data: [{ id: query.page * 100 + query.take, name: `${query.search}|${query.sort}|${query.order}` }],
  itemCount: 120,
});
// Plain objects: the model serializes context with JSON.
const serverError = { statusCode: 500, message: 'Internal Server Error' };

// --- the model's events: every event type with the payloads worth distinguishing ---
const loadFirst: TListLoaderEvent = { type: 'LOAD', query: firstPage, requestId: 1 };
const loadSearched: TListLoaderEvent = { type: 'LOAD', query: searchedPage, requestId: 2 };
/** Delayed transitions appear to @xstate/graph as plain events named `xstate.after.<delay>.<state id>`. */
const delayedEvents: AnyEventObject[] = getStateNodes(listLoaderMachine.root).flatMap((node) =>
  node.after.map((transition) => ({ type: transition.eventType })),
);
const modelEventsFor = (snapshot: TSnapshot): AnyEventObject[] => [
  loadFirst,
  loadSearched,
  { type: 'CANCEL' },
  { type: 'RETRY' },
  ...(snapshot.context.query
    ? [{ type: 'xstate.done.actor.fetchPage', output: pageFor(snapshot.context.query) }]
    : []),
  { type: 'xstate.error.actor.fetchPage', error: serverError },
  ...delayedEvents,
];
// Done, error and delayed events are not in the machine's event type, yet the model must take them.
const eventsFor = (snapshot: TSnapshot) =>
  modelEventsFor(snapshot).filter((event) => snapshot.can(event as TListLoaderEvent)) as TListLoaderEvent[];

/** `startedAt` is the clock's, not the model's: left out so the graph is finite; checked on its own. */
const serializeModel = (snapshot: TSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: { ...snapshot.context, startedAt: undefined } });

/** Every reachable (state, context), then every transition out of it: the shortest path there plus one event. */
const transitionPaths = (): TPath[] => {
  const options = { events: eventsFor, serializeState: serializeModel };
  const adjacency = getAdjacencyMap(listLoaderMachine, options);
  const shortest = new Map(
    getShortestPaths(listLoaderMachine, options).map((path) => [serializeModel(path.state), path]),
  );
  return adjacencyMapToArray(adjacency).map(({ state, event, nextState }) => {
    const head = shortest.get(serializeModel(state));
    if (!head) throw new Error(`no path to ${serializeModel(state)}`);
    return { state: nextState, weight: head.weight + 1, steps: [...head.steps, { event, state: nextState }] };
  });
};
const describeEvent = (event: AnyEventObject): string => {
  if (event.type === 'LOAD') return `LOAD(${event.requestId})`;
  if (event.type.startsWith('xstate.after.')) return 'minimumDisplay';
  return event.type.replace('xstate.', '');
};
const describePath = (path: TPath) => path.steps.map((step) => describeEvent(step.event)).join(' → ');

const coverage = machineCoverage();

type TFetchCall = {
  query: TListQuery;
  signal: AbortSignal;
  at: number;
  settled: boolean;
  resolve: (page: TListPage<unknown>) => void;
  reject: (error: unknown) => void;
};

/** The system under test: the real machine with a fetchPage whose answers the test gives. */
const startLoader = () => {
  const calls: TFetchCall[] = [];
  const machine = listLoaderMachine.provide({
    actors: {
      fetchPage: fromPromise<TListPage<unknown>, { query: TListQuery }>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            calls.push({ query: input.query, signal, at: Date.now(), settled: false, resolve, reject });
          }),
      ),
    },
  });
  const actor = createActor(machine, { inspect: coverage.inspect });
  actor.subscribe(coverage.noteSnapshot);
  return { actor, calls };
};
type TLoader = ReturnType<typeof startLoader>;

/** Lets the fake fetch's settled promise reach the machine. */
const flush = () => vi.advanceTimersByTimeAsync(0);

/** Makes the event happen the way it happens in the app: answers come from the fetch, delays from the clock. */
const drive = async (loader: TLoader, event: AnyEventObject) => {
  const { actor, calls } = loader;
  const before = actor.getSnapshot();
  const callCount = calls.length;
  if (event.type === 'xstate.init') {
    actor.start();
  } else if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
    // The answer comes from the request running now, not from a leftover.
    expect(before.children.fetchPage, 'fetchPage is running').toBeDefined();
    const call = calls.at(-1);
    if (!call) throw new Error('fetchPage was never called');
    call.settled = true;
    if (event.type.startsWith('xstate.done.')) call.resolve(event.output);
    else call.reject(event.error);
    await flush();
  } else if (event.type.startsWith('xstate.after.')) {
    // Counted from the start of the request: just short of it nothing happens.
    const elapsed = Date.now() - (before.context.startedAt ?? Number.NaN);
    await vi.advanceTimersByTimeAsync(dataFetchMinDelayMs - 1 - elapsed);
    expect(actor.getSnapshot().value).toEqual(before.value);
    await vi.advanceTimersByTimeAsync(1);
  } else {
    actor.send(event as TListLoaderEvent);
    await flush();
  }
  // One request per LOAD or RETRY, for the query asked (RETRY: the last one); none otherwise.
  if (event.type === 'LOAD' || event.type === 'RETRY') {
    expect(calls.length).toBe(callCount + 1);
    expect(calls.at(-1)?.query).toEqual(event.type === 'LOAD' ? event.query : before.context.query);
  } else expect(calls.length).toBe(callCount);
};

/** What the grid datasource can observe in each state, beyond the model's own value and context. */
const expectObservable = ({ actor, calls }: TLoader, expected: TSnapshot) => {
  const snapshot = actor.getSnapshot();
  const { context } = snapshot;
  expect(snapshot.value).toEqual(expected.value);
  expect({ ...context, startedAt: undefined }).toEqual({ ...expected.context, startedAt: undefined });
  const loading = snapshot.matches('loading');
  const inFlight = snapshot.matches({ loading: { request: 'fetching' } });
  // The message is kept exactly while a request is loading.
  expect(context.loadingMessage).toBe(loading ? listLoadingMessage : null);
  expect(context.loadingMessage === 'Loading...').toBe(loading);
  expect(Object.keys(snapshot.children)).toEqual(inFlight ? ['fetchPage'] : []);
  expect(context.startedAt).toBe(calls.at(-1)?.at ?? null);
  // The cancel handle: only the request in flight is live; every other one was answered or aborted.
  calls.forEach((call, index) => {
    if (inFlight && index === calls.length - 1) {
      expect(call.signal.aborted, 'the request in flight is not aborted').toBe(false);
      expect(call.query).toEqual(context.query);
    } else expect(call.signal.aborted, `request ${index} aborted xor answered`).toBe(!call.settled);
  });
  if (snapshot.matches('loaded')) {
    // The page answers the request named in context.
    expect(context.query).not.toBeNull();
    expect(context.page).toEqual(pageFor(context.query as TListQuery));
    expect(context.requestId).toBe(context.query === firstPage ? 1 : 2);
    expect(context.error).toBeNull();
  }
  if (snapshot.matches('failed')) expect(context.error).toEqual(serverError);
  if (!snapshot.matches('failed')) expect(context.error).toBeNull();
  if (!loading) expect(context.outcome).toBeNull();
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('listLoaderMachine, model-based', () => {
  const paths = transitionPaths();
  it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
    const loader = startLoader();
    for (const step of path.steps) {
      await drive(loader, step.event);
      expectObservable(loader, step.state);
    }
    loader.actor.stop();
  });

  it('walked every state and every transition of the machine', () => {
    expect(coverage.states()).toEqual(allLeafStateIds(listLoaderMachine).sort());
    expect(coverage.transitions()).toEqual(allTransitionKeys(listLoaderMachine).sort());
  });
});

describe('listLoaderMachine, behaviour', () => {
  /** A loader whose fetch answers at once, like a fast server or a cache. */
  const immediateLoader = (answer: (query: TListQuery) => Promise<TListPage<TRow>>) => {
    const signals: AbortSignal[] = [];
    const actor = createActor(
      listLoaderMachine.provide({
        actors: {
          fetchPage: fromPromise(({ input, signal }) => {
            signals.push(signal);
            return answer(input.query);
          }),
        },
      }),
    ).start();
    return { actor, signals };
  };

  it('does not show a page before 200 ms, even when the fetch answers at once', async () => {
    const { actor } = immediateLoader(async (query) => pageFor(query));
    actor.send({ type: 'LOAD', query: firstPage, requestId: 7 });
    await flush();
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.loadingMessage).toBe('Loading...');
    expect(actor.getSnapshot().context.page).toBeNull();
    await vi.advanceTimersByTimeAsync(199);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('loaded');
    expect(context).toMatchObject({ requestId: 7, page: pageFor(firstPage), loadingMessage: null });
  });

  it('shows a slow answer as soon as it arrives', async () => {
    let answer: (page: TListPage<TRow>) => void = () => {};
    const { actor } = immediateLoader(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'LOAD', query: firstPage, requestId: 1 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    answer(pageFor(firstPage));
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
  });

  it('reports a failure for the request id, also not before 200 ms', async () => {
    const { actor } = immediateLoader(async () => {
      throw serverError;
    });
    actor.send({ type: 'LOAD', query: firstPage, requestId: 3 });
    await vi.advanceTimersByTimeAsync(199);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({
      requestId: 3,
      error: serverError,
      loadingMessage: null,
    });
  });

  it('a newer LOAD aborts the request in flight, and the late answer of the old one changes nothing', async () => {
    const answers: ((page: TListPage<TRow>) => void)[] = [];
    const { actor, signals } = immediateLoader(() => new Promise((resolve) => answers.push(resolve)));
    actor.send({ type: 'LOAD', query: firstPage, requestId: 1 });
    await vi.advanceTimersByTimeAsync(150);
    actor.send({ type: 'LOAD', query: searchedPage, requestId: 2 });
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    // A fetch that ignores its signal still answers: too late to count.
    answers[0]?.(pageFor(firstPage));
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    expect(actor.getSnapshot().context.requestId).toBe(2);
    answers[1]?.(pageFor(searchedPage));
    await flush();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toMatchObject({ requestId: 2, page: pageFor(searchedPage) });
  });

  it('the newer LOAD gets its own minimum display, counted from its start', async () => {
    const { actor } = immediateLoader(async (query) => pageFor(query));
    actor.send({ type: 'LOAD', query: firstPage, requestId: 1 });
    await vi.advanceTimersByTimeAsync(150);
    actor.send({ type: 'LOAD', query: searchedPage, requestId: 2 });
    await vi.advanceTimersByTimeAsync(199);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().context).toMatchObject({ requestId: 2, page: pageFor(searchedPage) });
  });

  it('CANCEL aborts the request, keeps its id, drops the message, and RETRY runs the same query again', async () => {
    const queries: TListQuery[] = [];
    const { actor, signals } = immediateLoader((query) => {
      queries.push(query);
      return queries.length === 1 ? new Promise(() => {}) : Promise.resolve(pageFor(query));
    });
    actor.send({ type: 'LOAD', query: searchedPage, requestId: 4 });
    actor.send({ type: 'CANCEL' });
    expect(signals[0]?.aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().context).toMatchObject({ requestId: 4, loadingMessage: null });
    actor.send({ type: 'RETRY' });
    await vi.advanceTimersByTimeAsync(dataFetchMinDelayMs);
    expect(queries).toEqual([searchedPage, searchedPage]);
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context).toMatchObject({ requestId: 4, page: pageFor(searchedPage) });
  });

  it('CANCEL after the answer but before 200 ms drops the answer', async () => {
    const { actor } = immediateLoader(async (query) => pageFor(query));
    actor.send({ type: 'LOAD', query: firstPage, requestId: 1 });
    await vi.advanceTimersByTimeAsync(100);
    actor.send({ type: 'CANCEL' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().context.page).toBeNull();
  });

  it('the default fetchPage refuses to run until the client provides it', async () => {
    const actor = createActor(listLoaderMachine).start();
    actor.send({ type: 'LOAD', query: firstPage, requestId: 1 });
    await vi.advanceTimersByTimeAsync(dataFetchMinDelayMs);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(String(actor.getSnapshot().context.error)).toContain("actor 'fetchPage' not provided");
  });
});
