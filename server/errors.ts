import type { TranslationFunctions } from '../src/i18n/i18n-types';

export type TServerMessageKey = keyof TranslationFunctions['server'];

/**
 * An expected failure with a status and a translatable message; the error handler translates it
 * into the request's locale and answers `{ statusCode, message, errors? }`.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: TServerMessageKey,
    readonly params: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

export const unauthenticated = () => new ApiError(401, 'unauthenticated');
export const noPermission = () => new ApiError(403, 'noPermission');
export const notFound = () => new ApiError(404, 'notFound');
