import {
  adjacencyMapToArray,
  getAdjacencyMap,
  getShortestPaths,
  type StatePath,
  serializeSnapshot,
} from '@xstate/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import type { TTokenPair, TUserInfo } from '@/domain/auth';
import { bothTokensExpiredMessage } from '@/domain/constants';
import {
  authSessionMachine,
  signInFailedMessage,
  type TAuthSessionEvent,
  type TAuthSessionInput,
} from './authSession.machine';
import { allLeafStateIds, allTransitionKeys, machineCoverage } from './machineCoverage';

type TSnapshot = SnapshotFrom<typeof authSessionMachine>;
type TPath = StatePath<TSnapshot, TAuthSessionEvent>;
type TActorName = 'signIn' | 'loadUser' | 'refreshTokens' | 'logout';

// --- tokens: unsigned JWTs are enough, the machine only reads `exp` ---
const base64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const makeToken = (expSeconds: number, tag: string) =>
  `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify({ exp: expSeconds, tag }))}.sig`;
const nowSeconds = Math.floor(Date.now() / 1000);
// A day either side of now: the guards read the real clock, so no path can land on the boundary.
const validToken = (tag: string) => makeToken(nowSeconds + 86_400, tag);
const expiredToken = (tag: string) => makeToken(nowSeconds - 86_400, tag);

const signedInPair: TTokenPair = {
  accessToken: validToken('sign-in access'),
  refreshToken: validToken('sign-in refresh'),
};
const refreshedPair: TTokenPair = {
  accessToken: validToken('refreshed access'),
  refreshToken: validToken('refreshed refresh'),
};
const otherTabPair: TTokenPair = {
  accessToken: validToken('other tab access'),
  refreshToken: validToken('other tab refresh'),
};
const user: TUserInfo = {
  id: 7,
  name: 'សុខ ដារា',
  username: 'dara',
  roles: [{ id: 2, roleName: 'Caseworker' }],
  permissions: ['adoptive_children:read'],
};

// Errors shaped like ofetch's FetchError: status on the error, the server's answer in `data`.
const httpError = (status: number, message: string) =>
  Object.assign(new Error(`[POST] "/api/v1/...": ${status}`), {
    status,
    statusCode: status,
    data: { statusCode: status, message },
  });
const badCredentials = httpError(400, 'Incorrect username or password.');
const unauthorized = httpError(401, 'Unauthorized');
const serverError = httpError(500, 'Internal Server Error');

// --- the model's events: every event type with the payloads worth distinguishing ---
const modelEvents: AnyEventObject[] = [
  { type: 'SIGN_IN', username: 'dara', password: 'correct horse battery' },
  { type: 'LOGOUT' },
  { type: 'REFRESH' },
  { type: 'REFRESH_DUE' },
  { type: 'TOKENS_CHANGED', ...otherTabPair },
  { type: 'SIGNED_OUT_ELSEWHERE' },
  { type: 'xstate.done.actor.signIn', output: signedInPair },
  { type: 'xstate.error.actor.signIn', error: badCredentials },
  // Not an HTTP error and no message of its own: the generic message.
  { type: 'xstate.error.actor.signIn', error: 'network down' },
  { type: 'xstate.done.actor.loadUser', output: user },
  { type: 'xstate.error.actor.loadUser', error: unauthorized },
  { type: 'xstate.error.actor.loadUser', error: serverError },
  { type: 'xstate.done.actor.refreshTokens', output: refreshedPair },
  { type: 'xstate.error.actor.refreshTokens', error: unauthorized },
  { type: 'xstate.done.actor.logout', output: null },
  { type: 'xstate.error.actor.logout', error: serverError },
];
// The done/error events of invoked actors are not in the machine's event type, yet the model must take them.
const eventsFor = (snapshot: TSnapshot) =>
  modelEvents.filter((event) => snapshot.can(event as TAuthSessionEvent)) as TAuthSessionEvent[];

// Every branch of `checking` and of the guards on tokens needs its own start.
const inputs: [string, TAuthSessionInput][] = [
  ['no cookies', { accessToken: null, refreshToken: null }],
  [
    'both tokens valid',
    { accessToken: validToken('cookie access'), refreshToken: validToken('cookie refresh') },
  ],
  [
    'access expired, refresh valid',
    { accessToken: expiredToken('cookie access'), refreshToken: validToken('cookie refresh') },
  ],
  [
    'access valid, refresh expired',
    { accessToken: validToken('cookie access'), refreshToken: expiredToken('cookie refresh') },
  ],
  [
    'both tokens expired',
    { accessToken: expiredToken('cookie access'), refreshToken: expiredToken('cookie refresh') },
  ],
  ['only a refresh token', { accessToken: null, refreshToken: validToken('cookie refresh') }],
];

