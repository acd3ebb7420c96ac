// Runs the API tests against PostgreSQL when one answers (CI and developer machines have one on
// 127.0.0.1:5432); says so and passes when none does, so `npm test` works on a bare laptop too.
import { spawnSync } from 'node:child_process';
import net from 'node:net';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const { hostname, port } = new URL(url);

const reachable = await new Promise((resolve) => {
  const socket = net.connect({ host: hostname, port: Number(port || 5432) });
  socket.setTimeout(2000);
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('timeout', () => {
    socket.destroy();
    resolve(false);
  });
  socket.once('error', () => resolve(false));
});

if (!reachable) {
  console.log(`No PostgreSQL answers at ${hostname}:${port || 5432}; API tests ran on PGlite only.`);
  process.exit(0);
}
console.log(`API tests against PostgreSQL at ${hostname}:${port || 5432}`);
const result = spawnSync('node_modules/.bin/vitest', ['run', '--project', 'api'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
