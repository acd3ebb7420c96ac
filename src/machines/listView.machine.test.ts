import { getStateNodes } from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnyEventObject,
  createActor,
  fromCallback,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  type SnapshotFrom,
} from 'xstate';
import { listLoaderMachine, type TListLoaderEvent } from './listLoader.machine';
import type { TListPage, TListQuery } from './listQuery';
import { listViewMachine, type TListViewEvent, type TListViewInput } from './listView.machine';
import { blockQuery, searchDebounceMs, type TListView, viewResultKey } from './listViewTypes';
import { allLeafStateIds, allTransitionKeys, transitionKey } from './machineCoverage';
import { dataFetchMinDelayMs } from './timing';

type TSnapshot = SnapshotFrom<typeof listViewMachine>;

const base: TListView = { page: 1, length: 10, search: '', sort: null, order: 'asc', filters: {} };
const saved: TListView = { ...base, search: 'sv', filters: { status: 'pending' }, savedViewId: 7 };
const mine: TListView = { ...base, filters: { mine: 'mine' }, savedViewId: 3 };
/** A list of 15 rows: page 3 of 10 a page is past its end. */
const itemCount = 15;
const row = { id: 1 };

/** The list opened by its bare address, its saved views still being read. */
const bareInput: TListViewInput = { view: base, bare: true, complete: false, waitForPreferences: true };

const answerFor = (snapshot: TSnapshot, requestId: number): TListViewEvent => {
  const { view, block } = snapshot.context;
  const query = blockQuery(view, block ?? { startRow: 0, sort: '', order: 'asc' });
  return { type: 'LIST.ANSWERED', requestId, query, page: { data: [row], itemCount } };
};
const delayedEvents: AnyEventObject[] = getStateNodes(listViewMachine.root).flatMap((node) =>
  node.after.map((transition) => ({ type: transition.eventType })),
);

/** Every event type, with the payloads worth telling apart; answers for the block asked and an older one. */
const modelEventsFor = (snapshot: TSnapshot): AnyEventObject[] => {
  const { requestId } = snapshot.context;
  return [
    { type: 'TYPE', text: 'ab' },
    { type: 'TYPE', text: '' },
    { type: 'SUBMIT_SEARCH' },
    { type: 'CHANGE', changes: { page: 3 } },
    { type: 'CHANGE', changes: { search: '', filters: {}, page: 1 }, replace: true },
    { type: 'OPEN_VIEW', view: saved },
    { type: 'ADDRESS', view: base, bare: false, complete: true },
    { type: 'ADDRESS', view: base, bare: true, complete: false },
    { type: 'PREFERENCES', length: 50, defaultView: mine },
    { type: 'PREFERENCES', length: null, defaultView: null },
    { type: 'BLOCK', startRow: 0, sort: '', order: 'asc' },
    answerFor(snapshot, requestId),
    ...(requestId > 1 ? [answerFor(snapshot, requestId - 1)] : []),
    { type: 'LIST.FAILED', requestId, cancelled: false },
    { type: 'LIST.FAILED', requestId, cancelled: true },
    { type: 'CANCEL' },
    { type: 'RETRY' },
    { type: 'TOTAL', total: 7 },
    { type: 'ARROW_DOWN' },
    { type: 'OPEN_ROW', row, how: 'key' },
    { type: 'OPEN_ROW', row, how: 'pointer' },
    { type: 'SELECT', rows: [row] },
    { type: 'CLEAR_SELECTION' },
    ...delayedEvents,
  ];
};
const eventsFor = (snapshot: TSnapshot) =>
  modelEventsFor(snapshot).filter((event) => snapshot.can(event as TListViewEvent)) as TListViewEvent[];

/**
 * The model's state: the machine's state and an abstraction of its context that keeps what decides
 * its transitions (the graph stays small): counters, rows and totals are left out.
 */
const serializeModel = (snapshot: TSnapshot) => {
  const { context } = snapshot;
  const { view, draft, block } = context;
  const shownKey = viewResultKey(view);
  return JSON.stringify({
    value: snapshot.value,
    view: [view.search, view.page, view.length, Object.keys(view.filters).join()],
    draft,
    flags: [context.bare, context.complete, context.changed, context.defaultView !== null],
    answered: context.answered === null ? null : context.answered === shownKey,
    focusFor:
      context.focusFor === null ? null : context.focusFor === viewResultKey({ ...view, search: draft }),
    block: block !== null,
    selected: context.selected.length,
    total: context.total === null,
  });
};

type TEdge = { state: TSnapshot; event: TListViewEvent; nextState: TSnapshot };
/** Every (state, event) pair within this many events of opening the list: each race order of up to that many steps. */
const modelDepth = 6;

