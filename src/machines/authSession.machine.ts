import {
  type ActorRefFrom,
  and,
  assertEvent,
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  fromCallback,
  fromPromise,
  setup,
} from 'xstate';
import { decodeTokenExpiryMs, isTokenExpired } from './jwt';
import type { TTokenPair, TUserInfo } from './sessionTypes';
import { bothTokensExpiredMessage, tokenExpirySkewMs } from './timing';

/** The tokens found in the `auth.` cookies when the app starts. */
export type TAuthSessionInput = { accessToken: string | null; refreshToken: string | null };

export type TAuthSessionContext = {
  accessToken: string | null;
  refreshToken: string | null;
  user: TUserInfo | null;
  error: string | null;
};

export type TAuthSessionEvent =
  | { type: 'SIGN_IN'; username: string; password: string }
  | { type: 'LOGOUT' }
  /** Forced refresh, e.g. after a 401. */
  | { type: 'REFRESH' }
  /** Sent by the expiry timer when the access token is about to expire. */
  | { type: 'REFRESH_DUE' }
  /** Another tab wrote new tokens to the cookies. */
  | { type: 'TOKENS_CHANGED'; accessToken: string; refreshToken: string }
  /** Another tab logged out. */
  | { type: 'SIGNED_OUT_ELSEWHERE' };

/** Shown when sign-in fails without a message of its own (e.g. the network is down). */
export const signInFailedMessage = 'Sign-in failed.';

/** Longest delay `setTimeout` honours; a longer one would fire at once. */
const maxTimerDelayMs = 2_147_483_647;

const notProvided = (name: string) => new Error(`authSession: actor '${name}' not provided`);

/** The HTTP status of a failed call, read like spec section 8: statusCode, status or response status. */
const errorStatus = (error: unknown): number | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  const { statusCode, status, response } = error as {
    statusCode?: unknown;
    status?: unknown;
    response?: { status?: unknown };
  };
  for (const candidate of [statusCode, status, response?.status]) {
    if (typeof candidate === 'number') return candidate;
  }
  return undefined;
};

/** The server's message (`data.message` of an ofetch error) wins over the error's own message. */
const errorMessage = (error: unknown): string => {
  if (error && typeof error === 'object') {
    const { data, message } = error as { data?: { message?: unknown }; message?: unknown };
    if (typeof data?.message === 'string' && data.message) return data.message;
    if (typeof message === 'string' && message) return message;
  }
  return signInFailedMessage;
};

const isTokenUsable = (token: string | null): boolean => !isTokenExpired(token, Date.now());

/** Default expiry timer: sends REFRESH_DUE `tokenExpirySkewMs` before the access token's `exp`. */
export const expiryTimer = fromCallback<EventObject, { accessToken: string | null }>(
  ({ input, sendBack }) => {
    const expiryMs = decodeTokenExpiryMs(input.accessToken);
    // A token without `exp` is never due; a 401 still forces a REFRESH.
    if (expiryMs === null) return;
    const delayMs = Math.min(Math.max(expiryMs - tokenExpirySkewMs - Date.now(), 0), maxTimerDelayMs);
    const timer = setTimeout(() => sendBack({ type: 'REFRESH_DUE' }), delayMs);
    return () => clearTimeout(timer);
  },
);

// Mappers from events to invoke inputs and action params, named so the machine config holds no logic.
const credentialsOfSignIn = ({ event }: { event: TAuthSessionEvent }) => {
  assertEvent(event, 'SIGN_IN');
  return { username: event.username, password: event.password };
};
const accessTokenOf = ({ context }: { context: TAuthSessionContext }) => ({
  accessToken: context.accessToken ?? '',
});
const refreshTokenOf = ({ context }: { context: TAuthSessionContext }) => ({
  refreshToken: context.refreshToken ?? '',
});
const tokensOf = ({ context }: { context: TAuthSessionContext }) => ({
  accessToken: context.accessToken,
  refreshToken: context.refreshToken,
});
const timerInputOf = ({ context }: { context: TAuthSessionContext }) => ({
  accessToken: context.accessToken,
});
const outputTokens = ({ event }: { event: DoneActorEvent<TTokenPair> }): TTokenPair => event.output;
const changedTokens = ({ event }: { event: TAuthSessionEvent }): TTokenPair => {
  assertEvent(event, 'TOKENS_CHANGED');
  return { accessToken: event.accessToken, refreshToken: event.refreshToken };
};
const outputUser = ({ event }: { event: DoneActorEvent<TUserInfo> }) => ({ user: event.output });
const failure = ({ event }: { event: ErrorActorEvent }) => ({ error: event.error });

/**
 * The signed-in session (DESIGN.md section 4). Pure: the client provides the real actors (calls to
 * `/auth/*` and `/users/info`) and the cookie writers `persistTokens` / `clearPersistedTokens`.
 * Implementations of `signIn`, `loadUser`, `refreshTokens` should reject with the ofetch error (or any
 * error carrying `statusCode`/`status` and `data.message`), so the machine can tell a 401 from an outage.
 */
