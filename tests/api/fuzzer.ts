import { eq } from 'drizzle-orm';
import { hashPassword } from '../../server/auth/password';
import { upsertUser } from '../../server/db/fixtures';
import { childInfos, users } from '../../server/db/schema';
import { insertChildDocuments } from './support/childDocuments';
import type { TTestApp } from './testApp';
import { adminPassword } from './testApp';

/**
 * A fuzzer generated from the OpenAPI document (issue 10): every operation of `/api/docs/json` gets
 * requests built from its parameter and body schemas, then mutated (wrong types, missing and extra
 * fields, boundaries, hostile strings, malformed JSON, wrong content types, deep nesting, bad
 * multipart). Every answer is checked: no 5xx, no stack or SQL text, errors in the
 * `{ statusCode, message, errors? }` shape, each 400 `errors` entry led by a field of the operation.
 * Seeded: the same seed sends the same requests in the same order.
 */

type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  items?: TJsonSchema;
  enum?: unknown[];
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  additionalProperties?: boolean | TJsonSchema;
  const?: unknown;
  nullable?: boolean;
  default?: unknown;
};

type TParameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: TJsonSchema };

export type TOperation = {
  method: string;
  /** OpenAPI path, `{id}` placeholders included. */
  path: string;
  parameters: TParameter[];
  body?: TJsonSchema;
  multipart: boolean;
  /** Every name a 400 message may lead with: parameters, body properties at any depth, `body`. */
  fieldNames: Set<string>;
};

export type TFuzzRequest = {
  operation: string;
  strategy: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

export type TFuzzFailure = { request: TFuzzRequest; statusCode: number; body: string; problem: string };

export type TFuzzResult = {
  requests: number;
  operations: number;
  byStatus: Record<string, number>;
  byStrategy: Record<string, number>;
  failures: TFuzzFailure[];
  elapsedMs: number;
  /** How often a fuzzed request took the admin away (signed out, deactivated...) and it was put back. */
  adminRestored: number;
  /** The slowest requests (operation, strategy, milliseconds), slowest first. */
  slowest: { request: string; ms: number }[];
};

/** mulberry32: small, fast, seeded; enough to make the choices reproducible. */
const createRandom = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
};
type TRandom = ReturnType<typeof createRandom>;

/** Strings that have broken servers: control characters, NUL, lone surrogates, RTL, Khmer, huge. */
const hostileStrings: readonly string[] = [
  '',
  ' ',
  '   \t ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '😀\ud83d',
  '\u202egpj.exe',
  '\u0001\u0002\u0003\u001f\u007f',
  '\r\n\r\nX-Injected: 1',
  'ក្រសួងសង្គមកិច្ច អតីតយុទ្ធជន និងយុវនីតិសម្បទា',
  'ស្រុក'.repeat(60),
  '\u17d2\u17d2\u17d2',
  "' OR '1'='1",
  "Robert'); DROP TABLE students;--",
  '%00',
  '%',
  '_',
  '\\',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  '1e400',
  '-0',
  'NaN',
  'null',
  'true',
  '0x10',
  ' 1 ',
  '2147483648',
  '9007199254740993',
  '１２３',
  'a'.repeat(201),
  'a'.repeat(5_000),
  'ក'.repeat(20_000),
  'x'.repeat(120_000),
  '\ufeff\u200b\u200d',
  'é'.normalize('NFD'),
];

const boundaryNumbers: readonly number[] = [
  0,
  -1,
  1,
  2,
  1.5,
  -2_147_483_648,
  2_147_483_647,
  2_147_483_648,
  4_294_967_296,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e300,
  Number.MIN_VALUE,
];

const wrongTypeValues: readonly unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { kh: 1 },
  'text',
  123,
  -1,
  1.25,
  '1',
  [null],
  { $gt: '' },
];

/** A 1x1 PNG, enough for an upload to reach the handler's content checks. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const tinyPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

const typeOf = (schema: TJsonSchema): string | undefined => {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type;
};

/** The schema's alternatives flattened (anyOf, oneOf), or itself. */
const variants = (schema: TJsonSchema): TJsonSchema[] => {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return choices.flatMap(variants);
  return [schema];
};

