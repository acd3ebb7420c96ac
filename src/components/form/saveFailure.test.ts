import { describe, expect, it } from 'vitest';
import { i18nObject } from '@/i18n/i18n-util';
import { loadAllLocales } from '@/i18n/i18n-util.sync';
import { ApiValidationError } from '@/platform/api/errors';
import { failureMessage } from './saveFailure';

loadAllLocales();
const en = i18nObject('en');
const km = i18nObject('km');

/** The shape of an ofetch FetchError for a response with this status and body. */
const httpError = (status: number, message?: string) =>
  Object.assign(new Error(`[PATCH] "/api/v1/x": ${status}`), {
    status,
    statusCode: status,
    data: message === undefined ? undefined : { statusCode: status, message },
    response: { status },
  });
const networkError = () => Object.assign(new TypeError('Failed to fetch'), { name: 'FetchError' });

describe("failureMessage: a failed write says the error catalogue's words over its form", () => {
  it('names offline, 403, 404 and 500 as the views do, in both languages', () => {
    for (const LL of [en, km]) {
      expect(failureMessage(networkError(), LL)).toBe(LL.errors.offlineTitle());
      expect(failureMessage(httpError(403, LL.errors.noPermission()), LL)).toBe(LL.errors.noPermission());
      expect(failureMessage(httpError(404, 'Request Not Found.'), LL)).toBe(LL.errors.notFoundTitle());
      expect(failureMessage(httpError(500, 'Internal Server Error'), LL)).toBe(LL.errors.serverErrorTitle());
    }
    expect(failureMessage(networkError(), en)).toBe('You are offline.');
    expect(failureMessage(httpError(403, 'No Permission.'), en)).toBe('No Permission.');
    expect(failureMessage(httpError(500), en)).toBe('Internal Server Error');
  });

  it("says the blank generic line for any other status, never the server's text", () => {
    expect(failureMessage(httpError(502, 'Bad Gateway from nginx'), en)).toBe(en.errors.generic());
    expect(failureMessage(httpError(418, "I'm a teapot"), km)).toBe(km.errors.generic());
    expect(failureMessage(httpError(413), en)).toBe(en.errors.generic());
  });

  it('keeps the message of a 400 and a 409, which the person acts on', () => {
    expect(failureMessage(new ApiValidationError('code Code is required'), en)).toBe('code Code is required');
    expect(failureMessage(httpError(409, 'The province is used by 3 children.'), en)).toBe(
      'The province is used by 3 children.',
    );
  });

  it("adds a 403's more precise reason after 'No Permission.'", () => {
    expect(failureMessage(httpError(403, 'You cannot change the permissions of your own role.'), en)).toBe(
      'No Permission. You cannot change the permissions of your own role.',
    );
  });
});