export const authSessionMachine = setup({
  types: {
    input: {} as TAuthSessionInput,
    context: {} as TAuthSessionContext,
    events: {} as TAuthSessionEvent,
  },
  actors: {
    signIn: fromPromise<TTokenPair, { username: string; password: string }>(async () => {
      throw notProvided('signIn');
    }),
    loadUser: fromPromise<TUserInfo, { accessToken: string }>(async () => {
      throw notProvided('loadUser');
    }),
    refreshTokens: fromPromise<TTokenPair, { refreshToken: string }>(async () => {
      throw notProvided('refreshTokens');
    }),
    logout: fromPromise<void, { accessToken: string | null; refreshToken: string | null }>(async () => {
      throw notProvided('logout');
    }),
    expiryTimer,
  },
  actions: {
    /** Writes context tokens to the `auth.` cookies (client). */
    persistTokens: () => {},
    /** Removes the `auth.` cookies (client). */
    clearPersistedTokens: () => {},
    /** Spec section 8: a logout failure is only logged. */
    logLogoutFailure: (_, _params: { error: unknown }) => {},
    assignTokens: assign((_, params: TTokenPair) => ({
      accessToken: params.accessToken,
      refreshToken: params.refreshToken,
    })),
    assignUser: assign((_, params: { user: TUserInfo }) => ({ user: params.user })),
    assignError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    clearError: assign({ error: null }),
    clearSession: assign({ accessToken: null, refreshToken: null, user: null, error: null }),
    resetBothTokensExpired: assign({
      accessToken: null,
      refreshToken: null,
      user: null,
      error: bothTokensExpiredMessage,
    }),
  },
  guards: {
    hasValidAccessToken: ({ context }) => isTokenUsable(context.accessToken),
    hasValidRefreshToken: ({ context }) => isTokenUsable(context.refreshToken),
    lacksValidRefreshToken: ({ context }) => !isTokenUsable(context.refreshToken),
    hasAnyToken: ({ context }) => context.accessToken !== null || context.refreshToken !== null,
    /** Only a 401 is worth a refresh; retrying an outage would loop loadUser <-> refreshTokens. */
    isUnauthorized: ({ event }) => errorStatus('error' in event ? event.error : undefined) === 401,
  },
}).createMachine({
  id: 'authSession',
  context: ({ input }) => ({
    accessToken: input.accessToken,
    refreshToken: input.refreshToken,
    user: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'hasValidAccessToken', target: 'loadingUser' },
        { guard: 'hasValidRefreshToken', target: 'refreshing' },
        { guard: 'hasAnyToken', target: 'expired' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      on: {
        SIGN_IN: { target: 'signingIn', actions: 'clearError' },
        TOKENS_CHANGED: {
          target: 'loadingUser',
          actions: [{ type: 'assignTokens', params: changedTokens }, 'clearError'],
        },
      },
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: credentialsOfSignIn,
        onDone: {
          target: 'loadingUser',
          actions: [{ type: 'assignTokens', params: outputTokens }, 'persistTokens'],
        },
        onError: { target: 'signedOut', actions: { type: 'assignError', params: failure } },
      },
    },
    loadingUser: {
      invoke: {
        id: 'loadUser',
        src: 'loadUser',
        input: accessTokenOf,
        onDone: { target: 'signedIn', actions: { type: 'assignUser', params: outputUser } },
        onError: [
          { guard: and(['isUnauthorized', 'hasValidRefreshToken']), target: 'refreshing' },
          { target: 'signedOut', actions: ['clearSession', 'clearPersistedTokens'] },
        ],
      },
      on: {
        SIGNED_OUT_ELSEWHERE: { target: 'signedOut', actions: ['clearSession', 'clearPersistedTokens'] },
      },
    },
    signedIn: {
      invoke: { id: 'expiryTimer', src: 'expiryTimer', input: timerInputOf },
      on: {
        REFRESH_DUE: 'refreshing',
        REFRESH: 'refreshing',
        // Re-enter so the expiry timer restarts on the new access token.
        TOKENS_CHANGED: {
          target: 'signedIn',
          reenter: true,
          actions: { type: 'assignTokens', params: changedTokens },
        },
        LOGOUT: 'signingOut',
        SIGNED_OUT_ELSEWHERE: { target: 'signedOut', actions: ['clearSession', 'clearPersistedTokens'] },
      },
    },
    refreshing: {
      // Leaving at once stops the invoke before it starts: no call with a dead refresh token.
      always: { guard: 'lacksValidRefreshToken', target: 'expired' },
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        input: refreshTokenOf,
        // Through loadingUser so permission changes take effect at each refresh.
        onDone: {
          target: 'loadingUser',
          actions: [{ type: 'assignTokens', params: outputTokens }, 'persistTokens'],
        },
        onError: 'expired',
      },
      on: {
        SIGNED_OUT_ELSEWHERE: { target: 'signedOut', actions: ['clearSession', 'clearPersistedTokens'] },
      },
    },
    expired: {
      entry: ['resetBothTokensExpired', 'clearPersistedTokens'],
      on: {
        SIGN_IN: { target: 'signingIn', actions: 'clearError' },
        TOKENS_CHANGED: {
          target: 'loadingUser',
          actions: [{ type: 'assignTokens', params: changedTokens }, 'clearError'],
        },
      },
    },
    signingOut: {
      invoke: {
        id: 'logout',
        src: 'logout',
        input: tokensOf,
        onDone: { target: 'signedOut', actions: ['clearSession', 'clearPersistedTokens'] },
        onError: {
          target: 'signedOut',
          actions: [{ type: 'logLogoutFailure', params: failure }, 'clearSession', 'clearPersistedTokens'],
        },
      },
    },
  },
});

export type TAuthSessionActor = ActorRefFrom<typeof authSessionMachine>;
