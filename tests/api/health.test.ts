import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rowsOf';
import { observed } from '../../server/operations/metrics';
import { adminPassword, createTestApp, type TTestApp } from './testApp';

/**
 * Issue 36, 'Operable': what a load balancer and Prometheus ask of a server process, without signing
 * in: `/health/live`, `/health/ready` (503 when the database does not answer or lacks a migration),
 * `/metrics` (to this machine or with METRICS_TOKEN), and the request id on every answer.
 */
const metricsToken = 'a-metrics-token-of-some-length';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken });
});
afterAll(async () => {
  await t?.close();
});

const metricsFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

/** The value of one sample line (`name{labels} value`) of a metrics answer; undefined: absent. */
const sampleOf = (text: string, line: RegExp) => {
  const found = text.split('\n').find((candidate) => line.test(candidate));
  return found === undefined ? undefined : Number(found.slice(found.lastIndexOf(' ') + 1));
};

describe('health', () => {
  it('live and ready answer 200 without sign-in', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/health/live', remoteAddress: '10.0.0.9' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready', remoteAddress: '10.0.0.9' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: 'done', stopping: false });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('ready answers 503 while the last migration is missing, 200 again once it is there', async () => {
    const [last] = await rowsOf<{ id: number; hash: string; created_at: string }>(
      t.app.db,
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await t.app.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'ok', migrations: 'pending' });
    } finally {
      await t.app.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });
});