/** Every reachable (state, context), then every transition out of it: the shortest path there plus one event. */
const transitionPaths = (input: TAuthSessionInput): TPath[] => {
  const options = { input, events: eventsFor };
  const adjacency = getAdjacencyMap(authSessionMachine, options);
  const shortest = new Map(
    getShortestPaths(authSessionMachine, options).map((path) => [serializeSnapshot(path.state), path]),
  );
  return adjacencyMapToArray(adjacency).map(({ state, event, nextState }) => {
    const head = shortest.get(serializeSnapshot(state));
    if (!head) throw new Error(`no path to ${serializeSnapshot(state)}`);
    return { state: nextState, weight: head.weight + 1, steps: [...head.steps, { event, state: nextState }] };
  });
};
const describeEvent = (event: AnyEventObject): string => {
  const name = event.type.replace('xstate.', '');
  if (!('error' in event)) return name;
  const { error } = event as AnyEventObject & { error: unknown };
  return `${name}(${typeof error === 'object' && error && 'status' in error ? error.status : 'no status'})`;
};
const describePath = (path: TPath) => path.steps.map((step) => describeEvent(step.event)).join(' → ');

const coverage = machineCoverage({ statesOfTransitions: true });

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The system under test: the real machine with test actors whose promises the test settles, a cookie jar
 * written by the persist/clear actions, and an expiry timer the test fires.
 */
const startSession = (input: TAuthSessionInput) => {
  const cookies = { accessToken: input.accessToken, refreshToken: input.refreshToken };
  const calls: { name: TActorName; input: unknown }[] = [];
  const pending = new Map<
    TActorName,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void }
  >();
  const timer: { sendBack: ((event: AnyEventObject) => void) | null; accessToken: string | null } = {
    sendBack: null,
    accessToken: null,
  };
  const loggedLogoutFailures: unknown[] = [];
  const controlled = <TOutput, TInput>(name: TActorName) =>
    fromPromise<TOutput, TInput>(
      ({ input: actorInput }) =>
        new Promise<TOutput>((resolve, reject) => {
          calls.push({ name, input: actorInput });
          pending.set(name, { resolve: resolve as (value: unknown) => void, reject });
        }),
    );
  const machine = authSessionMachine.provide({
    actors: {
      signIn: controlled('signIn'),
      loadUser: controlled('loadUser'),
      refreshTokens: controlled('refreshTokens'),
      logout: controlled('logout'),
      expiryTimer: fromCallback(({ sendBack, input: timerInput }) => {
        timer.sendBack = sendBack;
        timer.accessToken = timerInput.accessToken;
        return () => {
          timer.sendBack = null;
        };
      }),
    },
    actions: {
      persistTokens: ({ context }) => {
        cookies.accessToken = context.accessToken;
        cookies.refreshToken = context.refreshToken;
      },
      clearPersistedTokens: () => {
        cookies.accessToken = null;
        cookies.refreshToken = null;
      },
      logLogoutFailure: (_, params) => {
        loggedLogoutFailures.push(params.error);
      },
    },
  });
  const actor = createActor(machine, {
    input,
    inspect: coverage.inspect,
  });
  return { actor, cookies, calls, pending, timer, loggedLogoutFailures };
};
type TSession = ReturnType<typeof startSession>;

const actorOfDoneOrError = (type: string): { name: TActorName; done: boolean } | null => {
  const match = /^xstate\.(done|error)\.actor\.(signIn|loadUser|refreshTokens|logout)$/.exec(type);
  return match ? { name: match[2] as TActorName, done: match[1] === 'done' } : null;
};

/** Makes the event happen the way it happens in the app, not by sending it when it is an actor's. */
const drive = async (session: TSession, event: AnyEventObject) => {
  const { actor, cookies, pending, timer } = session;
  const settled = actorOfDoneOrError(event.type);
  if (settled) {
    // The actor must be the one running now, not a leftover of an earlier state.
    expect(actor.getSnapshot().children[settled.name], `${settled.name} is running`).toBeDefined();
    const deferred = pending.get(settled.name);
    if (!deferred) throw new Error(`${settled.name} was never called`);
    pending.delete(settled.name);
    if (settled.done) deferred.resolve(event.output);
    else deferred.reject(event.error);
  } else if (event.type === 'REFRESH_DUE') {
    if (!timer.sendBack) throw new Error('the expiry timer is not running');
    timer.sendBack({ type: 'REFRESH_DUE' });
  } else {
    // Another tab has already written or removed the cookies before this tab hears of it.
    if (event.type === 'TOKENS_CHANGED') Object.assign(cookies, otherTabPair);
    if (event.type === 'SIGNED_OUT_ELSEWHERE')
      Object.assign(cookies, { accessToken: null, refreshToken: null });
    actor.send(event as TAuthSessionEvent);
  }
  await settle();
};

