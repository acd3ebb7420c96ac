// npm run dev: the API with reload (tsx watch) and Vite with hot reload, which proxies /api to it.
import { spawn } from 'node:child_process';

const children = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit' }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit' }),
];

let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  // Give them a moment to close the database cleanly, then leave.
  setTimeout(() => process.exit(code), 3000).unref();
};

for (const child of children) {
  child.on('exit', (code) => stop(code ?? 0));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
