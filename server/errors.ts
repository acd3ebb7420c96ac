import type { TranslationFunctions } from '../src/i18n/i18n-types';

export type TServerMessageKey = keyof TranslationFunctions['server'];

/**
 * An expected failure with a status and a translatable message; the error handler translates it
 * into the request's locale and answers `{ statusCode, message, errors?, ...extra }` (`extra`: what
 * the client acts on besides the words, e.g. a 409's `duplicates`, a 410's `mergedInto`; the route
 * declares it in its response schema).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: TServerMessageKey,
    readonly params: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
    /** Field messages (first word = field name), rendered in the request's locale. */
    readonly errors?: ((t: TranslationFunctions) => string)[],
    /** Fields added to the answer's body as they are (never `statusCode`, `message`, `errors`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

export const unauthenticated = () => new ApiError(401, 'unauthenticated');
export const noPermission = () => new ApiError(403, 'noPermission');
export const notFound = () => new ApiError(404, 'notFound');

/** 400 with field messages, e.g. `fieldErrors((t) => t.validation.imageSize({ label: 'file' }))`. */
export const fieldErrors = (...errors: ((t: TranslationFunctions) => string)[]) =>
  new ApiError(400, 'validationFailed', {}, {}, errors);

/** 409: the record changed since the client read it (optimistic concurrency). */
export const staleVersion = () => new ApiError(409, 'staleVersion');
