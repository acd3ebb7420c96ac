import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ruleMessage, type TIssueLike } from '../../src/domain/rules';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';
import { ApiError } from '../errors';
import { translator } from './locale';

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
  return ruleMessage(
    { code: issue.keyword, ...(issue.params as Omit<TIssueLike, 'code'>) },
    field,
    t.validation,
    value === undefined || value === null,
  );
};

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
