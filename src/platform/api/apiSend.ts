import { apiPrefix } from '@/domain/constants';
import { currentRouteLocale } from '@/state/locale';
import { authorizedHeaders, handleFailure } from './client';

// Its own module so that the sign-in and home pages, which load the client, do not carry it: only
// the import screen sends files with progress.

/** How far a sent file has gone: bytes sent of the body's total. */
export type TUploadProgress = { loaded: number; total: number };

/** The failure of `apiSend`, shaped like ofetch's, so the error mapping reads it the same way. */
class UploadError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * A POST of a file whose progress the page shows (a workbook of many rows), with the same headers
 * and failure handling as `api` ('notice'). fetch cannot report how much of a body has been sent,
 * XMLHttpRequest can: `onProgress` gets each step, `onSent` fires once the whole body is sent and the
 * server is working on it.
 */
export const apiSend = async <T>(
  path: string,
  body: FormData,
  options: {
    onProgress?: (progress: TUploadProgress) => void;
    onSent?: () => void;
    signal?: AbortSignal;
  } = {},
): Promise<T> => {
  const headers = await authorizedHeaders(undefined, undefined);
  const answer = new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiPrefix}${path}`);
    request.setRequestHeader('locale', currentRouteLocale());
    for (const [key, value] of headers) request.setRequestHeader(key, value);
    request.responseType = 'text';
    request.upload.onprogress = (event) =>
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.upload.onload = () => options.onSent?.();
    request.onload = () => {
      let data: unknown = request.responseText;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        // Not JSON (a proxy's page): kept as text.
      }
      if (request.status >= 200 && request.status < 300) resolve(data as T);
      else {
        const message = (data as { message?: unknown } | null)?.message;
        reject(
          new UploadError(typeof message === 'string' ? message : request.statusText, request.status, data),
        );
      }
    };
    // Nothing answered (offline, the connection cut): the mapping's network failure.
    request.onerror = () => reject(new UploadError('Network Error'));
    request.onabort = () => reject(new DOMException('The upload was stopped.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
  try {
    return await answer;
  } catch (error) {
    return handleFailure(error, 'notice');
  }
};
