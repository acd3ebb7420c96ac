import type { TranslationFunctions } from '@/i18n/i18n-types';
import { ApiValidationError } from '@/platform/api/errors';
import { failureMessage } from './saveFailure';

/**
 * What a failed call (a file, a family, a document) says: a 400's field messages (the
 * server names the file or the field), else offline / the server's message / a generic line.
 */
export const failureText = (error: unknown, LL: TranslationFunctions): string => {
  if (error instanceof ApiValidationError) {
    if (error.errors.length > 0) return error.errors.join(' ');
    return error.message || LL.errors.generic();
  }
  return failureMessage(error, LL);
};
