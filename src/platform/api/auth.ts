import type { TSignInBody, TTokenPair, TUserInfo } from '@/domain/auth';
import { api } from './client';

/** The auth calls of spec section 7. Their failures go to the session machine, never to a view. */
type TData<T> = { data: T };

/**
 * The answers' checks, written by hand (src/domain/authAnswers.ts): zod stays off the home page's
 * path (issue 24), and they load beside the first call, not with the sign-in page (issue 11's
 * 150 KB). Fetched in parallel with the request, so no wait is added.
 */
const authAnswers = () => import('@/domain/authAnswers');

export const postSignIn = async (body: TSignInBody, signal?: AbortSignal): Promise<TTokenPair> => {
  const [answer, { tokenPairOf }] = await Promise.all([
    api<TData<unknown>>('/auth/sign-in', { method: 'POST', body, bearer: null, errorMode: 'throw', signal }),
    authAnswers(),
  ]);
  return tokenPairOf(answer.data);
};

export const getUserInfo = async (accessToken: string, signal?: AbortSignal): Promise<TUserInfo> => {
  const [answer, { userInfoOf }] = await Promise.all([
    api<TData<unknown>>('/users/info', { bearer: accessToken, errorMode: 'throw', signal }),
    authAnswers(),
  ]);
  return userInfoOf(answer.data);
};

/** A request to /auth/refresh-token carries the refresh token as Bearer (spec section 7). */
export const postRefreshToken = async (refreshToken: string, signal?: AbortSignal): Promise<TTokenPair> => {
  const [answer, { tokenPairOf }] = await Promise.all([
    api<TData<unknown>>('/auth/refresh-token', {
      method: 'POST',
      body: { refreshToken },
      bearer: refreshToken,
      errorMode: 'throw',
      signal,
    }),
    authAnswers(),
  ]);
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
