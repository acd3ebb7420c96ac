import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type TApp } from '../../../server/app';
import type { TConfig } from '../../../server/config';
import type { TTestApp } from '../testApp';

/**
 * A second server process on the test app's database (several servers, issue 36): its own
 * DATA_DIR, the same clock and secret, and any settings overridden (e.g. a shared BACKUP_DIR).
 * Its close (and its DATA_DIR's removal) is pushed onto `closing`, which the file's afterAll runs.
 */
export const secondApp = async (
  t: TTestApp,
  closing: (() => Promise<unknown>)[],
  overrides: Partial<TConfig> = {},
): Promise<TApp> => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ab-second-'));
  const app = await buildApp(
    { ...t.config, dataDir, ...overrides },
    { now: t.clock.now, announce: () => {} },
  );
  closing.push(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return app;
};