const collectNames = (schema: TJsonSchema | undefined, into: Set<string>, depth = 0) => {
  if (!schema || depth > 8) return;
  for (const variant of variants(schema)) {
    for (const [name, property] of Object.entries(variant.properties ?? {})) {
      into.add(name);
      collectNames(property, into, depth + 1);
    }
    if (variant.items) collectNames(variant.items, into, depth + 1);
    for (const part of variant.allOf ?? []) collectNames(part, into, depth + 1);
  }
};

/** Every operation of the OpenAPI document under /api/v1. */
export const operationsOf = (document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): TOperation[] => {
  const operations: TOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = (operation.parameters as TParameter[] | undefined) ?? [];
      const content = (operation.requestBody as { content?: Record<string, { schema: TJsonSchema }> })
        ?.content;
      const body = content?.['application/json']?.schema;
      const multipartSchema = content?.['multipart/form-data']?.schema;
      const multipart = !!multipartSchema;
      const fieldNames = new Set<string>(['body']);
      for (const parameter of parameters) fieldNames.add(parameter.name);
      collectNames(body, fieldNames);
      collectNames(multipartSchema, fieldNames);
      // The multipart bodies built below always send `kind` and `title`: a 400 naming one of the
      // request's own fields (a control character in `title`) names a field its sender can fix.
      if (multipartSchema) for (const sent of ['kind', 'title']) fieldNames.add(sent);
      operations.push({ method: method.toUpperCase(), path, parameters, body, multipart, fieldNames });
    }
  }
  return operations.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
};

/** Ids of real rows, by list path (`/api/v1/provinces` -> its rows' ids). */
type TIdPool = Map<string, number[]>;

const idsFor = (pool: TIdPool, path: string): number[] => {
  const segments = path.split('/');
  for (let end = segments.length; end > 2; end -= 1) {
    const base = segments
      .slice(0, end)
      .filter((segment) => !segment.startsWith('{'))
      .join('/');
    const ids = pool.get(base);
    if (ids && ids.length > 0) return ids;
  }
  return [1, 2, 3];
};

/** A value the schema accepts, or close to it: real ids, known enum values, short strings. */
const validValue = (
  schema: TJsonSchema,
  random: TRandom,
  ids: number[],
  name: string,
  depth = 0,
): unknown => {
  const choices = variants(schema);
  const chosen = choices.length > 1 ? random.pick(choices) : choices[0];
  if (chosen.const !== undefined) return chosen.const;
  if (chosen.enum) return random.pick(chosen.enum);
  if (chosen.allOf?.length) return validValue(chosen.allOf[0], random, ids, name, depth);
  switch (typeOf(chosen)) {
    case 'integer':
    case 'number': {
      if (/id$/i.test(name)) return random.pick(ids);
      if (/version/i.test(name)) return random.pick([1, 1, 2, 3]);
      const low = chosen.minimum ?? 0;
      const high = Math.min(chosen.maximum ?? low + 100, low + 1000);
      return low + random.int(Math.max(1, high - low + 1));
    }
    case 'boolean':
      return random.chance(0.5);
    case 'string': {
      if (chosen.format === 'date' || /date|On$/.test(name))
        return random.pick(['2020-01-31', '2024-02-29', '2025-12-01']);
      if (chosen.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      const max = chosen.maxLength ?? 40;
      const text = random.pick(['Fuzz', 'ភ្នំពេញ', 'Kampot', 'ABC-1', 'fuzz_user', '/fuzz/path', 'users:read']);
      const sized = text.length < (chosen.minLength ?? 0) ? text.padEnd(chosen.minLength ?? 0, 'x') : text;
      return `${sized}${random.int(1000)}`.slice(0, Math.max(max, chosen.minLength ?? 1));
    }
    case 'array': {
      if (!chosen.items || depth > 6) return [];
      return Array.from({ length: random.int(3) }, () =>
        validValue(chosen.items as TJsonSchema, random, ids, name, depth + 1),
      );
    }
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(chosen.properties ?? {})) {
        if ((chosen.required ?? []).includes(key) || random.chance(0.6)) {
          object[key] = validValue(property, random, ids, key, depth + 1);
        }
      }
      return object;
    }
    default:
      return null;
  }
};

