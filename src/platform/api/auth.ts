import type { TSignInBody, TTokenPair, TUserInfo } from '@/domain/auth';
import { tokenPairOf, userInfoOf } from '@/domain/authAnswers';
import { api } from './client';

/** The auth calls of spec section 7. Their failures go to the session machine, never to a view. */
type TData<T> = { data: T };

// The answers are checked by hand (src/domain/authAnswers.ts), not by zod: the home page opened by
// its address refreshes the session before anything else, and zod stays off that path (issue 24).

export const postSignIn = async (body: TSignInBody, signal?: AbortSignal): Promise<TTokenPair> => {
  const answer = await api<TData<unknown>>('/auth/sign-in', {
    method: 'POST',
    body,
    bearer: null,
    errorMode: 'throw',
    signal,
  });
  return tokenPairOf(answer.data);
};

export const getUserInfo = async (accessToken: string, signal?: AbortSignal): Promise<TUserInfo> => {
  const answer = await api<TData<unknown>>('/users/info', {
    bearer: accessToken,
    errorMode: 'throw',
    signal,
  });
  return userInfoOf(answer.data);
};

/** A request to /auth/refresh-token carries the refresh token as Bearer (spec section 7). */
export const postRefreshToken = async (refreshToken: string, signal?: AbortSignal): Promise<TTokenPair> => {
  const answer = await api<TData<unknown>>('/auth/refresh-token', {
    method: 'POST',
    body: { refreshToken },
    bearer: refreshToken,
    errorMode: 'throw',
    signal,
  });
  return tokenPairOf(answer.data);
};

export const postLogout = async (accessToken: string | null, refreshToken: string | null): Promise<void> => {
  await api('/auth/logout', {
    method: 'POST',
    body: refreshToken ? { refreshToken } : {},
    bearer: accessToken,
    errorMode: 'throw',
  });
};
