import type { TSignInBody, TTokenPair, TUserInfo } from '@/domain/auth';
import { api } from './client';

/**
 * The answers' schemas load beside the first call, not with the sign-in page: zod is a third of
 * what that page would download (issue 11). Fetched in parallel with the request, so no wait is added.
 */
const authSchemas = () => import('@/domain/auth');

/** The auth calls of spec section 7. Their failures go to the session machine, never to a view. */
type TData<T> = { data: T };

export const postSignIn = async (body: TSignInBody, signal?: AbortSignal): Promise<TTokenPair> => {
  const [answer, { ZTokenPair }] = await Promise.all([
    api<TData<unknown>>('/auth/sign-in', { method: 'POST', body, bearer: null, errorMode: 'throw', signal }),
    authSchemas(),
  ]);
  return ZTokenPair.parse(answer.data);
};

export const getUserInfo = async (accessToken: string, signal?: AbortSignal): Promise<TUserInfo> => {
  const [answer, { ZUserInfo }] = await Promise.all([
    api<TData<unknown>>('/users/info', { bearer: accessToken, errorMode: 'throw', signal }),
    authSchemas(),
  ]);
  return ZUserInfo.parse(answer.data);
};

/** A request to /auth/refresh-token carries the refresh token as Bearer (spec section 7). */
export const postRefreshToken = async (refreshToken: string, signal?: AbortSignal): Promise<TTokenPair> => {
  const [answer, { ZTokenPair }] = await Promise.all([
    api<TData<unknown>>('/auth/refresh-token', {
      method: 'POST',
      body: { refreshToken },
      bearer: refreshToken,
      errorMode: 'throw',
      signal,
    }),
    authSchemas(),
  ]);
  return ZTokenPair.parse(answer.data);
};

export const postLogout = async (accessToken: string | null, refreshToken: string | null): Promise<void> => {
  await api('/auth/logout', {
    method: 'POST',
    body: refreshToken ? { refreshToken } : {},
    bearer: accessToken,
    errorMode: 'throw',
  });
};