describe('metrics', () => {
  it('answers a caller on this machine in Prometheus text, with routes as patterns and statuses', async () => {
    const admin = await t.signIn('admin', adminPassword);
    // Two reads of one record by id, and one of a record that does not exist.
    const [office] = await rowsOf<{ id: number }>(t.app.db, sql`select id from head_offices limit 1`);
    for (const id of [office.id, office.id, 999_999])
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/head-offices/${id}`,
        headers: t.bearer(admin.accessToken),
      });
    const response = await metricsFrom('127.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    // One series per route pattern and status, never one per id.
    const route = 'method="GET",route="/api/v1/head-offices/:id"';
    expect(sampleOf(text, new RegExp(`^http_requests_total\\{${route},status="200"\\} `))).toBe(2);
    expect(sampleOf(text, new RegExp(`^http_requests_total\\{${route},status="404"\\} `))).toBe(1);
    expect(
      sampleOf(text, new RegExp(`^http_request_duration_seconds_count\\{${route},status="200"\\} `)),
    ).toBe(2);
    expect(
      sampleOf(
        text,
        new RegExp(`^http_request_duration_seconds_bucket\\{${route},status="200",le="\\+Inf"\\} `),
      ),
    ).toBe(2);
    expect(text).not.toContain(`/api/v1/head-offices/${office.id}"`);
    // The database: its driver, and the pool's connections on PostgreSQL (PGlite has none).
    const driver = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    expect(sampleOf(text, new RegExp(`^adoption_database_info\\{driver="${driver}"\\} `))).toBe(1);
    if (driver === 'postgres')
      expect(sampleOf(text, /^adoption_database_pool_connections\{state="max"\} /)).toBe(10);
    else expect(text).not.toContain('adoption_database_pool_connections');
    // No backup yet: counted 0, no age.
    expect(sampleOf(text, /^adoption_backups\{state="done"\} /)).toBe(0);
    expect(text).not.toContain('adoption_backup_last_success_age_seconds ');
  });

  it('counts the jobs it runs and says how old the newest backup is', async () => {
    // A timer's run, as the scheduled backup's are observed (the report refresh is gone, issue 37).
    await observed(t.app.jobMetrics.observer('backup_schedule'), Date.now, async () => undefined);
    const made = await t.app.backups.make('admin');
    t.clock.advance(90_000);
    const text = (await metricsFrom('::1')).body;
    expect(
      sampleOf(text, /^adoption_job_runs_total\{job="backup_schedule",result="ok"\} /),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, /^adoption_job_last_run_success\{job="backup_schedule"\} /)).toBe(1);
    expect(sampleOf(text, /^adoption_backups\{state="done"\} /)).toBe(1);
    const finishedAt = Date.parse(made.finishedAt ?? '');
    expect(sampleOf(text, /^adoption_backup_last_success_timestamp_seconds /)).toBe(finishedAt / 1000);
    expect(sampleOf(text, /^adoption_backup_last_success_age_seconds /)).toBeGreaterThanOrEqual(90);
  });

  it('refuses a caller elsewhere without the token, and one behind a proxy on this machine', async () => {
    for (const [address, headers] of [
      ['10.0.0.9', {}],
      ['10.0.0.9', { authorization: 'Bearer not-the-token-at-all' }],
      ['10.0.0.9', { authorization: `Bearer ${metricsToken}x` }],
      // A reverse proxy on this machine connects from loopback for every client it forwards.
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }],
    ] as const) {
      const response = await metricsFrom(address, { locale: 'en', ...headers });
      expect(response.statusCode, `${address} ${JSON.stringify(headers)}`).toBe(403);
      expect(response.json()).toEqual({ statusCode: 403, message: 'No Permission.' });
      expect(response.body).not.toContain('http_requests_total');
    }
  });

  it('answers a caller elsewhere presenting the token', async () => {
    const response = await metricsFrom('10.0.0.9', { authorization: `Bearer ${metricsToken}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE http_requests_total counter');
  });
});

describe('request id', () => {
  it('is on every answer: a success, a 404, a 400, a 401; a sane incoming one is kept, another replaced', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/health/live' }),
      t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' }),
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      }),
      t.app.inject({ method: 'GET', url: '/api/v1/head-offices' }),
      t.app.inject({ method: 'GET', url: '/api/v1/head-offices/%E0%A4%A' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 404, 400, 401, 400]);
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);

    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-thing',
      headers: { 'x-request-id': 'lb-1f2e3d4c.5b6a' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1f2e3d4c.5b6a');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'two words "quoted"' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

// Near the end: the database does not come back.
describe('ready when the database is gone', () => {
  it('answers 503, and live still 200', async () => {
    const client = (
      t.app.db as unknown as { $client: { close?: () => Promise<void>; end?: () => Promise<void> } }
    ).$client;
    await (client.end ? client.end() : client.close?.());
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200);
  });
});

// After the app is closed: a request arriving on a connection still open while a process stops.
describe('while the process stops', () => {
  it('ready answers 503 and live 200; any other request 503 in its language, with its id', async () => {
    // The app's own port is closed by then: its router, served on a server of the test's, stands for
    // a connection that was open when the stop began.
    const server = createServer((request, response) => t.app.routing(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await t.app.close();
      const { port } = server.address() as AddressInfo;
      const get = (url: string, headers: Record<string, string> = {}) =>
        fetch(`http://127.0.0.1:${port}${url}`, { headers });
      const ready = await get('/health/ready');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: 'unavailable',
        database: 'unknown',
        migrations: 'unknown',
        stopping: true,
      });
      expect((await get('/health/live')).status).toBe(200);
      for (const [locale, message] of [
        ['en', 'This server is stopping: send the request again and another one will answer it.'],
        ['kh', 'ម៉ាស៊ីនមេនេះកំពុងបិទ៖ សូមផ្ញើសំណើម្ដងទៀត ម៉ាស៊ីនមេផ្សេងនឹងឆ្លើយតប។'],
      ]) {
        const refused = await get('/api/v1/head-offices', { locale, 'x-request-id': `stop-${locale}` });
        expect(refused.status).toBe(503);
        expect(refused.headers.get('x-request-id')).toBe(`stop-${locale}`);
        expect(refused.headers.get('connection')).toBe('close');
        expect(await refused.json()).toEqual({ statusCode: 503, message });
      }
    } finally {
      server.close();
    }
  });
});