/** A hostile value for a field: a hostile string, a boundary number or a value of the wrong type. */
const hostileValue = (random: TRandom): unknown => {
  const roll = random.int(3);
  if (roll === 0) return random.pick(hostileStrings);
  if (roll === 1) return random.pick(boundaryNumbers);
  return random.pick(wrongTypeValues);
};

/** JSON nested `depth` levels deep, as text (no recursion needed to build or send it). */
const deepJson = (depth: number, random: TRandom) =>
  random.chance(0.5)
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const malformedJson: readonly string[] = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  '{"a":"\\x00"}',
  '{"a":"\\ud800"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '\u0000',
  '"just a string"',
  '12345678901234567890123',
  '[]',
  'null',
  '{"a":1}{"b":2}',
  '\ufeff{}',
];

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the bytes a careless
 * encoder would produce for it (ED A0 80...): invalid UTF-8, exactly what the server must survive.
 */
const percentEncode = (text: string) =>
  text
    .split(/(\p{Surrogate})/u)
    .map((piece, index) => {
      if (index % 2 === 0) return encodeURIComponent(piece);
      const code = piece.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');

/** A path value for a `{param}`: usually a real id, sometimes a boundary or hostile text. */
const pathValue = (parameter: TParameter, random: TRandom, ids: number[], hostile: boolean): string => {
  if (!hostile) {
    const schema = parameter.schema;
    if (schema.enum) return String(random.pick(schema.enum));
    if (typeOf(schema) === 'string') return random.pick(['logo.png', 'kh', 'en', 'national', 'abc']);
    return String(random.pick(ids));
  }
  const value = random.pick<unknown>([
    ...boundaryNumbers,
    'abc',
    '%00',
    '%ZZ',
    '%E0%A4%A',
    '%2e%2e%2f',
    '%F0%9F%98%80',
    '1'.repeat(150),
    '9'.repeat(60),
    ' ',
    '1;DROP',
    '%ED%A0%80',
    'a..b',
    '-',
    '1.0',
    '0x1',
    '1e3',
  ]);
  const text = String(value);
  return /^[\w.%-]*$/.test(text) ? text : percentEncode(text);
};

type TBuilt = { strategy: string; url: string; headers: Record<string, string>; payload?: string | Buffer };

const boundaryChars = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A multipart body, whole or broken in one of the ways parsers meet in the wild. */
const multipartBody = (
  random: TRandom,
  operation: TOperation,
): { 'content-type': string; payload: Buffer; strategy: string } => {
  const boundary = `----fuzz${Array.from({ length: 12 }, () => random.pick([...boundaryChars])).join('')}`;
  const file = random.pick([tinyPng, tinyPdf, Buffer.from('MZ\u0090\u0000not an image'), Buffer.alloc(0)]);
  const fileName = random.pick([
    'photo.png',
    'doc.pdf',
    '\u202egpj.exe',
    'a\u0000b.png',
    '../../x.png',
    'ស.png',
  ]);
  const fieldName = random.pick(['file', 'file', 'files', 'other', '__proto__']);
  const kind = random.pick(['photo', 'document', 'other', '']);
  const head = (name: string, extra = '') =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const whole = Buffer.concat([
    Buffer.from(`${head('kind')}\r\n${kind}\r\n`),
    Buffer.from(`${head('title')}\r\n${random.pick(hostileStrings).slice(0, 300)}\r\n`),
    Buffer.from(`${head(fieldName, `; filename="${fileName}"`)}Content-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const contentType = `multipart/form-data; boundary=${boundary}`;
  const way = random.int(9);
  switch (way) {
    case 0:
      return {
        strategy: 'multipart-cut-off',
        'content-type': contentType,
        payload: whole.subarray(0, random.int(whole.length)),
      };
    case 1:
      return { strategy: 'multipart-no-boundary', 'content-type': 'multipart/form-data', payload: whole };
    case 2:
      return {
        strategy: 'multipart-wrong-boundary',
        'content-type': 'multipart/form-data; boundary=other',
        payload: whole,
      };
    case 3: {
      const huge = `X-Fuzz: ${'h'.repeat(100_000)}\r\n`;
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\n${huge}`),
        Buffer.from(whole.subarray(boundary.length + 4)),
      ]);
      return { strategy: 'multipart-huge-part-header', 'content-type': contentType, payload };
    }
    case 4:
      return {
        strategy: 'multipart-long-boundary',
        'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}`,
        payload: whole,
      };
    case 5:
      return { strategy: 'multipart-empty', 'content-type': contentType, payload: Buffer.alloc(0) };
    case 6: {
      const many = Buffer.concat([
        ...Array.from({ length: 30 }, (_, index) => Buffer.from(`${head(`f${index}`)}\r\nv\r\n`)),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      return { strategy: 'multipart-many-fields', 'content-type': contentType, payload: many };
    }
    default:
      return {
        strategy: operation.multipart ? 'multipart-whole' : 'multipart-unexpected',
        'content-type': contentType,
        payload: whole,
      };
  }
};

/** One request for one operation; `random` decides how it is broken (or not). */
const buildRequest = (operation: TOperation, random: TRandom, pool: TIdPool): TBuilt => {
  const ids = idsFor(pool, operation.path);
  const hostilePath = random.chance(0.15);
  let url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const parameter = operation.parameters.find((item) => item.name === name && item.in === 'path');
    return pathValue(
      parameter ?? { name, in: 'path', schema: { type: 'integer' } },
      random,
      ids,
      hostilePath,
    );
  });
  const query: string[] = [];
  const hostileQuery = random.chance(0.25);
  for (const parameter of operation.parameters.filter((item) => item.in === 'query')) {
    if (!parameter.required && random.chance(0.5)) continue;
    const value =
      hostileQuery && random.chance(0.5)
        ? hostileValue(random)
        : validValue(parameter.schema, random, ids, parameter.name);
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    query.push(`${encodeURIComponent(parameter.name)}=${percentEncode(text.slice(0, 3000))}`);
  }
  if (hostileQuery && random.chance(0.3)) {
    query.push(
      random.pick([
        'extra=1',
        'page=1&page=2',
        'take[]=1',
        '%00=%00',
        'search=%ZZ',
        'a[b][c]=1',
        `q=${'x'.repeat(5000)}`,
      ]),
    );
  }
  if (query.length > 0) url += `?${query.join('&')}`;
  const headers: Record<string, string> = {};
  let strategy = hostilePath ? 'hostile-path' : hostileQuery ? 'hostile-query' : 'valid';
  let payload: string | Buffer | undefined;

  if (operation.multipart || random.chance(0.03)) {
    const built = multipartBody(random, operation);
    headers['content-type'] = built['content-type'];
    return { strategy: built.strategy, url, headers, payload: built.payload };
  }
  if (operation.method === 'GET' || operation.method === 'DELETE') {
    if (random.chance(0.05)) {
      headers['content-type'] = 'application/json';
      payload = random.pick(malformedJson);
      strategy = 'body-on-read';
    }
    return { strategy, url, headers, payload };
  }

  const valid = operation.body ? validValue(operation.body, random, ids, 'body') : {};
  const roll = random.int(12);
  let body: unknown = valid;
  headers['content-type'] = 'application/json';
  if (roll === 0 || roll === 1) {
    strategy = 'valid';
  } else if (roll === 2 && body && typeof body === 'object' && !Array.isArray(body)) {
    const keys = Object.keys(body);
    if (keys.length > 0) delete (body as Record<string, unknown>)[random.pick(keys)];
    strategy = 'missing-field';
  } else if (roll === 3 && body && typeof body === 'object' && !Array.isArray(body)) {
    (body as Record<string, unknown>)[
      random.pick(['extra', '__proto__', 'constructor', 'id', 'createdBy', 'version'])
    ] = hostileValue(random);
    strategy = 'extra-field';
  } else if (roll <= 6) {
    body = mutateOneField(body, random);
    strategy = 'hostile-field';
  } else if (roll === 7) {
    body = random.pick(wrongTypeValues);
    strategy = 'wrong-body-type';
  } else if (roll === 8) {
    return { strategy: 'malformed-json', url, headers, payload: random.pick(malformedJson) };
  } else if (roll === 9) {
    headers['content-type'] = random.pick([
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'application/json; charset=latin1',
      'application/octet-stream',
      'image/png',
      '',
      'application/json, text/plain',
    ]);
    return { strategy: 'wrong-content-type', url, headers, payload: JSON.stringify(valid) };
  } else if (roll === 10) {
    return {
      strategy: 'deep-nesting',
      url,
      headers,
      payload: deepJson(random.pick([64, 1_000, 20_000]), random),
    };
  } else {
    body = mutateOneField(mutateOneField(body, random), random);
    strategy = 'hostile-fields';
  }
  return { strategy, url, headers, payload: JSON.stringify(body) };
};

