import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { ApiValidationError, classifyError, errorBody, errorStatus } from '@/platform/api/errors';
import { placeServerErrors } from './formErrors';

/** The notice above a form after a failed save; a conflict offers to reload. */
export type TFormNotice = { message: string; conflict?: boolean };

/**
 * What a failed write (or a download) says over its form, in the words of the error catalogue (spec
 * section 8): 'You are offline.', 'No Permission.', '404 Not Found', 'Internal Server Error', or the
 * blank generic line for any other status. A 400 and a 409 are answers the person acts on (what to
 * correct, who changed the record or still uses it): their own message. A 403 keeps the server's
 * reason after 'No Permission.' when it gives a more precise one.
 */
export const failureMessage = (error: unknown, LL: TranslationFunctions): string => {
  const disposition = classifyError(error);
  const serverMessage = errorBody(error).message;
  if (disposition.kind === 'offline') return LL.errors.offlineTitle();
  if (disposition.kind === 'caller' || errorStatus(error) === 409)
    return serverMessage || (error instanceof Error && error.message) || LL.errors.generic();
  if (disposition.kind !== 'view') return LL.errors.generic();
  switch (disposition.view) {
    case 'forbidden': {
      const noPermission = LL.errors.noPermission();
      return serverMessage && serverMessage !== noPermission
        ? `${noPermission} ${serverMessage}`
        : noPermission;
    }
    case 'notFound':
      return LL.errors.notFoundTitle();
    case 'serverError':
      return LL.errors.serverErrorTitle();
    default:
      return LL.errors.generic();
  }
};

/**
 * A failed save, the same in every form: a 400's field messages go under their fields (worded with
 * the field's label in place of its API name), a 409 says someone else saved first, anything else
 * says why. Returns the notice to show above the form.
 */
export const noticeForSaveFailure = (
  error: unknown,
  form: {
    fieldPaths: readonly string[];
    labelForPath: (path: string) => string;
    setError: UseFormSetError<FieldValues>;
    LL: TranslationFunctions;
  },
): TFormNotice => {
  const { LL } = form;
  if (error instanceof ApiValidationError) {
    const { placed, unplaced } = placeServerErrors(error.errors, form.fieldPaths);
    // Only the first takes the focus: moving it on would blur (and so re-validate and clear) the
    // fields before it, whose server messages the form's own rules cannot see.
    let first = true;
    for (const [path, message] of placed) {
      const worded = `${form.labelForPath(path)}${message.slice(path.length)}`;
      form.setError(path, { type: 'server', message: worded }, { shouldFocus: first });
      first = false;
    }
    return { message: unplaced[0] ?? LL.form.fixErrors() };
  }
  if (errorStatus(error) === 409)
    return { message: errorBody(error).message ?? LL.form.conflict(), conflict: true };
  return { message: failureMessage(error, LL) };
};
