// npm start: build what is out of date (client and server side by side), then serve.
// A build is skipped when the files it is made from are the ones the last build was made from
// (a hash of their contents kept in dist/.build-stamp.json): a second start serves at once.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist/.build-stamp.json');

/** What each build reads, and the file that shows it was made. */
const builds = {
  client: {
    inputs: ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'],
    output: 'dist/client/index.html',
    command: ['node_modules/.bin/vite', ['build']],
  },
  server: {
    inputs: ['server', 'src', 'scripts/build-server.mjs', 'package-lock.json'],
    output: 'dist/server/main.js',
    command: ['node', ['scripts/build-server.mjs']],
  },
};

const filesUnder = async (entry) => {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  const items = await readdir(full, { withFileTypes: true, recursive: true }).catch(() => null);
  if (!items) return [full]; // a file
  return items.filter((item) => item.isFile()).map((item) => path.join(item.parentPath, item.name));
};

const hashOf = async (inputs) => {
  const files = (await Promise.all(inputs.map(filesUnder))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex');
};

const run = ([command, args]) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`)),
    );
  });

const buildFailed = (error) => {
  console.error(`Build failed: ${error.message}`);
  process.exit(1);
};

const stamp = existsSync(stampFile) ? JSON.parse(await readFile(stampFile, 'utf8')) : {};
const current = {};
const stale = [];
for (const [name, build] of Object.entries(builds)) {
  current[name] = await hashOf(build.inputs);
  if (stamp[name] !== current[name] || !existsSync(path.join(root, build.output))) stale.push(name);
}

if (stale.length > 0) console.log(`Building ${stale.join(' and ')}...`);
else console.log('Client and server are built from the current sources; starting.');
const build = (name) => run(builds[name].command);
const writeStamp = () => writeFile(stampFile, JSON.stringify(current, null, 2));
// The server first (under a second): the database can then open, migrate and seed while the client
// builds; the server listens once both are done.
if (stale.includes('server')) await build('server').catch(buildFailed);
const clientBuilt = stale.includes('client') ? build('client') : undefined;
// Stamped once everything is built (a failed client build is tried again at the next start).
if (clientBuilt) void clientBuilt.then(writeStamp, () => undefined);
else if (stale.length > 0) await writeStamp();

// The server in this process, so a stop signal reaches it directly.
const { startServer, startFailed } = await import(pathToFileURL(path.join(root, builds.server.output)).href);
await startServer({ clientBuilt }).catch(startFailed);
