import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase } from '../../server/db/scratchDatabase';

/**
 * Issue 36: on SIGTERM the server stops taking requests, finishes those in flight and exits 0; its
 * log lines are JSON and a request's carry the id its answer carries (`x-request-id`). A real
 * process (tests/api/support/slowServer.ts), on the run's database.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The child's stdout lines as they come (`lines`), and the first one `matches` accepts from now on. */
const readLines = (child: ChildProcessByStdio<null, Readable, null>) => {
  const lines: string[] = [];
  const waiters: { matches: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    for (const waiter of waiters.filter((candidate) => candidate.matches(line))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  });
  const lineOf = (matches: (line: string) => boolean) =>
    new Promise<string>((resolve, reject) => {
      waiters.push({ matches, resolve });
      child.once('exit', (code) =>
        reject(new Error(`the server exited (${code}) first:\n${lines.join('\n')}`)),
      );
    });
  return { lines, lineOf };
};

const jsonOf = (line: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
};

describe('a stop with a request in flight', () => {
  it('finishes the request, refuses new connections and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ab-stop-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'admin-pass-123',
      BACKUP_SCHEDULE: 'off',
      SHUTDOWN_TIMEOUT_S: '20',
    };
    delete env.DATABASE_URL;
    if (process.env.TEST_DATABASE_URL) {
      const database = await createScratchDatabase(
        process.env.TEST_DATABASE_URL,
        'ab_test',
        inject('postgresTemplate'),
      );
      cleanups.push(database.drop);
      env.DATABASE_URL = database.databaseUrl;
    } else env.MEMORY_TEMPLATE = inject('memoryTemplate');

    // Node itself with tsx's loader, not tsx's command: that one relays a signal to its child and
    // kills the child when it does not acknowledge within 30 ms (a loaded machine: no answer).
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/support/slowServer.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const { lines, lineOf } = readLines(child);
    const listening = await lineOf((line) => line.includes('listening on http://'));
    const base = /(http:\/\/127\.0\.0\.1:\d+)/.exec(listening)?.[1];

    const answer = fetch(`${base}/api/v1/test/slow`, { headers: { 'x-request-id': 'lb-slow-1' } });
    const started = jsonOf(await lineOf((line) => line.includes('slow request started')));
    expect(started?.reqId).toBe('lb-slow-1');

    child.kill('SIGTERM');
    const response = await answer.catch(async (error) => {
      // What the server said, to tell a lost answer from a dead process.
      const code = await Promise.race([
        exited,
        new Promise((resolve) => setTimeout(resolve, 5000, 'running')),
      ]);
      throw new Error(`no answer (${error.cause ?? error}); the server: ${code}\n${lines.join('\n')}`);
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('lb-slow-1');
    // Answered after the server had stopped listening, from a database still open.
    expect(await response.json()).toEqual({ listeningWhenAnswered: false, database: 'ok' });
    await expect(fetch(`${base}/health/live`)).rejects.toThrow();
    expect(await exited).toBe(0);

    // Every line the server logged once listening is JSON; the request's carry its id.
    const logged = lines.slice(lines.indexOf(listening) + 1).filter((line) => line.trim() !== '');
    expect(logged.filter((line) => jsonOf(line) === undefined && !/^[|+]/.test(line))).toEqual([]);
    const ofRequest = logged.map(jsonOf).filter((entry) => entry?.reqId === 'lb-slow-1');
    expect(ofRequest.map((entry) => entry?.msg)).toEqual([
      'incoming request',
      'slow request started',
      'request completed',
    ]);
  });
});
