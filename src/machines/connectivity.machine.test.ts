import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
  type StatePath,
} from '@xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { noticeTimeoutMs } from '@/domain/constants';
import {
  connectivityMachine,
  type TConnectivityEvent,
  type TConnectivityInput,
} from './connectivity.machine';
import { allLeafStateIds, allTransitionKeys, machineCoverage } from './machineCoverage';

type TSnapshot = SnapshotFrom<typeof connectivityMachine>;
type TPath = StatePath<TSnapshot, TConnectivityEvent>;

/** Delayed transitions appear to @xstate/graph as plain events named `xstate.after.<delay>.<state id>`. */
const delayedEvents: EventObject[] = getStateNodes(connectivityMachine.root).flatMap((node) =>
  node.after.map((transition) => ({ type: transition.eventType })),
);
const modelEvents: EventObject[] = [{ type: 'ONLINE' }, { type: 'OFFLINE' }, ...delayedEvents];
// Delayed events are not in the machine's event type, yet the model must take them.
const eventsFor = (snapshot: TSnapshot) =>
  modelEvents.filter((event) => snapshot.can(event as TConnectivityEvent)) as TConnectivityEvent[];

const inputs: TConnectivityInput[] = [{ online: true }, { online: false }];

/** Every reachable state, then every transition out of it: the shortest path there plus one event. */
const transitionPaths = (input: TConnectivityInput): TPath[] => {
  const options = { input, events: eventsFor };
  const adjacency = getAdjacencyMap(connectivityMachine, options);
  const shortest = new Map(
    getShortestPaths(connectivityMachine, options).map((path) => [JSON.stringify(path.state.value), path]),
  );
  return adjacencyMapToArray(adjacency).map(({ state, event, nextState }) => {
    const head = shortest.get(JSON.stringify(state.value));
    if (!head) throw new Error(`no path to ${JSON.stringify(state.value)}`);
    return { state: nextState, weight: head.weight + 1, steps: [...head.steps, { event, state: nextState }] };
  });
};

const describePath = (path: TPath) => path.steps.map((step) => step.event.type).join(' → ');

const coverage = machineCoverage({ statesOfTransitions: true });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The system under test: a real actor; the delayed event is driven by the clock, not sent. */
const runPath = (input: TConnectivityInput, path: TPath) => {
  const actor = createActor(connectivityMachine, {
    input,
    inspect: coverage.inspect,
  });
  for (const step of path.steps) {
    const { type } = step.event as EventObject;
    // @xstate/graph starts every path with the init event.
    if (type === 'xstate.init') actor.start();
    else if (type.startsWith('xstate.after.')) {
      // Just short of the delay nothing happens; at the delay the transition fires.
      const before = actor.getSnapshot().value;
      vi.advanceTimersByTime(noticeTimeoutMs - 1);
      expect(actor.getSnapshot().value).toEqual(before);
      vi.advanceTimersByTime(1);
    } else actor.send(step.event);
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    // The notices a user sees follow the state.
    expect({
      offlineNotice: snapshot.matches('offline'),
      restoredNotice: snapshot.matches('restored'),
    }).toEqual({
      offlineNotice: step.state.value === 'offline',
      restoredNotice: step.state.value === 'restored',
    });
  }
  actor.stop();
};

describe('connectivityMachine, model-based', () => {
  describe.each(inputs)('starting with online = $online', (input) => {
    it.each(transitionPaths(input).map((path) => [describePath(path), path] as const))(
      '%s',
      (_name, path) => {
        runPath(input, path);
      },
    );
  });

  it('walked every state and every transition of the machine', () => {
    expect(coverage.states()).toEqual(allLeafStateIds(connectivityMachine).sort());
    expect(coverage.transitions()).toEqual(allTransitionKeys(connectivityMachine).sort());
  });
});

describe('connectivityMachine, behaviour', () => {
  it('starts in the state the browser reports', () => {
    expect(
      createActor(connectivityMachine, { input: { online: true } })
        .start()
        .getSnapshot().value,
    ).toBe('online');
    expect(
      createActor(connectivityMachine, { input: { online: false } })
        .start()
        .getSnapshot().value,
    ).toBe('offline');
  });

  it('shows the restored notice for 5000 ms, then returns to online (not at 4999 ms)', () => {
    const actor = createActor(connectivityMachine, { input: { online: false } }).start();
    actor.send({ type: 'ONLINE' });
    expect(actor.getSnapshot().value).toBe('restored');
    vi.advanceTimersByTime(4999);
    expect(actor.getSnapshot().value).toBe('restored');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('online');
  });

  it('going offline again while restored cancels the timeout and shows the offline notice', () => {
    const actor = createActor(connectivityMachine, { input: { online: false } }).start();
    actor.send({ type: 'ONLINE' });
    vi.advanceTimersByTime(3000);
    actor.send({ type: 'OFFLINE' });
    vi.advanceTimersByTime(10_000);
    expect(actor.getSnapshot().value).toBe('offline');
  });

  it('ignores ONLINE while online and OFFLINE while offline', () => {
    const online = createActor(connectivityMachine, { input: { online: true } }).start();
    online.send({ type: 'ONLINE' });
    expect(online.getSnapshot().value).toBe('online');
    const offline = createActor(connectivityMachine, { input: { online: false } }).start();
    offline.send({ type: 'OFFLINE' });
    expect(offline.getSnapshot().value).toBe('offline');
  });
});
