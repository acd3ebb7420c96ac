import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/main';

/**
 * The first start (`npm start` on a fresh clone, issue 22): the admin's generated password comes
 * last, framed, after the client build's output and the line saying where the server listens.
 */
const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  vi.restoreAllMocks();
});

describe('the first start', () => {
  it('prints the generated admin password last, framed, after the build output', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ab-start-'));
    Object.assign(process.env, { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    delete process.env.DATABASE_URL;
    delete process.env.ADMIN_PASSWORD;
    const printed: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => {
      printed.push(parts.join(' '));
    });
    // The client builds while the database opens and seeds (scripts/start.mjs): its lines come then.
    let clientBuilt = () => {};
    const building = new Promise<void>((resolve) => {
      clientBuilt = resolve;
    });
    // The environment's configuration, on a database in memory (a fresh one: the admin is created).
    const config = { ...loadConfig(), databaseUrl: 'memory://' };
    const started = startServer({ clientBuilt: building, config });
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.log('vite v8 building for production...');
    console.log('✓ built in 12.34s');
    clientBuilt();
    const app = await started;
    try {
      const text = printed.join('\n');
      const password = /created with password: (\S+)/.exec(text)?.[1];
      expect(password).toBeDefined();
      const lines = text.split('\n');
      const passwordLine = lines.findIndex((line) => line.includes(`password: ${password}`));
      expect(passwordLine).toBeGreaterThan(lines.findIndex((line) => line.startsWith('✓ built')));
      expect(passwordLine).toBeGreaterThan(lines.findIndex((line) => line.includes('listening on')));
      // Framed: a rule above and below, the line inside the frame; nothing printed after it.
      expect(lines[passwordLine]).toMatch(/^\| .* \|$/);
      expect(lines[passwordLine - 1]).toMatch(/^\+-+\+$/);
      expect(lines.slice(passwordLine + 1).filter((line) => line.trim() && !/^[|+]/.test(line))).toEqual([]);
    } finally {
      await app?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
