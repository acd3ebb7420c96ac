import { useSelector } from '@xstate/react';
import { getDefaultStore } from 'jotai';
import { useCallback } from 'react';
import { createActor, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import type { TSignInBody, TTokenPair, TUserInfo } from '@/domain/auth';
import { bothTokensExpiredMessage } from '@/domain/constants';
import { authSessionMachine } from '@/machines/authSession.machine';
import { isTokenExpired } from '@/machines/jwt';
import { signInFieldErrorsAtom } from '@/state/signIn';
import { getUserInfo, postLogout, postRefreshToken, postSignIn } from './api/auth';
import { setAccessTokenProvider } from './api/client';
import { ApiValidationError, classifyError, errorBody, fieldErrors } from './api/errors';
import { clearStoredTokens, onAuthBroadcast, readStoredTokens, storeTokens } from './api/tokenStore';
import type { TSessionStatus } from './guards';
import { translateNow } from './i18n/runtime';
import { sessionStatus } from './sessionStatus';

/** The text the login form shows for a failed sign-in: the server's message when it sent one. */
const signInFailureMessage = (error: unknown): string => {
  const LL = translateNow();
  const disposition = classifyError(error);
  const serverMessage = errorBody(error).message;
  if (disposition.kind === 'offline') return LL.errors.offlineTitle();
  if (serverMessage) return serverMessage;
  if (disposition.kind === 'view' && disposition.view === 'serverError') return LL.errors.serverErrorTitle();
  return LL.errors.generic();
};

/** Resolves when the browser reports it is back online (or the call is cancelled). */
const whenOnline = (signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const done = () => {
      window.removeEventListener('online', done);
      signal.removeEventListener('abort', done);
      if (signal.aborted) reject(signal.reason);
      else resolve();
    };
    window.addEventListener('online', done);
    signal.addEventListener('abort', done);
    // navigator.onLine can say online while the server is unreachable: try again now and then too.
    setTimeout(done, 10_000);
  });

/**
 * A session call that waits out a lost connection instead of failing: without it, a caseworker whose
 * Wi-Fi drops while a token is due would be signed out and lose the page they were working on.
 */
const retryWhileOffline = async <T>(call: () => Promise<T>, signal: AbortSignal): Promise<T> => {
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (classifyError(error).kind !== 'offline' || signal.aborted) throw error;
      await whenOnline(signal);
    }
  }
};

/** One refresh at a time across tabs: the Web Locks API when the browser has it. */
const withRefreshLock = <T>(run: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request('auth-refresh', run) : run();

const refreshTokens = async (refreshToken: string, signal: AbortSignal): Promise<TTokenPair> =>
  withRefreshLock(async () => {
    // Another tab may have refreshed while this one waited for the lock: use its pair.
    const stored = readStoredTokens();
    if (
      stored.accessToken &&
      stored.refreshToken &&
      stored.refreshToken !== refreshToken &&
      !isTokenExpired(stored.accessToken, Date.now())
    ) {
      return { accessToken: stored.accessToken, refreshToken: stored.refreshToken };
    }
    return postRefreshToken(refreshToken, signal);
  });

type TTokenContext = { accessToken: string | null; refreshToken: string | null };

const sessionMachine = authSessionMachine.provide({
  actors: {
    signIn: fromPromise<TTokenPair, TSignInBody>(async ({ input, signal }) => {
      getDefaultStore().set(signInFieldErrorsAtom, {});
      try {
        return await postSignIn({ username: input.username, password: input.password }, signal);
      } catch (error) {
        if (error instanceof ApiValidationError) {
          getDefaultStore().set(signInFieldErrorsAtom, fieldErrors(error.errors));
          throw new Error(error.message || translateNow().errors.generic());
        }
        throw new Error(signInFailureMessage(error));
      }
    }),
    loadUser: fromPromise<TUserInfo, { accessToken: string }>(({ input, signal }) =>
      retryWhileOffline(() => getUserInfo(input.accessToken, signal), signal),
    ),
    refreshTokens: fromPromise<TTokenPair, { refreshToken: string }>(({ input, signal }) =>
      retryWhileOffline(() => refreshTokens(input.refreshToken, signal), signal),
    ),
    logout: fromPromise<void, TTokenContext>(({ input }) =>
      postLogout(input.accessToken, input.refreshToken),
    ),
  },
  actions: {
    persistTokens: ({ context }: { context: TTokenContext }) => {
      if (context.accessToken && context.refreshToken) {
        storeTokens({ accessToken: context.accessToken, refreshToken: context.refreshToken });
      }
    },
    clearPersistedTokens: () => clearStoredTokens(),
    // Logout failure is only logged (spec section 8): the tab is signed out anyway.
    logLogoutFailure: (_, params: { error: unknown }) => console.error('[logout]', params.error),
  },
});

export const sessionActor = createActor(sessionMachine, { input: readStoredTokens() });

type TSessionSnapshot = SnapshotFrom<typeof sessionActor>;

const stateName = (snapshot: TSessionSnapshot): string =>
  typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];

