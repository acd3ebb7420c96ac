import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase } from '../../server/db/scratchDatabase';
import { spawnServer } from './support/serverProcess';

/**
 * Issue 36: on SIGTERM the server stops taking requests, finishes those in flight and exits 0; its
 * log lines are JSON and a request's carry the id its answer carries (`x-request-id`). A real
 * process (tests/api/support/slowServer.ts), on the run's database.
 */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

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

    const server = spawnServer('tests/api/support/slowServer.ts', env);
    const { child, exited, lines, lineOf } = server;
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const base = await server.listening;
    const listening = lines.find((line) => line.includes('listening on http://')) as string;

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