/** What a user or the client can observe in each state, beyond the model's own value and context. */
const expectObservable = (session: TSession, expected: TSnapshot) => {
  const snapshot = session.actor.getSnapshot();
  expect(snapshot.value).toEqual(expected.value);
  expect(snapshot.context).toEqual(expected.context);
  expect(snapshot.matches(expected.value as never)).toBe(true);
  const { context } = snapshot;
  // The cookies always hold exactly the session's tokens: persisted when set, removed when cleared.
  expect(session.cookies).toEqual({ accessToken: context.accessToken, refreshToken: context.refreshToken });
  const running = Object.keys(snapshot.children).sort();
  switch (expected.value) {
    case 'signedOut':
      expect(context.user).toBeNull();
      expect(running).toEqual([]);
      break;
    case 'signingIn':
      expect(running).toEqual(['signIn']);
      break;
    case 'loadingUser':
      expect(context.accessToken).not.toBeNull();
      expect(running).toEqual(['loadUser']);
      break;
    case 'signedIn':
      expect(context.user).toEqual(user);
      expect(context.error).toBeNull();
      expect(running).toEqual(['expiryTimer']);
      expect(session.timer.accessToken).toBe(context.accessToken);
      break;
    case 'refreshing':
      expect(running).toEqual(['refreshTokens']);
      break;
    case 'expired':
      expect(context).toEqual({
        accessToken: null,
        refreshToken: null,
        user: null,
        error: 'Both token and refresh token have expired. Your request was aborted.',
      });
      expect(running).toEqual([]);
      break;
    case 'signingOut':
      expect(running).toEqual(['logout']);
      break;
    default:
      throw new Error(`unexpected state ${JSON.stringify(expected.value)}`);
  }
  // The timer runs only while signed in.
  expect(session.timer.sendBack !== null).toBe(expected.value === 'signedIn');
};

describe('authSessionMachine, model-based', () => {
  describe.each(inputs)('starting with %s', (_label, input) => {
    const paths = transitionPaths(input);
    it.each(paths.map((path) => [describePath(path), path] as const))('%s', async (_name, path) => {
      const session = startSession(input);
      for (const step of path.steps) {
        // @xstate/graph starts every path with the init event.
        if ((step.event as AnyEventObject).type === 'xstate.init') {
          session.actor.start();
          await settle();
        } else await drive(session, step.event);
        expectObservable(session, step.state);
      }
      session.actor.stop();
    });
  });

  it('walked every state and every transition of the machine', () => {
    expect(coverage.states()).toEqual(allLeafStateIds(authSessionMachine).sort());
    expect(coverage.transitions()).toEqual(allTransitionKeys(authSessionMachine).sort());
  });
});

