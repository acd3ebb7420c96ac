/**
 * Benchmark of the foundation's hot paths through the real HTTP server (not inject): sign-in
 * (scrypt is deliberately slow), token refresh, /users/info and the menu search. Prints p50/p95.
 * Run: npm run bench:auth   (embedded PGlite in a temporary directory; DATABASE_URL for PostgreSQL)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { benchAdminPassword as adminPassword, runBench, timeCalls } from './benchKit';

/** Up to three warm-up calls, then `runs` timed ones: one row of the p50/p95 table. */
const measure = async (label: string, runs: number, call: () => Promise<void>) => {
  const { p50, p95 } = await timeCalls(call, runs, Math.min(3, runs));
  console.log(`| ${label} | ${runs} | ${p50.toFixed(1)} | ${p95.toFixed(1)} |`);
};

const main = async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ab-bench-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: adminPassword, PORT: '0' });
  const app = await buildApp({ ...config, clientDir: path.join(dataDir, 'no-client') }, { logger: false });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `${address}/api/v1`;
    const post = (url: string, body: unknown, token?: string) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
    const signIn = async () => {
      const response = await post('/auth/sign-in', { username: 'admin', password: adminPassword });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
      return ((await response.json()) as { data: { accessToken: string; refreshToken: string } }).data;
    };
    let tokens = await signIn();
    console.log(`Database: ${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}; node ${process.version}`);
    console.log('| call | runs | p50 ms | p95 ms |\n| --- | --- | --- | --- |');
    await measure('POST /auth/sign-in (scrypt N=2^17)', 9, async () => {
      await signIn();
    });
    await measure('POST /auth/refresh-token (rotation)', 100, async () => {
      const response = await post('/auth/refresh-token', {}, tokens.refreshToken);
      if (response.status !== 200) throw new Error(`refresh answered ${response.status}`);
      tokens = ((await response.json()) as { data: typeof tokens }).data;
    });
    const get = async (url: string) => {
      const response = await fetch(`${base}${url}`, {
        headers: { authorization: `Bearer ${tokens.accessToken}`, locale: 'kh' },
      });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      await response.arrayBuffer();
    };
    await measure('GET /users/info', 300, () => get('/users/info'));
    await measure('GET /admin/search-menu?search=ស្រុក', 300, () =>
      get(`/admin/search-menu?search=${encodeURIComponent('ស្រុក')}`),
    );
    await measure('GET /mains', 300, () => get('/mains'));
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
};

runBench(main);