/**
 * The model walked breadth first: every state the abstraction tells apart within `modelDepth`
 * events, every event it can take there, and the shortest path to each state.
 */
const walkModel = () => {
  const initial = getInitialSnapshot(listViewMachine, bareInput);
  const paths = new Map<string, AnyEventObject[]>([[serializeModel(initial), []]]);
  const found: TEdge[] = [];
  let frontier = [initial];
  for (let depth = 0; depth < modelDepth; depth += 1) {
    const next: TSnapshot[] = [];
    for (const state of frontier) {
      const path = paths.get(serializeModel(state)) ?? [];
      for (const event of eventsFor(state)) {
        const nextState = getNextSnapshot(listViewMachine, state, event);
        found.push({ state, event, nextState });
        const key = serializeModel(nextState);
        if (paths.has(key)) continue;
        paths.set(key, [...path, event]);
        next.push(nextState);
      }
    }
    frontier = next;
  }
  return { edges: found, paths };
};
const { edges, paths: shortestPaths } = walkModel();

describe('listViewMachine, every reachable state and transition of the model', () => {
  it('is finite and reaches every state of the machine', () => {
    const leaves = new Set(edges.flatMap(({ nextState }) => nextState._nodes.map((node) => node.id)));
    // A state always left at once (deciding whether to wait) is never at rest.
    const passing = getStateNodes(listViewMachine.root).filter((node) =>
      node.always?.some((transition) => !transition.guard),
    );
    for (const id of allLeafStateIds(listViewMachine))
      if (!passing.some((node) => node.id === id)) expect(leaves, id).toContain(id);
    expect(edges.length).toBeGreaterThan(100);
  });

  it('keeps its invariants in every state', () => {
    for (const { nextState } of edges) {
      const { context } = nextState;
      // The search box says the view's search unless a pause is running.
      if (nextState.matches({ search: 'idle' })) expect(context.draft).toBe(context.view.search);
      expect(nextState.matches({ focus: 'awaiting' })).toBe(context.focusFor !== null);
      expect(nextState.matches({ rows: 'loading' })).toBe(context.block !== null);
    }
  });

  it('a default view does not replace a search typed, or a change made, while the views load', () => {
    const preferences = edges.filter(
      ({ state, event }) => event.type === 'PREFERENCES' && state.matches({ preferences: 'waiting' }),
    );
    expect(preferences.length).toBeGreaterThan(0);
    for (const { state, event, nextState } of preferences) {
      const untouched = state.context.draft === '' && !state.context.changed && state.context.bare;
      if (untouched && event.type === 'PREFERENCES' && event.defaultView)
        expect(nextState.context.view).toEqual(event.defaultView);
      else expect(nextState.context.view.search).toBe(state.context.view.search);
      expect(nextState.context.draft).toBe(state.context.draft);
    }
  });

  it('ArrowDown focuses the result it was pressed for, not an older one answering', () => {
    for (const { state, event, nextState } of edges) {
      if (event.type === 'ARROW_DOWN' && state.context.draft !== state.context.answered) {
        const current =
          state.context.draft === state.context.view.search &&
          state.context.answered === viewResultKey(state.context.view);
        if (!current)
          expect(nextState.context.focusFor).toBe(
            viewResultKey({ ...state.context.view, search: state.context.draft }),
          );
      }
      if (event.type === 'LIST.ANSWERED' && state.matches({ focus: 'awaiting' })) {
        const answers = viewResultKey({ ...state.context.view, ...event.query }) === state.context.focusFor;
        const waited = state.context.block?.requestId === event.requestId;
        expect(nextState.matches({ focus: 'idle' })).toBe(answers && waited);
      }
    }
  });

  it('a page past the end shows the last page; an older answer changes nothing', () => {
    for (const { state, event, nextState } of edges) {
      if (event.type !== 'LIST.ANSWERED') continue;
      if (state.context.block?.requestId !== event.requestId) {
        expect(nextState.context).toEqual(state.context);
        continue;
      }
      const last = Math.ceil(itemCount / state.context.view.length);
      expect(nextState.context.view.page).toBe(Math.min(state.context.view.page, last));
      expect(nextState.context.total).toBe(itemCount);
    }
  });

  it('a view opened, or the address changed, mid-search ends the pause: the typed text is not applied later', () => {
    const opened = edges.filter(
      ({ state, event }) =>
        (event.type === 'OPEN_VIEW' || event.type === 'ADDRESS') && state.matches({ search: 'debouncing' }),
    );
    expect(opened.length).toBeGreaterThan(0);
    for (const { nextState } of opened) {
      expect(nextState.matches({ search: 'idle' })).toBe(true);
      expect(nextState.context.draft).toBe(nextState.context.view.search);
    }
  });

  it('the selection is of the rows shown: another page, search, filter or order clears it', () => {
    for (const { state, nextState } of edges) {
      const { view } = state.context;
      const next = nextState.context.view;
      const shown = (v: TListView) =>
        JSON.stringify([v.page, v.length, v.search, v.filters, v.sort, v.order]);
      if (shown(view) !== shown(next)) expect(nextState.context.selected).toEqual([]);
    }
  });
});

