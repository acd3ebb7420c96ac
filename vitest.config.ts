import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The unit files open no database and share no state through modules: one module graph
          // per worker instead of one per file (12 s of CPU instead of 36 s, docs/performance.md).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          setupFiles: ['tests/api/support/fastPasswords.ts'],
          globalSetup: ['tests/api/support/memoryTemplate.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own database; two at a time keeps a 2-core machine responsive.
          maxWorkers: 2,
          // Under CI a test that failed is run once more, as the browser tests are (playwright.config.ts):
          // the import's dry run answered without data once in a few full runs and was never seen
          // here alone (tests/api/upload*.test.ts now print its status and body; docs/decisions.md).
          retry: process.env.CI ? 1 : 0,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
