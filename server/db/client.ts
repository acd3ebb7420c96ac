import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TConfig } from '../config';
import { lockDataDir } from './dataDirLock';
import * as schema from './schema';

export type TSchema = typeof schema;
/** The one database type routes use, whichever driver is behind it. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabase = {
  db: TDb;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations, then runs `afterMigrate` while other processes wait. */
  prepare: (afterMigrate?: (db: TDb) => Promise<void>) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * server/db/migrations when running from source; dist/server/migrations in the bundle
 * (scripts/build-server.mjs copies them next to main.js).
 */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How often PGlite refreshes its planner statistics (it has no autovacuum). */
const pgliteAnalyzeEveryMs = 10 * 60 * 1000;

/** Any constant: all API processes on one PostgreSQL take this lock to migrate and seed one at a time. */
const startupLockKey = 4_242_001;

const openPglite = async (dataDir: string, release: () => void = () => {}): Promise<TDatabase> => {
  let client: PGlite;
  try {
    // pg_trgm: the trigram indexes behind list searches (migration 0002); PostgreSQL ships it in contrib.
    client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client, schema });
  // PGlite runs no autovacuum: without planner statistics a filtered list of 100,000 villages takes
  // several times longer (docs/performance.md). Vacuum and analyze at start, analyze every while.
  let statistics: NodeJS.Timeout | undefined;
  return {
    db,
    driver: 'pglite',
    // PGlite is single-process: the lock taken in openDatabase keeps every other process out.
    prepare: async (afterMigrate) => {
      await migratePglite(db, { migrationsFolder });
      await afterMigrate?.(db);
      await client.exec('vacuum analyze');
      statistics = setInterval(() => {
        client.exec('analyze').catch(() => undefined);
      }, pgliteAnalyzeEveryMs);
      statistics.unref();
    },
    close: async () => {
      clearInterval(statistics);
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
};

const openPostgres = async (connectionString: string): Promise<TDatabase> => {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection dropped by the server must not crash the process; the pool reconnects.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    driver: 'postgres',
    prepare: async (afterMigrate) => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [startupLockKey]);
        await migrateNodePg(db, { migrationsFolder });
        await afterMigrate?.(db);
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [startupLockKey]).catch(() => undefined);
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
};

/**
 * PostgreSQL through `pg` when `databaseUrl` is a postgres URL; otherwise the embedded PGlite,
 * in memory for `memory://` (tests) or persisted under DATA_DIR/db. The persisted one is opened only
 * under the exclusive lock of that directory (server/db/dataDirLock.ts): a second process throws
 * `DataDirLockedError` before touching it.
 */
export const openDatabase = async (config: Pick<TConfig, 'dataDir' | 'databaseUrl'>): Promise<TDatabase> => {
  if (config.databaseUrl === 'memory://') return openPglite('memory://');
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = path.join(config.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(dir);
  return openPglite(dir, lock.release);
};