/** The system under test: the real machine; the loader a stub that records what it is sent. */
const startListView = (input: TListViewInput = bareInput) => {
  const loads: TListLoaderEvent[] = [];
  const writes: { view: TListView; replace: boolean }[] = [];
  const opened: unknown[] = [];
  let focused = 0;
  const machine = listViewMachine.provide({
    actors: {
      // biome-ignore lint/suspicious/noExplicitAny: the stub stands in for the loader machine
      loader: fromCallback<TListLoaderEvent>(({ receive }) => receive((event) => loads.push(event))) as any,
    },
    actions: {
      writeAddress: (_, params) => writes.push(params),
      openRow: (_, params) => opened.push(params.row),
      focusFirstRow: () => {
        focused += 1;
      },
    },
  });
  const taken = new Set<string>();
  const visited = new Set<string>();
  const actor = createActor(machine, {
    input,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const transition of inspection._transitions) {
        taken.add(transitionKey(transition));
        // A state left at once (deciding) is seen in the transitions out of it.
        visited.add(transition.source.id);
      }
    },
  });
  actor.subscribe((snapshot) => {
    for (const node of snapshot._nodes) visited.add(node.id);
  });
  return { actor, loads, writes, opened, focused: () => focused, taken, visited };
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('listViewMachine, walked on the real machine', () => {
  it('takes every transition and reaches every state', async () => {
    const takenAll = new Set<string>();
    const visitedAll = new Set<string>();
    // The shortest path to each state, then each event taken there.
    const paths = edges
      .map(({ state, event }) => {
        const head = shortestPaths.get(serializeModel(state));
        return head ? [...head, event] : null;
      })
      .filter((path): path is AnyEventObject[] => path !== null)
      .sort((a, b) => a.length - b.length);
    // The list opened with a complete address: nothing to wait for.
    const opened = startListView({ view: base, bare: false, complete: true, waitForPreferences: false });
    opened.actor.start();
    for (const key of opened.taken) takenAll.add(key);
    expect(opened.actor.getSnapshot().matches({ preferences: 'settled' })).toBe(true);
    expect(opened.writes).toEqual([]);
    opened.actor.stop();
    for (const path of paths) {
      const walk = startListView();
      walk.actor.start();
      const before = new Set(takenAll);
      for (const event of path) {
        if (event.type === 'xstate.init') continue;
        if (event.type.startsWith('xstate.after.')) {
          const { view } = walk.actor.getSnapshot().context;
          vi.advanceTimersByTime(searchDebounceMs - 1);
          expect(walk.actor.getSnapshot().context.view).toEqual(view);
          vi.advanceTimersByTime(1);
        } else walk.actor.send(event as TListViewEvent);
      }
      for (const key of walk.taken) takenAll.add(key);
      for (const id of walk.visited) visitedAll.add(id);
      walk.actor.stop();
      // Paths adding nothing are skipped once every transition is taken.
      if (takenAll.size === before.size && takenAll.size === allTransitionKeys(listViewMachine).length) break;
    }
    expect([...visitedAll].filter((id) => id !== 'listView').sort()).toEqual(
      allLeafStateIds(listViewMachine).sort(),
    );
    expect([...takenAll].sort()).toEqual(allTransitionKeys(listViewMachine).sort());
  });
});

