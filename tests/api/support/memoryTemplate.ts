import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder } from '../../../server/db/client';
import { seedGazetteer } from '../../../server/db/gazetteer';
import * as schema from '../../../server/db/schema';
import { createScratchDatabase } from '../../../server/db/scratchDatabase';
import { seedReferenceData } from '../../../server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite database (absent on PostgreSQL runs). */
    memoryTemplate?: string;
    /** The name of a migrated PostgreSQL database each file's database is copied from (PostgreSQL runs). */
    postgresTemplate?: string;
  }
}

/**
 * Global setup of the API tests: initialising a new cluster (PGlite) or a new database (PostgreSQL)
 * and applying every migration takes seconds, so it is done once per run and each test file's
 * database starts from it: on PGlite a dump loaded into `memory://`, on PostgreSQL `create database
 * … template`. The gazetteer (16,000 places, seconds on PGlite) is loaded into the template too, with
 * the reference data it hangs from; each file's seed then finds its edition applied and skips it.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createScratchDatabase(adminUrl, 'ab_template');
    const pool = new pg.Pool({ connectionString: template.databaseUrl, max: 1 });
    try {
      const templateDb = drizzleNodePg(pool, { schema });
      await migrateNodePg(templateDb, { migrationsFolder });
      await seedReferenceData(templateDb);
      await seedGazetteer(templateDb);
    } finally {
      // A template nobody is connected to: `create database … template` refuses one in use.
      await pool.end();
    }
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
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