/** Replaces one field, at any depth, with a hostile value (or the whole body when it has none). */
const mutateOneField = (body: unknown, random: TRandom): unknown => {
  if (!body || typeof body !== 'object') return hostileValue(random);
  const copy: Record<string, unknown> | unknown[] = Array.isArray(body) ? [...body] : { ...(body as object) };
  const keys = Object.keys(copy);
  if (keys.length === 0) return hostileValue(random);
  const key = random.pick(keys);
  const current = (copy as Record<string, unknown>)[key];
  (copy as Record<string, unknown>)[key] =
    current && typeof current === 'object' && random.chance(0.6)
      ? mutateOneField(current, random)
      : hostileValue(random);
  return copy;
};

const stackOrSql: readonly [RegExp, string][] = [
  [/\n\s+at\s/, 'a stack frame'],
  [/\bat [\w.<>]+ \([^)]*:\d+:\d+\)/, 'a stack frame'],
  [/node_modules|\/server\/|\.ts:\d+/, 'a source path'],
  [/\bselect\s+[\w".*,\s]+\sfrom\s/i, 'SQL (select)'],
  [/\binsert into\b/i, 'SQL (insert)'],
  [/\bupdate\s+"\w+"\s+set\b/i, 'SQL (update)'],
  [/\bdelete from\b/i, 'SQL (delete)'],
  [/syntax error/i, 'a database error'],
  [/\bviolates\b/i, 'a database error'],
  [/duplicate key/i, 'a database error'],
  [/invalid (byte sequence|input syntax)/i, 'a database error'],
  [/out of range for type/i, 'a database error'],
  [/DrizzleQueryError|Failed query|SQLSTATE|PGlite/i, 'a database error'],
];

/** What is wrong with one answer, or null. */
export const checkAnswer = (
  operation: TOperation,
  statusCode: number,
  contentType: string,
  body: string,
): string | null => {
  if (statusCode >= 500) return `answered ${statusCode}`;
  const isJson = contentType.includes('application/json');
  // A file download (an image, a PDF, a workbook) is bytes: only the JSON and text answers are read.
  if (isJson || contentType.startsWith('text/')) {
    for (const [pattern, what] of stackOrSql) if (pattern.test(body)) return `the answer shows ${what}`;
  }
  if (statusCode < 400) return null;
  if (!isJson) return `a ${statusCode} answer is not JSON (${contentType || 'no content type'})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `a ${statusCode} answer is not valid JSON`;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return 'the error answer is not an object';
  const error = parsed as Record<string, unknown>;
  const extra = Object.keys(error).filter((key) => !['statusCode', 'message', 'errors'].includes(key));
  if (extra.length > 0)
    return `the error answer has keys beyond { statusCode, message, errors }: ${extra.join(', ')}`;
  if (error.statusCode !== statusCode)
    return `statusCode ${String(error.statusCode)} differs from the status ${statusCode}`;
  if (typeof error.message !== 'string' || error.message === '') return 'the error answer has no message';
  if (error.errors !== undefined) {
    if (!Array.isArray(error.errors) || error.errors.some((item) => typeof item !== 'string')) {
      return 'errors is not a list of strings';
    }
    if (statusCode === 400) {
      for (const message of error.errors as string[]) {
        const field = message.trim().split(/\s+/)[0].replace(/:$/, '').split('.')[0];
        if (!operation.fieldNames.has(field))
          return `the 400 message "${message}" does not start with a field's name`;
      }
    }
  }
  return null;
};