describe('authSessionMachine, behaviour', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const signIn = async (session: TSession) => {
    session.actor.start();
    session.actor.send({ type: 'SIGN_IN', username: 'dara', password: 'secret' });
    await drive(session, { type: 'xstate.done.actor.signIn', output: signedInPair });
    await drive(session, { type: 'xstate.done.actor.loadUser', output: user });
  };

  it('signs in with the form values, stores the tokens, then loads the user with the new access token', async () => {
    const session = startSession({ accessToken: null, refreshToken: null });
    await signIn(session);
    expect(session.calls).toEqual([
      { name: 'signIn', input: { username: 'dara', password: 'secret' } },
      { name: 'loadUser', input: { accessToken: signedInPair.accessToken } },
    ]);
    expect(session.cookies).toEqual(signedInPair);
    expect(session.actor.getSnapshot().context.user).toEqual(user);
  });

  it.each([
    ['the server message of a failed sign-in', badCredentials, 'Incorrect username or password.'],
    ['the message of a plain error', new Error('Failed to fetch'), 'Failed to fetch'],
    ['a generic message for anything else', 'network down', signInFailedMessage],
  ])('shows %s', async (_label, error, message) => {
    const session = startSession({ accessToken: null, refreshToken: null });
    session.actor.start();
    session.actor.send({ type: 'SIGN_IN', username: 'dara', password: 'wrong' });
    await drive(session, { type: 'xstate.error.actor.signIn', error });
    expect(session.actor.getSnapshot().value).toBe('signedOut');
    expect(session.actor.getSnapshot().context.error).toBe(message);
  });

  it('refreshes with the refresh token and reloads the user, so new permissions apply', async () => {
    const session = startSession({ accessToken: null, refreshToken: null });
    await signIn(session);
    session.actor.send({ type: 'REFRESH' });
    await drive(session, { type: 'xstate.done.actor.refreshTokens', output: refreshedPair });
    const promoted = { ...user, permissions: [...user.permissions, 'users:read'] };
    await drive(session, { type: 'xstate.done.actor.loadUser', output: promoted });
    expect(session.calls.slice(2)).toEqual([
      { name: 'refreshTokens', input: { refreshToken: signedInPair.refreshToken } },
      { name: 'loadUser', input: { accessToken: refreshedPair.accessToken } },
    ]);
    expect(session.cookies).toEqual(refreshedPair);
    expect(session.actor.getSnapshot().context.user).toEqual(promoted);
  });

  it('with both tokens expired, resets with the spec message and never calls the server', async () => {
    const session = startSession({ accessToken: expiredToken('a'), refreshToken: expiredToken('r') });
    session.actor.start();
    await settle();
    expect(session.actor.getSnapshot().value).toBe('expired');
    expect(session.actor.getSnapshot().context.error).toBe(bothTokensExpiredMessage);
    expect(session.cookies).toEqual({ accessToken: null, refreshToken: null });
    expect(session.calls).toEqual([]);
  });

  it('does not call refresh with an expired refresh token, even when forced', async () => {
    const session = startSession({ accessToken: validToken('a'), refreshToken: expiredToken('r') });
    session.actor.start();
    await drive(session, { type: 'xstate.done.actor.loadUser', output: user });
    session.actor.send({ type: 'REFRESH' });
    await settle();
    expect(session.actor.getSnapshot().value).toBe('expired');
    expect(session.calls.map((call) => call.name)).toEqual(['loadUser']);
  });

  it('does not loop loadUser and refresh when the server fails: a 500 signs out instead of refreshing', async () => {
    const session = startSession({ accessToken: validToken('a'), refreshToken: validToken('r') });
    session.actor.start();
    await drive(session, { type: 'xstate.error.actor.loadUser', error: serverError });
    expect(session.actor.getSnapshot().value).toBe('signedOut');
    expect(session.calls.map((call) => call.name)).toEqual(['loadUser']);
  });

  it('logs a logout failure and signs out anyway', async () => {
    const session = startSession({ accessToken: null, refreshToken: null });
    await signIn(session);
    session.actor.send({ type: 'LOGOUT' });
    await drive(session, { type: 'xstate.error.actor.logout', error: serverError });
    expect(session.calls.at(-1)).toEqual({ name: 'logout', input: signedInPair });
    expect(session.loggedLogoutFailures).toEqual([serverError]);
    expect(session.actor.getSnapshot().value).toBe('signedOut');
    expect(session.cookies).toEqual({ accessToken: null, refreshToken: null });
  });

  it('the default expiry timer sends REFRESH_DUE 500 ms before the access token expires', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
    const expSeconds = Math.floor(Date.now() / 1000) + 1800;
    const pair = {
      accessToken: makeToken(expSeconds, 'a'),
      refreshToken: makeToken(expSeconds + 86_400, 'r'),
    };
    const refreshCalls: string[] = [];
    // Only the server calls are replaced: the expiry timer is the machine's own.
    const actor = createActor(
      authSessionMachine.provide({
        actors: {
          loadUser: fromPromise(async () => user),
          refreshTokens: fromPromise(async ({ input }) => {
            refreshCalls.push(input.refreshToken);
            return new Promise<TTokenPair>(() => {});
          }),
        },
      }),
      { input: pair },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('signedIn');

    await vi.advanceTimersByTimeAsync(1800 * 1000 - 500 - 1);
    expect(actor.getSnapshot().value).toBe('signedIn');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(refreshCalls).toEqual([pair.refreshToken]);
    actor.stop();
  });

  it('another tab refreshing restarts the expiry timer on the new access token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
    const now = Math.floor(Date.now() / 1000);
    const first = { accessToken: makeToken(now + 60, 'a1'), refreshToken: makeToken(now + 86_400, 'r1') };
    const second = { accessToken: makeToken(now + 1800, 'a2'), refreshToken: makeToken(now + 86_400, 'r2') };
    const actor = createActor(
      authSessionMachine.provide({
        actors: {
          loadUser: fromPromise(async () => user),
          refreshTokens: fromPromise(() => new Promise<TTokenPair>(() => {})),
        },
      }),
      { input: first },
    ).start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'TOKENS_CHANGED', ...second });
    // The first token's due time passes without a refresh: the old timer is gone.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.accessToken).toBe(second.accessToken);
    await vi.advanceTimersByTimeAsync(1800 * 1000 - 60_000 - 500);
    expect(actor.getSnapshot().value).toBe('refreshing');
    actor.stop();
  });

  it('the default actors refuse to run until the client provides them', async () => {
    const actor = createActor(authSessionMachine, {
      input: { accessToken: null, refreshToken: null },
    }).start();
    actor.send({ type: 'SIGN_IN', username: 'dara', password: 'secret' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBe("authSession: actor 'signIn' not provided");
  });
});
