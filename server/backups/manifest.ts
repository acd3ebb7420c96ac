import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The manifest's own format; a reader refuses one it does not know. */
export const manifestFormat = 1;

export const ZManifestEntry = z.object({
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TManifestEntry = z.infer<typeof ZManifestEntry>;

/**
 * `manifest.json`, the archive's last entry: what made it, the database's migration, its row counts
 * per table at the snapshot, and every other entry with its size and SHA-256.
 */
export const ZBackupManifest = z.object({
  format: z.literal(manifestFormat),
  product: z.string(),
  productVersion: z.string(),
  createdAt: z.string(),
  /** `pglite`: `database/pglite.tar`, the embedded data directory; `postgres`: `database/postgres.dump`, pg_dump -Fc. */
  driver: z.enum(['pglite', 'postgres']),
  /** The newest migration applied in the snapshot: its journal `when` and tag. */
  migration: z.object({ when: z.number().int(), tag: z.string().nullable() }),
  tables: z.record(z.string(), z.number().int().min(0)),
  entries: z.array(ZManifestEntry),
});
export type TBackupManifest = z.infer<typeof ZBackupManifest>;

export const manifestPath = 'manifest.json';
export const databaseEntry = { pglite: 'database/pglite.tar', postgres: 'database/postgres.dump' } as const;
export const filesPrefix = 'files/';

/** package.json, two folders up from server/backups (source) and from dist/server (the bundle). */
const packageJson = () =>
  JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as {
    name: string;
    version: string;
  };

export const productInfo = () => {
  const { name, version } = packageJson();
  return { product: name, productVersion: version };
};

/** The migrations this code knows (the journal beside the migrations the server applies). */
export const journalOf = (migrationsFolder: string): { when: number; tag: string }[] =>
  (
    JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
      entries: { when: number; tag: string }[];
    }
  ).entries;

/** a < b: -1, a = b: 0, a > b: 1, for dotted version numbers (pre-release tags ignored). */
export const compareVersions = (a: string, b: string) => {
  const parts = (version: string) =>
    version
      .split('-')[0]
      .split('.')
      .map((part) => Number(part) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
};
