import { type FetchOptions, ofetch } from 'ofetch';
import { apiPrefix } from '@/domain/constants';
import { currentRouteLocale } from '@/state/locale';
import { showPageError } from '@/state/pageError';
import { ApiValidationError, classifyError, defaultErrorMode, errorBody, type TErrorMode } from './errors';
import { readAccessToken } from './tokenStore';

/**
 * What happens when a request fails (spec section 8; docs/decisions.md 'Issue 10: error catalogue'):
 * - 'view': the default of a read (GET). Offline / 403 / 404 / 500 / other statuses show the
 *   matching view in the main area; 401 clears the session and opens the login page; 400 is thrown
 *   to the caller as an `ApiValidationError`. Every other failure is thrown too (after the view is
 *   shown), so the caller stops, but it needs no message of its own.
 * - 'notice': the default of a write (any other method), and of reads a button starts (a
 *   download): the page stays with what was typed; 401 still ends the session, 400 is an
 *   `ApiValidationError`, anything else is logged and thrown for the caller to say over its form in
 *   the catalogue's words (`failureMessage`).
 * - 'log': background reads that are not the page (setup, menu search, pickers' options, images):
 *   the failure is only logged; 401 still ends the session.
 * - 'throw': nothing global happens (the auth calls, whose failures the session machine handles).
 */
export type { TErrorMode } from './errors';

export type TApiOptions = Omit<FetchOptions<'json'>, 'responseType'> & {
  errorMode?: TErrorMode;
  /** Send this token as Bearer instead of the stored access token (refresh, logout, user info). */
  bearer?: string | null;
};

type TUnauthorizedHandler = () => void;
let onUnauthorized: TUnauthorizedHandler = () => {};

/**
 * Supplies a usable access token before a request (spec section 9: expiry read from the token,
 * 500 ms early): the session refreshes an expired one first, and rejects when both tokens have
 * expired, so the request is aborted instead of answered 401.
 */
type TAccessTokenProvider = () => Promise<string | null>;
let accessTokenProvider: TAccessTokenProvider = async () => readAccessToken();

export const setAccessTokenProvider = (provider: TAccessTokenProvider): void => {
  accessTokenProvider = provider;
};

/** The session registers what a 401 does (clear the auth cookies, go to /{locale}/login). */
export const setUnauthorizedHandler = (handler: TUnauthorizedHandler): void => {
  onUnauthorized = handler;
};

const http = ofetch.create({
  baseURL: apiPrefix,
  retry: 0,
  // fetch's default, said aloud: the sign-in's device cookie (issue 22) must travel with it.
  credentials: 'same-origin',
  onRequest({ options }) {
    options.headers.set('locale', currentRouteLocale());
  },
});

export const handleFailure = (error: unknown, mode: TErrorMode): never => {
  const disposition = classifyError(error);
  if (disposition.kind === 'caller') {
    const body = errorBody(error);
    throw new ApiValidationError(body.message ?? '', body.errors ?? []);
  }
  if (mode === 'throw' || disposition.kind === 'aborted') throw error;
  if (disposition.kind === 'unauthorized') {
    onUnauthorized();
    throw error;
  }
  if (mode === 'log' || mode === 'notice') {
    console.error('[api]', error);
    throw error;
  }
  console.error('[api]', error);
  if (disposition.kind === 'offline') showPageError('offline');
  else
    showPageError(disposition.view, disposition.view === 'forbidden' ? errorBody(error).message : undefined);
  throw error;
};

/** The request's headers with the access token (or the given bearer) as `Authorization`. */
export const authorizedHeaders = async (
  headers: TApiOptions['headers'],
  bearer: string | null | undefined,
) => {
  // The session already shows why a request could not get a token (both tokens expired).
  const token = bearer === undefined ? await accessTokenProvider() : bearer;
  const merged = new Headers(headers as HeadersInit | undefined);
  if (token) merged.set('Authorization', `Bearer ${token}`);
  return merged;
};

/** The one HTTP client: `/api/v1`, `Authorization: Bearer`, `locale` header, spec section 8 errors. */
export const api = async <T>(path: string, options: TApiOptions = {}): Promise<T> => {
  const { errorMode = defaultErrorMode(options.method), bearer, headers, ...rest } = options;
  const merged = await authorizedHeaders(headers, bearer);
  try {
    return await http<T>(path, { ...rest, headers: merged });
  } catch (error) {
    return handleFailure(error, errorMode);
  }
};

/**
 * A file the API answers (e.g. `GET /categories/excel`), with the same headers and error handling
 * as `api`. A failure answers JSON, which is read back into the error so its message and status
 * reach the caller and the error views as they do for any other call.
 */
export const apiBlob = async (
  path: string,
  options: TApiOptions & {
    /** Receives the answer's Content-Disposition header (the name the server gives the file). */
    onDisposition?: (header: string | null) => void;
  } = {},
): Promise<Blob> => {
  const { errorMode = defaultErrorMode(options.method), bearer, headers, onDisposition, ...rest } = options;
  const merged = await authorizedHeaders(headers, bearer);
  try {
    return await http<Blob, 'blob'>(path, {
      ...(rest as Omit<FetchOptions<'blob'>, 'responseType'>),
      headers: merged,
      responseType: 'blob',
      async onResponse({ response }) {
        if (response.ok) onDisposition?.(response.headers.get('content-disposition'));
        if (response.ok || !(response._data instanceof Blob)) return;
        const text = await response._data.text();
        try {
          response._data = JSON.parse(text);
        } catch {
          response._data = text;
        }
      },
    });
  } catch (error) {
    return handleFailure(error, errorMode);
  }
};

/**
 * The read of the record an address names (an edit or show page): an id the server refuses (400:
 * not a number, out of range) names no record, so it shows the not-found view like a 404.
 */
export const apiRecord = async <T>(
  path: string,
  options: Omit<TApiOptions, 'errorMode'> = {},
): Promise<T> => {
  try {
    return await api<T>(path, { ...options, errorMode: 'view' });
  } catch (error) {
    if (error instanceof ApiValidationError) showPageError('notFound');
    throw error;
  }
};

/** A read whose failure is only logged (spec section 8): resolves to null instead of throwing. */
export const apiRead = async <T>(
  path: string,
  options: Omit<TApiOptions, 'errorMode'> = {},
): Promise<T | null> => {
  try {
    return await api<T>(path, { ...options, errorMode: 'log' });
  } catch {
    return null;
  }
};

/** `/api/v1/general-information/{file}`: the logo's image source. */
export const generalInformationFileUrl = (file: string): string =>
  `${apiPrefix}/general-information/${encodeURIComponent(file)}`;
