/**
 * Error mapping of spec section 8, kept pure so it is unit-tested: what the client does with a
 * failed request depends only on the error's status (read from statusCode, status or the
 * response's status; 500 when none) and on whether the request reached the server at all.
 */
export type TErrorView = 'offline' | 'forbidden' | 'notFound' | 'serverError' | 'generic';

/** How a call's failure is handled; src/api/client.ts describes each. */
export type TErrorMode = 'view' | 'notice' | 'log' | 'throw';

/** A read (GET) shows the catalogue's view; a write keeps its form and says why over it. */
export const defaultErrorMode = (method: string | undefined): TErrorMode =>
  !method || ['GET', 'HEAD'].includes(method.toUpperCase()) ? 'view' : 'notice';

export type TErrorDisposition =
  | { kind: 'aborted' }
  | { kind: 'offline' }
  | { kind: 'unauthorized' }
  | { kind: 'caller'; status: 400 }
  | { kind: 'view'; view: Exclude<TErrorView, 'offline'>; status: number };

type TErrorLike = {
  name?: unknown;
  message?: unknown;
  statusCode?: unknown;
  status?: unknown;
  data?: unknown;
  response?: { status?: unknown } | null;
  cause?: unknown;
};

const asNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

const asObject = (value: unknown): TErrorLike | null =>
  value && typeof value === 'object' ? (value as TErrorLike) : null;

/** A body `{ statusCode, message, errors? }` of DESIGN.md section 3, when the server sent one. */
export type TApiErrorBody = { statusCode?: number; message?: string; errors?: string[] };

export const errorBody = (error: unknown): TApiErrorBody => {
  const data = asObject(asObject(error)?.data);
  if (!data) return {};
  const body = data as Record<string, unknown>;
  return {
    statusCode: asNumber(body.statusCode),
    message: typeof body.message === 'string' ? body.message : undefined,
    errors: Array.isArray(body.errors)
      ? body.errors.filter((item): item is string => typeof item === 'string')
      : undefined,
  };
};

export const isAbortError = (error: unknown): boolean => {
  const object = asObject(error);
  if (!object) return false;
  if (object.name === 'AbortError') return true;
  return asObject(object.cause)?.name === 'AbortError';
};

const networkMessages = ['network error', 'failed to fetch', 'fetch failed', 'networkerror', 'load failed'];

/** 'Network Error' (spec) and the fetch failures browsers and Node report when nothing answered. */
export const isNetworkError = (error: unknown): boolean => {
  const object = asObject(error);
  if (!object) return false;
  if (object.response && asNumber(object.response.status)) return false;
  if (asNumber(object.statusCode) || asNumber(object.status)) return false;
  const texts = [object.message, asObject(object.cause)?.message].filter(
    (text): text is string => typeof text === 'string',
  );
  return texts.some((text) => networkMessages.some((needle) => text.toLowerCase().includes(needle)));
};

export const errorStatus = (error: unknown): number => {
  const object = asObject(error);
  if (!object) return 500;
  return (
    errorBody(error).statusCode ??
    asNumber(object.statusCode) ??
    asNumber(object.status) ??
    asNumber(object.response?.status) ??
    500
  );
};

export const classifyError = (error: unknown): TErrorDisposition => {
  if (isAbortError(error)) return { kind: 'aborted' };
  if (isNetworkError(error)) return { kind: 'offline' };
  const status = errorStatus(error);
  if (status === 400) return { kind: 'caller', status };
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 403) return { kind: 'view', view: 'forbidden', status };
  if (status === 404) return { kind: 'view', view: 'notFound', status };
  if (status === 500) return { kind: 'view', view: 'serverError', status };
  return { kind: 'view', view: 'generic', status };
};

/** A 400 handed back to the caller (spec section 8): the message for the form and the field errors. */
export class ApiValidationError extends Error {
  readonly status = 400;
  readonly errors: string[];
  constructor(message: string, errors: string[] = []) {
    super(message);
    this.name = 'ApiValidationError';
    this.errors = errors;
  }
}

/**
 * The field a server message is about: its first word (spec section 5). A message whose own wording
 * has no label ('Number has to be between 5 and 480') comes led by `field: `; the colon is not part
 * of the name.
 */
export const messageField = (message: string): string => message.trim().split(/\s+/)[0].replace(/:$/, '');

/**
 * Server field errors of spec section 5: a message belongs to the field named by its first word;
 * the first such message per field is shown.
 */
export const fieldErrors = (errors: readonly string[]): Record<string, string> => {
  const byField: Record<string, string> = {};
  for (const message of errors) {
    const field = messageField(message);
    if (field && !(field in byField)) byField[field] = message;
  }
  return byField;
};