// Whether the current `loadingUser` follows a sign-in through the form (see sessionStatus).
let afterSignIn = false;
sessionActor.subscribe((snapshot) => {
  const name = stateName(snapshot);
  if (name === 'signingIn') afterSignIn = true;
  else if (name !== 'loadingUser') afterSignIn = false;
});

sessionActor.start();

// Other tabs tell this one about new tokens and sign-outs.
onAuthBroadcast((message) => {
  if (message.type === 'tokens') {
    sessionActor.send({
      type: 'TOKENS_CHANGED',
      accessToken: message.accessToken,
      refreshToken: message.refreshToken,
    });
  } else {
    sessionActor.send({ type: 'SIGNED_OUT_ELSEWHERE' });
  }
});

const settledStates = ['signedIn', 'signedOut', 'expired'];

/**
 * The access token for the next request: refreshed first when it has expired (a tab that slept
 * past its refresh timer), and the request aborted when both tokens have expired.
 */
const freshAccessToken = async (): Promise<string | null> => {
  const { accessToken, refreshToken } = readStoredTokens();
  if (!accessToken && !refreshToken) return null;
  if (accessToken && !isTokenExpired(accessToken, Date.now())) return accessToken;
  sessionActor.send({ type: 'REFRESH' });
  const settled = await waitFor(sessionActor, (snapshot) => settledStates.includes(stateName(snapshot)));
  if (stateName(settled) !== 'signedIn') throw new Error(bothTokensExpiredMessage);
  return settled.context.accessToken;
};
setAccessTokenProvider(freshAccessToken);

export const readSessionStatus = (snapshot: TSessionSnapshot = sessionActor.getSnapshot()): TSessionStatus =>
  sessionStatus(stateName(snapshot), !!snapshot.context.user, afterSignIn);

/** Resolves once the machine has left signing-out (or right away when it is already signed out). */
const waitForSignedOut = (): Promise<void> =>
  new Promise((resolve) => {
    const done = (snapshot: TSessionSnapshot) => ['signedOut', 'expired'].includes(stateName(snapshot));
    if (done(sessionActor.getSnapshot())) return resolve();
    const subscription = sessionActor.subscribe((snapshot) => {
      if (done(snapshot)) {
        subscription.unsubscribe();
        resolve();
      }
    });
  });

/**
 * Reads the signed-in user again, e.g. after they changed their own name: the session refreshes its
 * tokens and reloads the user info, keeping the screen.
 */
export const reloadSessionUser = (): void => {
  sessionActor.send({ type: 'REFRESH' });
};

/** A 401 from any call: the stored session is gone (spec section 8). */
export const endSessionAfterUnauthorized = (): void => {
  clearStoredTokens();
  sessionActor.send({ type: 'SIGNED_OUT_ELSEWHERE' });
};

export const useSession = () => {
  const state = useSelector(sessionActor, stateName);
  const user = useSelector(sessionActor, (snapshot) => snapshot.context.user);
  const error = useSelector(sessionActor, (snapshot) => snapshot.context.error);
  const status = useSelector(sessionActor, readSessionStatus);
  const signIn = useCallback((username: string, password: string) => {
    sessionActor.send({ type: 'SIGN_IN', username, password });
  }, []);
  const logout = useCallback(async () => {
    sessionActor.send({ type: 'LOGOUT' });
    await waitForSignedOut();
  }, []);
  return { state, status, user, error, signIn, logout };
};