export type TFuzzOptions = {
  requests: number;
  seed: number;
  /** Called every `progressEvery` requests (the long run reports as it goes). */
  onProgress?: (done: number, result: TFuzzResult) => void;
  progressEvery?: number;
};

/**
 * Prepares real rows (a head office, children) so requests reach handlers, collects their ids,
 * then sends `requests` requests round-robin over a seeded shuffle of the operations.
 */
export const runFuzz = async (t: TTestApp, options: TFuzzOptions): Promise<TFuzzResult> => {
  const { app } = t;
  const random = createRandom(options.seed);
  const started = performance.now();
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const operations = operationsOf(document);

  // Children the child routes can find (another part owns POST /child-infos; rows go in directly).
  const headOfficeId = await t.createHeadOffice('FUZZ-HO');
  await app.db.insert(childInfos).values(
    [1, 2, 3, 4].map((number) => ({
      code: `FUZZ-${number}`,
      familyNameKh: 'សុខ',
      givenNameKh: 'ចន្ទា',
      sex: number % 2 === 0 ? 'female' : 'male',
      dateOfBirth: '2020-01-01',
      headOfficeId,
    })),
  );

  // A document per child, so update-file (keyed by a document's id) reaches its handler.
  const children = await app.db.select({ id: childInfos.id }).from(childInfos);
  await insertChildDocuments(
    app.db,
    children.map((child, index) => ({
      childId: child.id,
      storedName: `${String(index).padStart(32, '0')}.pdf`,
      originalName: 'fuzz.pdf',
      mimeType: 'application/pdf',
      size: 1,
    })),
  );

  // The admin is put back (active, its password, its role) whenever a fuzzed request took it away.
  const adminHash = await hashPassword(adminPassword);
  const [adminRow] = await app.db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(eq(users.username, 'admin'));
  let token = (await t.signIn('admin', adminPassword)).accessToken;
  let restored = 0;
  const restoreAdmin = async () => {
    await upsertUser(app.db, {
      username: 'admin',
      name: 'Admin',
      passwordHash: adminHash,
      roleId: adminRow.roleId,
      active: true,
    });
    restored += 1;
    // From an address of its own; should fuzzed requests have run up the sign-in throttle, the test
    // clock moves past its window (16 minutes) and it signs in again.
    const address = `10.8.${restored % 250}.1`;
    try {
      token = (await t.signIn('admin', adminPassword, {}, address)).accessToken;
    } catch {
      t.clock.advance(16 * 60_000);
      token = (await t.signIn('admin', adminPassword, {}, address)).accessToken;
    }
  };

  const pool: TIdPool = new Map();
  for (const operation of operations) {
    if (operation.method !== 'GET' || operation.path.includes('{')) continue;
    const response = await app.inject({ method: 'GET', url: operation.path, headers: t.bearer(token) });
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
    const data =
      response.statusCode === 200 && isJson ? (response.json() as { data?: unknown }).data : undefined;
    if (!Array.isArray(data)) continue;
    const ids = data
      .map((row) => (row && typeof row === 'object' ? (row as { id?: unknown }).id : undefined))
      .filter((id): id is number => typeof id === 'number');
    if (ids.length > 0) pool.set(operation.path, ids.slice(0, 20));
  }

  const order = [...operations];
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = random.int(index + 1);
    [order[index], order[other]] = [order[other], order[index]];
  }

  const result: TFuzzResult = {
    requests: 0,
    operations: operations.length,
    byStatus: {},
    byStrategy: {},
    failures: [],
    elapsedMs: 0,
    adminRestored: 0,
    slowest: [],
  };
  for (let index = 0; index < options.requests; index += 1) {
    const operation = order[index % order.length];
    const built = buildRequest(operation, random, pool);
    const authRoll = random.next();
    const headers: Record<string, string> = { ...built.headers };
    if (authRoll < 0.85) headers.authorization = `Bearer ${token}`;
    else if (authRoll < 0.9)
      headers.authorization = random.pick(['Bearer ', 'Bearer x.y.z', 'Basic YTpi', `Bearer ${token}x`]);
    if (random.chance(0.5)) headers.locale = random.pick(['kh', 'en', 'fr', '']);
    const request: TFuzzRequest = {
      operation: `${operation.method} ${operation.path}`,
      strategy: built.strategy,
      method: operation.method,
      url: built.url,
      // The report shows where the admin's token went, not the token (it is different every run).
      headers:
        headers.authorization === `Bearer ${token}`
          ? { ...headers, authorization: 'Bearer <admin token>' }
          : headers,
      payload: built.payload,
    };
    const requestStarted = performance.now();
    const response = await app.inject({
      method: operation.method as 'GET',
      url: built.url,
      headers,
      payload: built.payload,
      // Sign-in attempts come from their own address, so throttling never locks the fuzzer's admin.
      remoteAddress: operation.path.endsWith('/auth/sign-in')
        ? `10.9.${random.int(250)}.${random.int(250)}`
        : '127.0.0.1',
    });
    result.requests += 1;
    const ms = Math.round(performance.now() - requestStarted);
    if (result.slowest.length < 10 || ms > result.slowest[result.slowest.length - 1].ms) {
      result.slowest.push({
        request: `${request.operation} [${request.strategy}] ${request.url.slice(0, 80)}`,
        ms,
      });
      result.slowest.sort((a, b) => b.ms - a.ms);
      result.slowest.length = Math.min(result.slowest.length, 10);
    }
    result.byStatus[response.statusCode] = (result.byStatus[response.statusCode] ?? 0) + 1;
    result.byStrategy[built.strategy] = (result.byStrategy[built.strategy] ?? 0) + 1;
    const problem = checkAnswer(
      operation,
      response.statusCode,
      String(response.headers['content-type'] ?? ''),
      response.body,
    );
    if (problem) {
      result.failures.push({
        request,
        statusCode: response.statusCode,
        body: response.body.slice(0, 2000),
        problem,
      });
    }
    // A request that signed the admin out, changed its password or role, or deactivated it.
    if (response.statusCode === 401 && headers.authorization === `Bearer ${token}`) {
      await restoreAdmin();
      result.adminRestored = restored;
    }
    if (options.onProgress && options.progressEvery && (index + 1) % options.progressEvery === 0) {
      result.elapsedMs = performance.now() - started;
      options.onProgress(index + 1, result);
    }
  }
  result.elapsedMs = performance.now() - started;
  return result;
};

const shown = (value: string | Buffer | undefined) => {
  if (value === undefined) return 'none';
  const text = typeof value === 'string' ? value : value.toString('latin1');
  const cut = text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text;
  return JSON.stringify(cut);
};

/** A failure as the request that reproduces it and what came back. */
export const describeFailure = (failure: TFuzzFailure) =>
  [
    `${failure.problem} [${failure.request.strategy}] ${failure.request.operation}`,
    `  ${failure.request.method} ${failure.request.url.length > 400 ? `${failure.request.url.slice(0, 400)}…` : failure.request.url}`,
    `  headers: ${JSON.stringify(failure.request.headers)}`,
    `  payload: ${shown(failure.request.payload)}`,
    `  -> ${failure.statusCode} ${failure.body.slice(0, 500)}`,
  ].join('\n');
