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
import * as schema from '../../../server/db/schema';
import { createScratchDatabase } from '../../../server/db/scratchDatabase';

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
 * … template` (the seed still runs in each file, as at any start).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createScratchDatabase(adminUrl, 'ab_template');
    const pool = new pg.Pool({ connectionString: template.databaseUrl, max: 1 });
    try {
      await migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder });
    } finally {
      // A template nobody is connected to: `create database … template` refuses one in use.
      await pool.end();
    }
    project.provide('postgresTemplate', template.name);
    return template.drop;
  }
  const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
  await migrate(drizzle({ client, schema }), { migrationsFolder });
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
