// Runs the API tests against PostgreSQL when one answers (CI and developer machines have one on
// 127.0.0.1:5432); says so and passes when none does, so `npm test` works on a bare laptop too.
import { spawnSync } from 'node:child_process';
import { postgresAnswers } from './postgresAnswers.mjs';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { hostname, port } = new URL(url);

if (!(await postgresAnswers(url))) {
  console.log(`No PostgreSQL answers at ${hostname}:${port || 5432}; API tests ran on PGlite only.`);
  process.exit(0);
}
console.log(`API tests against PostgreSQL at ${hostname}:${port || 5432}`);
const result = spawnSync('node_modules/.bin/vitest', ['run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
