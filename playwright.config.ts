import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium';

/**
 * Browser tests drive Debian's Chromium (Playwright cannot download its own here) against the
 * built app served by the real server on its own port and data directory.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eAdminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-pass-123';
const dataDir = 'test-results/e2e-data';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace records DOM snapshots and screenshots after every action of every test, on the same
    // 2 cores as the app and the browser; under CI only a retry (a test that failed once) records.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node_modules/.bin/tsx scripts/e2e-prepare.ts && node dist/server/main.js`,
    url: `http://127.0.0.1:${port}/api/v1/mains`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    // No scheduled backup a minute into the run: the backups test makes its own (tests/e2e/backups.spec.ts).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: e2eAdminPassword,
      BACKUP_SCHEDULE: 'off',
    },
  },
});
