// Bundles the API server into dist/server (npm run build:server); `npm run serve` runs dist/server/main.js.
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist/server');

await rm(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Dependencies stay in node_modules; only our code (server/ and the shared src/) is bundled.
  packages: 'external',
  alias: { '@': path.join(root, 'src') },
  sourcemap: 'linked',
  logLevel: 'warning',
});
// The migrator reads the SQL files next to the bundle (see migrationsFolder in server/db/client.ts).
await cp(path.join(root, 'server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
// The seed reads the gazetteer next to the bundle too (gazetteerFile in server/db/gazetteer.ts).
await cp(path.join(root, 'server/db/seedData/gazetteer.tsv'), path.join(outdir, 'seedData/gazetteer.tsv'));
console.log(`Server built: ${path.relative(root, path.join(outdir, 'main.js'))}`);
