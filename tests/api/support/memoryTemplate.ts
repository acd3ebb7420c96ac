import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../../../server/db/client';
import { seedGazetteer } from '../../../server/db/gazetteer';
import * as schema from '../../../server/db/schema';
import { seedReferenceData } from '../../../server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite database (absent on PostgreSQL runs). */
    memoryTemplate?: string;
  }
}

/**
 * Global setup of the API tests on PGlite: initialising a new cluster and applying every migration
 * takes seconds, so it is done once per run and each test file's `memory://` database starts from
 * the dump (the seed still runs in each file, as at any start). The gazetteer (16,000 places,
 * seconds on PGlite) is loaded into the dump too, with the reference data it hangs from; each
 * file's seed then finds its edition applied and skips it.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  await seedReferenceData(db);
  await seedGazetteer(db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ab-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('memoryTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
