import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ruleMessage, type TIssueLike } from '../../src/domain/rules';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { ApiError } from '../errors';
import { translator, translators } from './locale';

type TValidationIssue = { keyword: string; instancePath: string; params: Record<string, unknown> };
type TValidationContext = 'body' | 'querystring' | 'params' | 'headers';

const valueAt = (root: unknown, segments: string[]): unknown =>
  segments.reduce<unknown>(
    (value, segment) =>
      value && typeof value === 'object' ? (value as Record<string, unknown>)[segment] : undefined,
    root,
  );

const requestPart = (request: FastifyRequest, context: TValidationContext | undefined): unknown => {
  switch (context) {
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return request.body;
  }
};

/**
 * One zod issue -> one message whose first word is the field name (DESIGN.md section 3), in every
 * locale, so the form can put it on its field.
 */
const issueMessage = (
  issue: TValidationIssue,
  t: TranslationFunctions,
  part: unknown,
  context: TValidationContext | undefined,
): string => {
  const segments = issue.instancePath.split('/').filter(Boolean);
  // Nested fields keep their path (`name.kh`) so the form can find the input; list indexes drop out.
  const field = segments.filter((segment) => !/^\d+$/.test(segment)).join('.') || context || 'body';
  const value = valueAt(part, segments);
  const message = ruleMessage(
    { code: issue.keyword, ...(issue.params as Omit<TIssueLike, 'code'>) },
    field,
    t.validation,
    value === undefined || value === null,
  );
  // Some of the spec's messages carry no label ('Number has to be between {min} and {max}'): the
  // field's name leads them, so a client can still put each message on its field.
  return message.startsWith(`${field} `) ? message : `${field}: ${message}`;
};

/**
 * What @fastify/multipart and its parser (busboy) throw for a body that is not a whole multipart
 * form: cut off, no or a bad boundary, limits passed, a prototype key. The parser's own errors carry
 * no code, so they are known by their text (a library upgrade that changes it fails the fuzz test).
 */
const multipartErrorCodes = new Set([
  'FST_PARTS_LIMIT',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_REQ_FILE_TOO_LARGE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_INVALID_JSON_FIELD_ERROR',
  'FST_MP_PREMATURE_CLOSE',
]);
const multipartParserMessages = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.$/,
  /^Boundary required$/,
  /^Unsupported Content-Type\.$/,
  /^Malformed part header$/,
];
const isMultipartRequest = (request: FastifyRequest) =>
  /^multipart\//i.test(request.headers['content-type'] ?? '');
const isMultipartError = (error: FastifyError, request: FastifyRequest) =>
  multipartErrorCodes.has(error.code) ||
  (isMultipartRequest(request) &&
    typeof error.message === 'string' &&
    multipartParserMessages.some((pattern) => pattern.test(error.message)));

/** The client closed the connection before its request was read or answered: nobody to answer. */
const clientWentAway = (request: FastifyRequest) =>
  request.raw.destroyed || (request.raw.socket?.destroyed ?? false);
/** What reading a body throws when its sender goes away mid-way. */
const abortCodes = new Set(['ECONNRESET', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE', 'ABORT_ERR']);
const isAbortError = (error: FastifyError) => abortCodes.has(error.code) || error.message === 'aborted';

const genericMessage = (statusCode: number, error: FastifyError, t: TranslationFunctions): string => {
  switch (statusCode) {
    case 400:
      return t.server.validationFailed();
    case 401:
      return t.server.unauthenticated();
    case 403:
      return t.server.noPermission();
    case 404:
      return t.server.notFound();
    case 413:
      return t.server.payloadTooLarge();
    case 414:
      return t.server.uriTooLong();
    case 415:
      return t.server.unsupportedMediaType();
    default:
      return error.message;
  }
};

const isApiPath = (url: string) => /^\/api(\/|\?|$)/.test(url);

export type TErrorHandlingOptions = {
  /** Answers a non-API GET that accepts HTML with the SPA's index.html (client-side routing). */
  serveSpa?: (request: FastifyRequest, reply: FastifyReply) => boolean;
};

/** `{ statusCode, message, errors? }` for every failure; no stack trace ever reaches a client. */
export const registerErrorHandling = (app: FastifyInstance, options: TErrorHandlingOptions = {}) => {
  // A POST without a body validates as `{}`, so the answer names each missing field.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return defaultJsonParser(request, text, done);
  });
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const t = translator(request);
    if (error instanceof ApiError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({
          ...error.extra,
          statusCode: error.statusCode,
          message: (t.server[error.messageKey] as (params: Record<string, unknown>) => string)(error.params),
          ...(error.errors ? { errors: error.errors.map((render) => render(t)) } : {}),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext as TValidationContext | undefined;
      const part = requestPart(request, context);
      const errors = [
        ...new Set(
          error.validation.map((issue) => issueMessage(issue as TValidationIssue, t, part, context)),
        ),
      ];
      return reply.status(400).send({ statusCode: 400, message: t.server.validationFailed(), errors });
    }
    // Unreadable JSON gets a message a person can act on, like any other bad field.
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply
        .status(400)
        .send({ statusCode: 400, message: t.server.validationFailed(), errors: [t.server.invalidJson()] });
    }
    if (isMultipartError(error, request)) {
      // An upload cut short because its sender went away is the network's doing, not a fault here.
      if (clientWentAway(request)) request.log.info({ code: error.code }, 'upload aborted by the client');
      const errors = [
        error.code === 'FST_FILES_LIMIT'
          ? t.validation.invalid({ label: 'file' })
          : t.server.invalidMultipart(),
      ];
      return reply.status(400).send({ statusCode: 400, message: t.server.validationFailed(), errors });
    }
    if (isAbortError(error) && clientWentAway(request)) {
      request.log.info({ code: error.code }, 'request aborted by the client');
      return reply.status(400).send({ statusCode: 400, message: t.server.validationFailed() });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ statusCode, message: genericMessage(statusCode, error, t) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ statusCode: 500, message: t.server.internal() });
  });

  app.setNotFoundHandler((request, reply) => {
    if (!isApiPath(request.url) && options.serveSpa?.(request, reply)) return reply;
    return reply.status(404).send({ statusCode: 404, message: translator(request).server.notFound() });
  });
};

/**
 * Fastify's router answers some failures before any route or error handler runs (a path parameter
 * over `maxParamLength`, a malformed percent-encoding): these come here instead, in our shape.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const t = translator(request);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(414).send({ statusCode: 414, message: t.server.uriTooLong() });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ statusCode: 400, message: t.server.badUrl() });
  }
  request.log.error({ err: error }, 'unexpected router error');
  return reply.status(500).send({ statusCode: 500, message: t.server.internal() });
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (malformed request line or headers,
 * headers too large, a timeout) are answered in our shape too, in English: no header was read.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const t = translators.en;
  const [statusCode, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : [400, t.server.validationFailed()];
  const body = JSON.stringify({ statusCode, message });
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
