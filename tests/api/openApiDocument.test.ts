import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * Issue 22 item 10: the OpenAPI document is the API. Every route declares the statuses it answers
 * with their bodies, dates are `format: date`, uploads declare their multipart body, exports their
 * files; and the API tests' check (tests/api/support/declaredStatuses.ts) catches an undeclared one.
 */

type TSchema = {
  type?: string;
  format?: string;
  properties?: Record<string, TSchema>;
  items?: TSchema;
  required?: string[];
  nullable?: boolean;
  anyOf?: TSchema[];
};
type TOperation = {
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: TSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: TSchema }> }>;
};
type TDocument = { paths: Record<string, Record<string, TOperation>> };

let t: TTestApp;
let document: TDocument;
beforeAll(async () => {
  t = await createTestApp();
  document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t?.close());

const operation = (method: string, path: string): TOperation => {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`no ${method} ${path} in the document`);
  return found;
};
const operations = () =>
  Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, entry]) => ({ method: method.toUpperCase(), path, entry })),
    );
const jsonBody = (entry: TOperation) => entry.requestBody?.content['application/json']?.schema;
const permissionOf = (entry: TOperation) => /Permission: `([^`]+)`/.exec(entry.description ?? '')?.[1];
const errorBody = {
  type: 'object',
  properties: {
    statusCode: { type: 'integer' },
    message: { type: 'string' },
    errors: { type: 'array', items: { type: 'string' } },
  },
  required: ['statusCode', 'message'],
};

describe('the statuses every route declares (GET /api/docs/json)', () => {
  it('gives every operation a success and, for each kind of route, its failures with the error body', () => {
    const missing: string[] = [];
    for (const { method, path, entry } of operations()) {
      const declared = Object.keys(entry.responses ?? {});
      const expected: string[] = [];
      const permission = permissionOf(entry);
      if (permission !== 'public') expected.push('401');
      if (permission !== 'public' && permission !== 'authenticated') expected.push('403');
      if (path.includes('{')) expected.push('400', '404');
      if (method !== 'GET') expected.push('400', '413', '415');
      if (jsonBody(entry)?.properties?.version) expected.push('409');
      for (const status of expected) {
        if (!declared.includes(status)) missing.push(`${method} ${path} ${status}`);
      }
      if (!declared.some((status) => status.startsWith('2'))) missing.push(`${method} ${path} 2xx`);
      for (const status of declared.filter((code) => code.startsWith('4'))) {
        const schema = entry.responses[status].content?.['application/json']?.schema;
        expect(schema, `${method} ${path} ${status}`).toMatchObject(errorBody);
      }
    }
    expect(missing).toEqual([]);
    expect(operations().length).toBeGreaterThan(150);
  });

  it('declares 409 on the writes that refuse (stale version, refused transition, record in use) and 429 on sign-in', () => {
    expect(operation('patch', '/api/v1/provinces/{id}').responses).toHaveProperty('409');
    expect(operation('delete', '/api/v1/provinces/{id}').responses).toHaveProperty('409');
    expect(operation('post', '/api/v1/provinces').responses).toHaveProperty('409');
    expect(operation('patch', '/api/v1/child-infos/confirm-adoption/{id}').responses).toHaveProperty('409');
    expect(operation('post', '/api/v1/auth/sign-in').responses).toHaveProperty('429');
  });

  it('declares an export as its file: xlsx or csv, binary', () => {
    const content = operation('get', '/api/v1/child-infos/export').responses['200'].content ?? {};
    const binary = { type: 'string', format: 'binary' };
    expect(content['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']?.schema).toEqual(
      binary,
    );
    expect(content['text/csv']?.schema).toEqual(binary);
    expect(
      operation('get', '/api/v1/categories/excel').responses['200'].content?.[
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      ]?.schema,
    ).toEqual(binary);
  });
});

describe('dates and uploads in the document', () => {
  it('declares date fields as format: date', () => {
    const child = jsonBody(operation('post', '/api/v1/child-infos'))?.properties ?? {};
    expect(child.dateOfBirth).toMatchObject({ type: 'string', format: 'date' });
    expect(child.admittedOn).toMatchObject({ format: 'date' });
    const action = jsonBody(operation('patch', '/api/v1/child-infos/confirm-adoption/{id}'))?.properties;
    expect(action?.date).toMatchObject({ type: 'string', format: 'date' });
    const matching = jsonBody(operation('post', '/api/v1/adoptive-matching'))?.properties;
    expect(matching?.proposedDate).toMatchObject({ format: 'date' });
  });

  it('declares the multipart/form-data body of every upload, its files binary', () => {
    const multipart = (method: string, path: string) =>
      operation(method, path).requestBody?.content['multipart/form-data']?.schema;
    expect(multipart('post', '/api/v1/child-infos/upload-file/{id}')).toMatchObject({
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' }, kind: { enum: ['photo', 'document'] } },
      required: ['file'],
    });
    expect(multipart('post', '/api/v1/child-infos/upload-files/{id}')?.properties?.files).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'binary' },
    });
    expect(multipart('post', '/api/v1/general-information/upload')?.properties?.file).toEqual({
      type: 'string',
      format: 'binary',
    });
    const uploads = operations().filter(({ entry }) => entry.requestBody?.content['multipart/form-data']);
    // The three child file uploads, the two logos and the attachments of each record with them.
    expect(uploads.length).toBeGreaterThanOrEqual(6);
    for (const { entry } of uploads) expect(entry.requestBody?.content['application/json']).toBeUndefined();
  });
});

describe('the check of the API tests', () => {
  it('fails the test file listing a status a route answered without declaring it', async () => {
    const teapot: FastifyPluginAsyncZod = async (app) => {
      app.get(
        '/probe/teapot',
        { config: { permission: 'public' }, schema: { response: { 200: z.object({ data: z.string() }) } } },
        // A failure the route does not declare, answered by the error handler like any other.
        async () => {
          throw Object.assign(new Error('teapot'), { statusCode: 418 });
        },
      );
    };
    const probe = await createTestApp({}, { extraApiRoutes: [teapot] });
    await probe.signIn('admin', adminPassword);
    const response = await probe.app.inject({ method: 'GET', url: '/api/v1/probe/teapot?x=1' });
    expect(response.statusCode).toBe(418);
    expect(probe.undeclaredStatuses()).toEqual([
      { route: 'GET /api/v1/probe/teapot', statusCode: 418, example: 'GET /api/v1/probe/teapot?x=1' },
    ]);
    await expect(probe.close()).rejects.toThrow(
      /GET \/api\/v1\/probe\/teapot answered 418 \(e\.g\. GET \/api\/v1\/probe\/teapot\?x=1\)/,
    );
  });
});
