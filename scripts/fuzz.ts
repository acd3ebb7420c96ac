/**
 * A long fuzz run over every operation of /api/docs/json (issue 10; the suite's own run is
 * tests/api/fuzz.test.ts, 2,000 requests). Same generator, same checks, more requests.
 * Run: npm run fuzz -- --requests 20000 [--seed 7]        (PGlite in memory)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run fuzz -- --requests 20000
 *      (a scratch database is created through that connection and dropped at the end)
 * Prints progress, the counts by status and by strategy, the slowest requests and every failure
 * as the request that reproduces it; exits 1 when anything failed.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { describeFailure, runFuzz } from '../tests/api/fuzzer';
import { createTestApp } from '../tests/api/testApp';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '20000' }, seed: { type: 'string', default: '20261123' } },
});
const requests = Number(values.requests);
const seed = Number(values.seed);
if (!Number.isInteger(requests) || requests < 1)
  throw new Error('--requests must be a positive whole number');

if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)';
console.log(
  `Fuzzing ${requests} requests, seed ${seed}, on ${database}; ${os.cpus().length} cores, Node ${process.version}`,
);

const t = await createTestApp();
let failed = false;
try {
  const result = await runFuzz(t, {
    requests,
    seed,
    progressEvery: 1000,
    onProgress: (done, progress) =>
      console.log(
        `${done} requests, ${(progress.elapsedMs / 1000).toFixed(0)} s, ${progress.failures.length} failures`,
      ),
  });
  console.log(
    `\n${result.requests} requests over ${result.operations} operations in ${(result.elapsedMs / 1000).toFixed(1)} s` +
      ` (the admin restored ${result.adminRestored} times)`,
  );
  console.log('By status:', JSON.stringify(result.byStatus));
  console.log('By strategy:', JSON.stringify(result.byStrategy));
  console.log('Slowest:');
  for (const slow of result.slowest) console.log(`  ${slow.ms} ms  ${slow.request}`);
  console.log(`\n${result.failures.length} failures`);
  for (const failure of result.failures.slice(0, 50)) console.log(`\n${describeFailure(failure)}`);
  // Issue 22 item 10: every status a route answered must be declared in the OpenAPI document.
  const undeclared = t.undeclaredStatuses();
  console.log(`\n${undeclared.length} statuses answered but not declared`);
  for (const entry of undeclared)
    console.log(`  ${entry.route} answered ${entry.statusCode} (e.g. ${entry.example})`);
  failed = result.failures.length > 0 || undeclared.length > 0;
} finally {
  // Listed above already; close() would throw them again.
  for (const status of new Set(t.undeclaredStatuses().map((entry) => entry.statusCode))) {
    t.forgiveUndeclared(status);
  }
  await t.close();
}
process.exit(failed ? 1 : 0);
