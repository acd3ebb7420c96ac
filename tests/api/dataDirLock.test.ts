/**
 * One process at a time on the embedded database (issue 10): real processes on one DATA_DIR. The
 * second is refused at once, naming the first, and changes nothing; the first keeps serving; the
 * database opens afterwards; a lock left by a dead process is taken over.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import type { TLockHolder } from '../../server/db/dataDirLock';
import { users } from '../../server/db/schema';

const root = fileURLToPath(new URL('../..', import.meta.url));
const holdLock = path.join(root, 'tests/api/fixtures/holdDataDirLock.ts');

const started: ChildProcess[] = [];
afterAll(() => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

type TRun = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
};

const run = (args: string[], env: Record<string, string> = {}): TRun => {
  // node itself with tsx's loader (not the tsx wrapper, which runs node as a child): the pid is the holder's.
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
};

/** Resolves once `text` appears on stdout; fails if the process ends first. */
const waitFor = async (process: TRun, pattern: RegExp, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = process.stdout().match(pattern);
    if (match) return match;
    if (process.child.exitCode !== null) {
      throw new Error(`ended with ${process.child.exitCode}: ${process.stdout()} ${process.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${pattern}: ${process.stdout()} ${process.stderr()}`);
};

let dataDir: string;
let databaseDir: string;
let lockPath: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ab-lock-test-'));
  databaseDir = path.join(dataDir, 'db');
  lockPath = `${databaseDir}.lock`;
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const holder = (): TLockHolder => JSON.parse(readFileSync(lockPath, 'utf8'));

/** A pid no process has any more: one that ran and ended. */
const deadPid = async () => {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid as number;
};

describe('the database directory lock', () => {
  it('refuses a second process while the first holds it, naming the first; frees it when the first ends', async () => {
    const first = run([holdLock, databaseDir]);
    await waitFor(first, /locked/);
    expect(holder().pid).toBe(first.child.pid);

    const second = run([holdLock, databaseDir]);
    expect(await second.exited).toBe(3);
    expect(second.stderr()).toContain(`pid ${first.child.pid}`);
    expect(second.stderr()).toContain('holdDataDirLock.ts');
    expect(second.stderr()).toContain('Nothing was changed');
    // The refused one left the holder's lock alone.
    expect(holder().pid).toBe(first.child.pid);

    first.child.stdin?.end();
    expect(await first.exited).toBe(0);
    expect(existsSync(lockPath)).toBe(false);
  });

  it('takes over the lock of a process killed with SIGKILL', async () => {
    const first = run([holdLock, databaseDir]);
    await waitFor(first, /locked/);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(lockPath)).toBe(true);

    const next = run([holdLock, databaseDir]);
    await waitFor(next, /locked/);
    expect(holder().pid).toBe(next.child.pid);
    next.child.stdin?.end();
    expect(await next.exited).toBe(0);
  });

  it('takes over a lock naming a pid that no longer runs', async () => {
    const pid = await deadPid();
    writeFileSync(
      lockPath,
      JSON.stringify({
        pid,
        hostname: os.hostname(),
        command: 'node gone.js',
        since: new Date().toISOString(),
      }),
    );
    const next = run([holdLock, databaseDir]);
    await waitFor(next, /locked/);
    expect(holder().pid).toBe(next.child.pid);
    next.child.stdin?.end();
    await next.exited;
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'takes over a lock whose pid now belongs to another process (started at another time)',
    async () => {
      // This test's own process is alive, but not the one that wrote the lock.
      writeFileSync(
        lockPath,
        JSON.stringify({
          pid: process.pid,
          startTicks: 1,
          hostname: os.hostname(),
          command: 'node old.js',
          since: new Date().toISOString(),
        }),
      );
      const next = run([holdLock, databaseDir]);
      await waitFor(next, /locked/);
      expect(holder().pid).toBe(next.child.pid);
      next.child.stdin?.end();
      await next.exited;
    },
  );

  it('lets exactly one of several starters take over the same stale lock', async () => {
    const pid = await deadPid();
    writeFileSync(
      lockPath,
      JSON.stringify({
        pid,
        hostname: os.hostname(),
        command: 'node gone.js',
        since: new Date().toISOString(),
      }),
    );
    const starters = Array.from({ length: 5 }, () => run([holdLock, databaseDir]));
    // Each one either gets the lock or is refused; wait until every one has decided.
    await Promise.all(
      starters.map(async (starter) => {
        while (!/locked/.test(starter.stdout()) && starter.child.exitCode === null) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }),
    );
    const winners = starters.filter((starter) => /locked/.test(starter.stdout()));
    expect(winners).toHaveLength(1);
    const [winner] = winners;
    expect(holder().pid).toBe(winner.child.pid);
    for (const loser of starters.filter((starter) => starter !== winner)) {
      expect(await loser.exited).toBe(3);
      expect(loser.stderr()).toContain(`pid ${winner.child.pid}`);
    }
    winner.child.stdin?.end();
    await winner.exited;
  });
});

describe('the server and seed:demo on one DATA_DIR', () => {
  it('refuses seed:demo and a second server while one runs; the first keeps serving; the database opens afterwards', async () => {
    const env = { DATA_DIR: dataDir, PORT: '0', ADMIN_PASSWORD: 'admin-pass-123', DATABASE_URL: '' };
    const server = run(['server/main.ts'], env);
    const [, address] = await waitFor(server, /listening on (http:\/\/\S+)/, 120_000);
    const signIn = () =>
      fetch(`${address}/api/v1/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'admin-pass-123' }),
      });
    expect((await signIn()).status).toBe(200);

    const seedDemo = run(['scripts/seed-demo.ts', '--children', '5'], env);
    expect(await seedDemo.exited).not.toBe(0);
    expect(seedDemo.stderr()).toContain(`pid ${server.child.pid}`);
    expect(seedDemo.stderr()).toContain('server/main.ts');
    expect(seedDemo.stdout()).not.toContain('Demo data ready');

    const secondServer = run(['server/main.ts'], env);
    expect(await secondServer.exited).toBe(1);
    expect(secondServer.stderr()).toContain(`pid ${server.child.pid}`);

    // The first is still serving.
    expect((await signIn()).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(lockPath)).toBe(false);

    // The database opens afterwards, and the refused seed:demo added nobody.
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      const rows = await database.db.select({ username: users.username }).from(users);
      expect(rows.map((row) => row.username)).toEqual(['admin']);
    } finally {
      await database.close();
    }
    expect(existsSync(lockPath)).toBe(false);
  });
});
