import { Readable } from 'node:stream';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiPrefix } from '../../src/domain/constants';
import { ZErrorBody } from '../http/schemas';

/** Whether a route's `schema.response` declares `statusCode` (exactly, by `4xx`-style range or `default`). */
export const declaresStatus = (response: unknown, statusCode: number): boolean => {
  if (!response || typeof response !== 'object') return false;
  const keys = Object.keys(response);
  const range = `${String(statusCode)[0]}xx`;
  return (
    keys.includes(String(statusCode)) ||
    keys.includes(range) ||
    keys.includes(range.toUpperCase()) ||
    keys.includes('default')
  );
};

/** Methods whose request body Fastify reads (a wrong content type 415, an unreadable body 400). */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Whether a zod request part carries `version` (optimistic concurrency: a stale one answers 409). */
const carriesVersion = (body: unknown): boolean => {
  const shape = (body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return !!shape && typeof shape === 'object' && 'version' in shape;
};

/**
 * Issue 22 item 10 (the OpenAPI document is the API): the failures every route of a kind can
 * answer, declared once with the one error body, so a route (an engine's or hand-written, today's
 * or tomorrow's) documents them without listing them. A route's own declarations win.
 *  - 400: a route that reads anything (path, query, headers, a body);
 *  - 401: every route not `public`; 403: every route guarded by a permission;
 *  - 404: every route with a path parameter (the record is missing or out of office scope);
 *  - 409: a body or query with `version` (stale); other conflicts (workflow, in use, four-eyes) by engine;
 *  - 415: every method with a body (a content type it does not read); 413: a body over the limit;
 *  - 503: every route: a request reaching a process that is stopping (server/operations, issue 36).
 * Hooked after the permission check's onRoute (it reads `config.permission`), before the swagger's.
 */
export const registerDeclaredResponses = (app: FastifyInstance) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(`${apiPrefix}/`)) return;
    route.schema ??= {};
    const schema = route.schema as Record<string, unknown>;
    schema.response ??= {};
    const response = schema.response as Record<string, unknown>;
    // A route answering a file (`produces`) still answers its failures as JSON: said per content type,
    // or the document would list them under the file's.
    const errorEntry = schema.produces
      ? { description: 'The failure', content: { 'application/json': { schema: ZErrorBody } } }
      : ZErrorBody;
    for (const [status, entry] of Object.entries(response)) {
      if (entry === ZErrorBody) response[status] = errorEntry;
    }
    const declare = (statusCode: number) => {
      if (!declaresStatus(response, statusCode)) response[statusCode] = errorEntry;
    };
    const permission = route.config?.permission ?? 'public';
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const readsBody = methods.some((method) => bodyMethods.has(method));
    const readsInput =
      readsBody || route.url.includes(':') || !!schema.querystring || !!schema.headers || !!schema.params;
    if (readsInput) declare(400);
    if (permission !== 'public') declare(401);
    if (permission !== 'public' && permission !== 'authenticated') declare(403);
    if (route.url.includes(':')) declare(404);
    if (carriesVersion(schema.body) || carriesVersion(schema.querystring)) declare(409);
    if (readsBody) {
      declare(413);
      declare(415);
    }
    declare(503);
  });
};

/** 409 with the error body: a refused transition, a record in use, four-eyes, a duplicate. */
export const conflictResponse = { 409: ZErrorBody };

/** A file answered as itself (an export, a stored image or document), `format: binary` in the document. */
export const ZBinary = z
  .custom<string | Buffer | Readable>(
    (value) => typeof value === 'string' || Buffer.isBuffer(value) || value instanceof Readable,
  )
  .meta({ type: 'string', format: 'binary' });

/** A success that is a file of one of `contentTypes` (the document's `content`, each `format: binary`). */
export const fileResponse = (description: string, ...contentTypes: string[]) => ({
  description,
  content: Object.fromEntries(contentTypes.map((type) => [type, { schema: ZBinary }])),
});

/**
 * A `multipart/form-data` body as the document shows it (route `schema.multipartBody`). Only the
 * document reads it (server/app.ts's swagger transform): a `body` schema would be validated against
 * what @fastify/multipart leaves, so the handlers check the fields themselves.
 */
export const multipartBody = <T extends z.ZodRawShape>(shape: T) => z.object(shape);
