import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * Issue 11: what a slow connection is spared. The build's precompressed files are sent by
 * Accept-Encoding, hashed assets are cached a year and the page never, API answers over 1 KB are
 * compressed; whatever the encoding, the client reads the same bytes.
 */

let t: TTestApp;
let clientDir: string;
let token: string;
const script = `export const words = ${JSON.stringify('ការិយាល័យ '.repeat(400))};\n`;
const page = `<!doctype html><html><head><script type="module" src="/assets/app-3f9a.js"></script></head><body>${'<!-- padding -->'.repeat(80)}</body></html>`;

/** What the build writes: each file beside its brotli and gzip versions. */
const writeWithVariants = async (file: string, content: string) => {
  await writeFile(file, content);
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
};

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'ab-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeWithVariants(path.join(clientDir, 'index.html'), page);
  await writeWithVariants(path.join(clientDir, 'assets', 'app-3f9a.js'), script);
  t = await createTestApp({ clientDir });
  token = (await t.signIn('admin', adminPassword)).accessToken;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rm(clientDir, { recursive: true, force: true });
});

const decode = (encoding: unknown, body: Buffer) => {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
};

describe('static files', () => {
  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('a hashed asset asked with Accept-Encoding %s comes %s, cached a year', async (accept, encoding) => {
    const response = await t.app.inject({
      url: '/assets/app-3f9a.js',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    // Its name is its version: nothing to revalidate it by (issue 38: a few hundred bytes a list).
    expect(response.headers.etag).toBeUndefined();
    expect(response.headers['last-modified']).toBeUndefined();
    expect(decode(encoding, response.rawPayload)).toBe(script);
    if (encoding) expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 5);
  });

  it.each(['/', '/kh/children', '/en/users'])(
    'the page at %s comes brotli-compressed and is never kept',
    async (url) => {
      const response = await t.app.inject({
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      // Asked again every time: the answer is 304 while the release is the same.
      expect(response.headers.etag).toBeDefined();
      expect(decode('br', response.rawPayload)).toBe(page);
    },
  );
});

describe('API answers', () => {
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      url: `/api/v1${url}`,
      headers: { ...t.bearer(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('an answer over 1 KB is compressed for a client that accepts it, and reads the same', async () => {
    const plain = await get('/provinces?take=100');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const packed = await get('/provinces?take=100', encoding);
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(encoding, packed.rawPayload))).toEqual(plain.json());
    }
  });

  it('a small answer goes as it is: compressing it would cost more than it saves', async () => {
    const response = await get('/provinces?take=1', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().data).toHaveLength(1);
  });

  it('a compressed request body is not inflated: it is refused as the bad input it is', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'admin', password: adminPassword })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('a start that builds the client while the database opens (npm start on a fresh clone)', () => {
  it('serves the page once the build has written it, without a restart', async () => {
    const building = await mkdtemp(path.join(os.tmpdir(), 'ab-client-building-'));
    const late = await createTestApp({ clientDir: building }, { clientBuilding: true });
    try {
      const ask = () =>
        late.app.inject({ url: '/kh/login', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
      expect((await ask()).statusCode).toBe(404);
      await mkdir(path.join(building, 'assets'));
      await writeWithVariants(path.join(building, 'index.html'), page);
      await writeWithVariants(path.join(building, 'assets', 'app-3f9a.js'), script);
      const response = await ask();
      expect(response.statusCode).toBe(200);
      expect(decode(response.headers['content-encoding'], response.rawPayload)).toBe(page);
      const asset = await late.app.inject({
        url: '/assets/app-3f9a.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(asset.statusCode).toBe(200);
      expect(decode(asset.headers['content-encoding'], asset.rawPayload)).toBe(script);
    } finally {
      await late.close();
      await rm(building, { recursive: true, force: true });
    }
  });
});
