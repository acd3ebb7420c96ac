// Runs the API tests against PostgreSQL when one answers (CI and developer machines have one on
// 127.0.0.1:5432); says so and passes when none does, so `npm test` works on a bare laptop too.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { postgresAnswers } from './postgresAnswers.mjs';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { hostname, port } = new URL(url);

/**
 * Whether a test file reaches PostgreSQL: it (or a test helper it imports) opens its database
 * through `tests/api/testApp.ts` or reads TEST_DATABASE_URL. The others (the embedded database's
 * lock, its migrations, the start script) open PGlite whatever the URL: the PGlite run has already
 * run them, and running them again here would prove nothing new.
 */
const reachesPostgres = (file, seen = new Set()) => {
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  if (file.endsWith(path.join('tests', 'api', 'testApp.ts'))) return true;
  const text = readFileSync(file, 'utf8');
  if (text.includes('TEST_DATABASE_URL')) return true;
  // Relative imports inside tests/ only (the server's code reads no test variable).
  return [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)]
    .map((match) => path.resolve(path.dirname(file), `${match[1]}.ts`))
    .filter((target) => target.includes(`${path.sep}tests${path.sep}`))
    .some((target) => reachesPostgres(target, seen));
};

if (!(await postgresAnswers(url))) {
  console.log(`No PostgreSQL answers at ${hostname}:${port || 5432}; API tests ran on PGlite only.`);
  process.exit(0);
}
const apiDir = 'tests/api';
const embeddedOnly = readdirSync(apiDir)
  .filter((name) => name.endsWith('.test.ts'))
  .filter((name) => !reachesPostgres(path.resolve(apiDir, name)));
console.log(`API tests against PostgreSQL at ${hostname}:${port || 5432}`);
if (embeddedOnly.length > 0)
  console.log(`Not repeated (they open the embedded database whatever the URL): ${embeddedOnly.join(', ')}`);
const result = spawnSync(
  'node_modules/.bin/vitest',
  ['run', '--project', 'api', ...embeddedOnly.flatMap((name) => ['--exclude', `${apiDir}/${name}`])],
  { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } },
);
process.exit(result.status ?? 1);
