import { describe, expect, it } from 'vitest';
import {
  ApiValidationError,
  classifyError,
  defaultErrorMode,
  errorBody,
  errorStatus,
  fieldErrors,
  isNetworkError,
} from './errors';

/** The shape of an ofetch FetchError for a response with this status and body. */
const httpError = (status: number, data?: unknown) =>
  Object.assign(new Error(`[GET] "/api/v1/x": ${status}`), {
    status,
    statusCode: status,
    data,
    response: { status },
  });

describe('errorStatus (spec section 8: statusCode, status or response status; default 500)', () => {
  it('reads the status from the body, the error or the response', () => {
    expect(errorStatus({ data: { statusCode: 409 } })).toBe(409);
    expect(errorStatus({ statusCode: 403 })).toBe(403);
    expect(errorStatus({ status: 404 })).toBe(404);
    expect(errorStatus({ response: { status: 502 } })).toBe(502);
  });

  it('defaults to 500', () => {
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus(null)).toBe(500);
    expect(errorStatus('text')).toBe(500);
  });
});

describe('classifyError', () => {
  it('maps a network failure to the offline view', () => {
    expect(classifyError(new Error('Network Error'))).toEqual({ kind: 'offline' });
    expect(
      classifyError(
        Object.assign(new Error('[GET] "/x": <no response> Failed to fetch'), {
          cause: new TypeError('Failed to fetch'),
        }),
      ),
    ).toEqual({
      kind: 'offline',
    });
    expect(isNetworkError(httpError(500, { message: 'Network Error' }))).toBe(false);
  });

  it('hands a 400 back to the caller', () => {
    expect(classifyError(httpError(400))).toEqual({ kind: 'caller', status: 400 });
  });

  it('ends the session on 401', () => {
    expect(classifyError(httpError(401))).toEqual({ kind: 'unauthorized' });
  });

  it.each([
    [403, 'forbidden'],
    [404, 'notFound'],
    [500, 'serverError'],
    [409, 'generic'],
    [429, 'generic'],
    [503, 'generic'],
  ])('shows status %i as the %s view', (status, view) => {
    expect(classifyError(httpError(status))).toEqual({ kind: 'view', view, status });
  });

  it('treats a request without any status as a server error', () => {
    expect(classifyError(new Error('unexpected'))).toEqual({
      kind: 'view',
      view: 'serverError',
      status: 500,
    });
  });

  it('recognises a cancelled request, which shows nothing', () => {
    expect(classifyError(new DOMException('aborted', 'AbortError'))).toEqual({ kind: 'aborted' });
    expect(
      classifyError(
        Object.assign(new Error('[GET] "/x": <no response> aborted'), { cause: { name: 'AbortError' } }),
      ),
    ).toEqual({
      kind: 'aborted',
    });
  });
});

describe('errorBody and fieldErrors', () => {
  it('reads the server body', () => {
    expect(
      errorBody(
        httpError(400, { statusCode: 400, message: 'Invalid', errors: ['username is required.', 7] }),
      ),
    ).toEqual({ statusCode: 400, message: 'Invalid', errors: ['username is required.'] });
    expect(errorBody(new Error('x'))).toEqual({});
  });

  it('puts each message on the field named by its first word, first message winning', () => {
    expect(
      fieldErrors([
        'username is required.',
        'password must be at most 200 characters long.',
        'username is too short',
      ]),
    ).toEqual({
      username: 'username is required.',
      password: 'password must be at most 200 characters long.',
    });
  });

  it('places a message led by `field:` (a rule whose wording has no label) on that field', () => {
    expect(fieldErrors(['sessionIdleMinutes: Number has to be between 5 and 480'])).toEqual({
      sessionIdleMinutes: 'sessionIdleMinutes: Number has to be between 5 and 480',
    });
  });

  it('keeps message and field errors on the validation error', () => {
    const error = new ApiValidationError('The request is not valid.', ['username is required.']);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(400);
    expect(error.errors).toEqual(['username is required.']);
  });
});

describe('defaultErrorMode (issue 10: the catalogue is the default of every read)', () => {
  it('shows the view for a read and keeps the form for a write', () => {
    expect(defaultErrorMode(undefined)).toBe('view');
    expect(defaultErrorMode('GET')).toBe('view');
    expect(defaultErrorMode('get')).toBe('view');
    expect(defaultErrorMode('HEAD')).toBe('view');
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE', 'patch']) {
      expect(defaultErrorMode(method)).toBe('notice');
    }
  });
});
