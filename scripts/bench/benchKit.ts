/**
 * What the benchmarks through the real HTTP server share: a fresh database (PGlite in a temporary
 * directory, or a scratch PostgreSQL database when DATABASE_URL is set), the app on a free port,
 * the admin's bearer token, and timing with p50/p95/max.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/password';
import { loadConfig } from '../../server/config';
import { ensureRole, upsertUser } from '../../server/db/fixtures';
import { users } from '../../server/db/schema';
import { createScratchDatabase } from '../../server/db/scratchDatabase';

export const benchAdminPassword = 'bench-admin-pass-123';

/** The value below which `p` percent of `sorted` (ascending) falls. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * A PostgreSQL database of a fixed name (a benchmark's own, kept apart from the tests' databases):
 * dropped if a run left it, created (unless `reuse` takes the one a run left), and dropped by `drop()`.
 */
const namedDatabase = async (adminUrl: string, name: string, reuse: boolean) => {
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (!reuse) {
    await run(`drop database if exists "${name}" with (force)`);
    await run(`create database "${name}"`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
};

/**
 * The app on a fresh database, migrated and seeded as a start does. With DATABASE_URL a database is
 * created through that connection (named `databaseName`, else a unique scratch name) and dropped by
 * `close()` (unless `close(true)` keeps it to look into); without it PGlite runs in a temporary
 * directory that `close()` removes.
 */
export const openBenchApp = async ({
  databaseName,
  reuse = false,
}: {
  databaseName?: string;
  reuse?: boolean;
} = {}) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ab-bench-'));
  const adminUrl = process.env.DATABASE_URL;
  const database = adminUrl
    ? databaseName
      ? await namedDatabase(adminUrl, databaseName, reuse)
      : await createScratchDatabase(adminUrl, 'ab_bench')
    : undefined;
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database?.databaseUrl,
    ADMIN_PASSWORD: benchAdminPassword,
    PORT: '0',
  });
  const app = await buildApp(
    { ...config, clientDir: path.join(dataDir, 'no-client'), backupSchedule: false },
    { logger: process.env.BENCH_LOG ? { level: 'error' } : false },
  );
  return {
    app,
    /** Whether it runs on PostgreSQL (else PGlite). */
    postgres: Boolean(database),
    close: async (keepDatabase = false) => {
      await app.close();
      if (!keepDatabase) await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

type TBenchApp = Awaited<ReturnType<typeof openBenchApp>>['app'];

/** Listens on a free port and signs in as the admin: the API base address and a bearer token. */
export const listenAsAdmin = async (app: TBenchApp) => {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `${address}/api/v1`;
  const signIn = await fetch(`${base}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: benchAdminPassword }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const { accessToken } = ((await signIn.json()) as { data: { accessToken: string } }).data;
  return { base, accessToken };
};

/**
 * A user of `officeId` holding `permissions` (made, or updated, as `username`), signed in through
 * the API at `base`: its bearer token. The benches' provincial user.
 */
export const signInOfficeUser = async (
  app: TBenchApp,
  base: string,
  { username, officeId, permissions }: { username: string; officeId: number; permissions: string[] },
) => {
  const roleId = await ensureRole(app.db, `Bench ${username}`, permissions);
  const userId = await upsertUser(app.db, {
    username,
    name: `Bench ${username}`,
    passwordHash: await hashPassword(benchAdminPassword),
    roleId,
  });
  await app.db.update(users).set({ headOfficeId: officeId }).where(eq(users.id, userId));
  const signIn = await fetch(`${base}/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: benchAdminPassword }),
  });
  if (signIn.status !== 200) throw new Error(`${username}'s sign-in answered ${signIn.status}`);
  return ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
};

/** A GET of the API at `base` as `token`, in Khmer: its JSON body; any answer but 200 is an error. */
export const getAs = async <T = Record<string, unknown>>(base: string, path: string, token: string) => {
  const response = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${token}`, locale: 'kh' },
  });
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

/**
 * `warmUps` untimed calls, then `runs` timed ones, one after the other. Answers what the last
 * warm-up call answered (so a case can show its selectivity) and p50/p95/max in ms.
 */
export const timeCalls = async <T>(call: () => Promise<T>, runs: number, warmUps: number) => {
  let answer: T | undefined;
  for (let i = 0; i < warmUps; i++) answer = await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    answer: answer as T,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1],
  };
};

/** One row of a timing table: its label, the call (answering the rows it matches), how many runs. */
export type TTimingCase = [label: string, call: () => Promise<number | string>, runs: number];

/**
 * Times each case (five warm-up calls, then `runs` timed ones, one case after the other) and prints
 * a table: the case, the rows it matches (what its call answers), runs, p50, p95 and max in ms; with
 * `load`, the machine's load average (1 minute) when the case ended, beside its figures.
 */
export const printTimingTable = async (
  first: string,
  cases: readonly TTimingCase[],
  { load = false }: { load?: boolean } = {},
) => {
  const loadHead = load ? ' load |' : '';
  console.log(
    `| ${first} | matches | runs | p50 ms | p95 ms | max ms |${loadHead}\n| --- | --- | --- | --- | --- | --- |${load ? ' --- |' : ''}`,
  );
  for (const [label, call, runs] of cases) {
    const { answer: matches, p50, p95, max } = await timeCalls(call, runs, 5);
    const loadCell = load ? ` ${os.loadavg()[0].toFixed(1)} |` : '';
    console.log(
      `| ${label} | ${matches} | ${runs} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${max.toFixed(1)} |${loadCell}`,
    );
  }
};

/** Runs a benchmark's main: a failure prints its error and exits 1. */
export const runBench = (main: () => Promise<void>) => {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
};

/** `node …; N cores, load average L` for a benchmark's heading line. */
export const machineNote = () =>
  `node ${process.version}; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`;
