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
          // No retry, under CI either (issue 38): a test that fails once is a finding. The import's
          // dry run that once answered without data is in docs/decisions.md (h27).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