/** The machine with the real loader; each fetch waits for the test to answer it. */
const startWithLoader = (input: TListViewInput) => {
  const fetches: { query: TListQuery; signal: AbortSignal; answer: (page: TListPage<unknown>) => void }[] =
    [];
  const writes: { view: TListView; replace: boolean }[] = [];
  let focused = 0;
  const machine = listViewMachine.provide({
    actors: {
      loader: listLoaderMachine.provide({
        actors: {
          fetchPage: fromPromise<TListPage<unknown>, { query: TListQuery }>(
            ({ input: { query }, signal }) =>
              new Promise((answer) => fetches.push({ query, signal, answer })),
          ),
        },
      }),
    },
    actions: {
      writeAddress: (_, params) => writes.push(params),
      focusFirstRow: () => {
        focused += 1;
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, fetches, writes, focused: () => focused };
};
const opened: TListViewInput = { view: base, bare: false, complete: true, waitForPreferences: false };
const block = { type: 'BLOCK', startRow: 0, sort: '', order: 'asc' } as const;
/** Past the loader's minimum display delay. */
const settle = () => vi.advanceTimersByTimeAsync(dataFetchMinDelayMs);

describe('listViewMachine, race orders with the real loader', () => {
  it("answers out of order: the older search's rows never show, the newer ones do", async () => {
    const list = startWithLoader(opened);
    list.actor.send(block);
    list.actor.send({ type: 'TYPE', text: 'ab' });
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    list.actor.send(block);
    expect(list.fetches.map((fetch) => fetch.query.search)).toEqual(['', 'ab']);
    expect(list.fetches[0].signal.aborted).toBe(true);
    list.fetches[1].answer({ data: [{ id: 2 }], itemCount: 1 });
    list.fetches[0].answer({ data: [{ id: 1 }], itemCount: 30 });
    await settle();
    const { context } = list.actor.getSnapshot();
    expect(context.answer).toMatchObject({ ok: true, rows: [{ id: 2 }] });
    expect(context.total).toBe(1);
    expect(context.answered).toBe(viewResultKey({ ...base, search: 'ab' }));
  });

  it('ArrowDown focuses the result it was pressed for, once it has answered', async () => {
    const list = startWithLoader(opened);
    list.actor.send(block);
    list.actor.send({ type: 'TYPE', text: 'ab' });
    list.actor.send({ type: 'ARROW_DOWN' });
    // The search goes at once (no pause), replacing the address.
    expect(list.writes.at(-1)).toEqual({ view: { ...base, search: 'ab' }, replace: true });
    // The first page of the list just opened answers before the new search's: no focus.
    list.fetches[0].answer({ data: [{ id: 1 }], itemCount: 30 });
    await settle();
    expect(list.focused()).toBe(0);
    list.actor.send(block);
    list.fetches[1].answer({ data: [{ id: 2 }], itemCount: 1 });
    await settle();
    expect(list.focused()).toBe(1);
    // Pressed again on rows that answer the box: at once.
    list.actor.send({ type: 'ARROW_DOWN' });
    expect(list.focused()).toBe(2);
  });

  it('a saved view opened mid-search wins; the typed text is not written after it', async () => {
    const list = startWithLoader(opened);
    list.actor.send({ type: 'TYPE', text: 'ab' });
    list.actor.send({ type: 'OPEN_VIEW', view: saved });
    await vi.advanceTimersByTimeAsync(searchDebounceMs * 2);
    expect(list.writes).toEqual([{ view: saved, replace: false }]);
    expect(list.actor.getSnapshot().context.draft).toBe('sv');
  });

  it('back and forward restore the view and the search box, and write nothing', async () => {
    const list = startWithLoader(opened);
    list.actor.send({ type: 'TYPE', text: 'ab' });
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    list.actor.send({ type: 'CHANGE', changes: { page: 2 } });
    expect(list.writes.map((write) => [write.view.search, write.view.page, write.replace])).toEqual([
      ['ab', 1, true],
      ['ab', 2, false],
    ]);
    list.actor.send({ type: 'TYPE', text: 'abc' });
    list.actor.send({ type: 'ADDRESS', view: base, bare: false, complete: true });
    await vi.advanceTimersByTimeAsync(searchDebounceMs);
    expect(list.actor.getSnapshot().context).toMatchObject({ view: base, draft: '' });
    list.actor.send({
      type: 'ADDRESS',
      view: { ...base, search: 'ab', page: 2 },
      bare: false,
      complete: true,
    });
    expect(list.actor.getSnapshot().context.draft).toBe('ab');
    expect(list.writes).toHaveLength(2);
  });

  it('a default view does not replace a search typed while the views load; it does an untouched list', () => {
    const typed = startWithLoader(bareInput);
    typed.actor.send({ type: 'TYPE', text: 'ab' });
    typed.actor.send({ type: 'PREFERENCES', length: 50, defaultView: mine });
    expect(typed.actor.getSnapshot().context.view.filters).toEqual({});
    expect(typed.writes).toEqual([{ view: { ...base, length: 50 }, replace: true }]);
    const untouched = startWithLoader(bareInput);
    expect(untouched.writes).toEqual([]);
    untouched.actor.send({ type: 'PREFERENCES', length: 50, defaultView: mine });
    expect(untouched.writes).toEqual([{ view: mine, replace: true }]);
  });

  it('a page past the end shows the last page', async () => {
    const list = startWithLoader({ ...opened, view: { ...base, page: 9 } });
    list.actor.send(block);
    list.fetches[0].answer({ data: [], itemCount: 15 });
    await settle();
    expect(list.actor.getSnapshot().context.view.page).toBe(2);
    expect(list.writes).toEqual([{ view: { ...base, page: 2 }, replace: true }]);
  });
});
