import { mkdirSync, readFileSync } from 'node:fs';
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
import { snapshotPglite, snapshotPostgres, type TDuringSnapshot, type TSnapshot } from '../backups/snapshot';
import type { TConfig } from '../config';
import { lockDataDir } from './dataDirLock';
import { dbPriority, inBackground } from './dbPriority';
import { statementNameOf } from './namedStatements';
import {
  createPgliteScheduler,
  type TPgliteScheduler,
  type TPgliteSchedulerOptions,
} from './pgliteScheduler';
import { retryDeadlocks } from './retryDeadlocks';
import * as schema from './schema';

export type TSchema = typeof schema;
/** The one database type routes use, whichever driver is behind it. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;

export type TDatabase = {
  db: TDb;
  driver: 'pglite' | 'postgres';
  /** Applies the committed migrations, then runs `afterMigrate` while other processes wait. */
  prepare: (afterMigrate?: (db: TDb) => Promise<void>) => Promise<void>;
  /**
   * The current authorization version (the `auth_version` row, bumped by triggers on users, roles,
   * permissions, role permissions and revoked sessions). After `prepare`.
   */
  authVersion: () => number | Promise<number>;
  /**
   * Writes a consistent copy of the whole database to `file` while the server keeps serving (the
   * embedded data directory as a tar, or pg_dump's custom format) and answers its row counts
   * (server/backups/snapshot.ts); `during` runs while the snapshot is taken (the stored files' set).
   */
  snapshot: (file: string, during?: TDuringSnapshot) => Promise<TSnapshot>;
  /**
   * The connection pool's counts (PostgreSQL, for the metrics). PGlite has none: it is one
   * connection inside the process, its queries run one after the other.
   */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  /**
   * Runs `run` holding the cluster-wide lock named `name` (issue 36): a PostgreSQL advisory lock
   * held on a connection of its own for the whole run, so another process asking for it meanwhile
   * is answered `{ held: false }` at once. On PGlite (one process per data directory) it is
   * trivially held.
   */
  withLock: <T>(name: string, run: () => Promise<T>) => Promise<{ held: true; value: T } | { held: false }>;
  close: () => Promise<void>;
};

export type TOpenOptions = {
  /** Where an idle PostgreSQL connection dropped by the server is said (default: the console). */
  onPoolError?: (error: Error) => void;
};

/**
 * server/db/migrations when running from source; dist/server/migrations in the bundle
 * (scripts/build-server.mjs copies them next to main.js).
 */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** How often PGlite refreshes its planner statistics (it has no autovacuum). */
const pgliteAnalyzeEveryMs = 10 * 60 * 1000;

/**
 * `analyze` one table at a time (issue 37): PGlite answers one statement at a time, and a single
 * `analyze` of the whole database held it for seconds at 100,000 children while every request
 * waited; table by table, requests run between the tables (each samples at most 30,000 rows). Only
 * the tables that changed enough since their last analyze, by autovacuum's own rule (50 rows and a
 * tenth of the table): a large table's analyze still holds the connection ~400 ms at 100,000
 * children, and that is then rare (after an import, not every ten minutes; docs/decisions.md).
 */
export const analyzeTableByTable = async (client: PGlite) => {
  // Its counts of changes are flushed at most once a second; this makes the next statement's current.
  await client.exec('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(relname) as name from pg_stat_user_tables
     where schemaname = 'public' and n_mod_since_analyze > 50 + 0.1 * n_live_tup
     order by n_live_tup desc`,
  );
  for (const { name } of rows) await client.exec(`analyze ${name}`);
};

/** Any constant: all API processes on one PostgreSQL take this lock to migrate and seed one at a time. */
const startupLockKey = 4_242_001;
/** The first half of the background jobs' advisory locks (the second is the job's name hashed). */
const jobLockClass = 36;

/** A parameter as an SQL literal (EXECUTE takes no bind parameters); undefined: not one we write. */
const literalOf = (value: unknown): string | undefined => {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // standard_conforming_strings is on: only the quote is special inside '...'.
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  return undefined;
};

/**
 * PGlite's `query` parses and plans every statement; a text given a name (server/db/namedStatements.ts)
 * is prepared once in the session and then run as `EXECUTE name(literals)`, which keeps its plan.
 * Queries inside a transaction go through the transaction's own `query` and run as they are, and so
 * does a call with a parameter that is not a plain number, string, boolean or null.
 *
 * Every call on the client — a statement, or a whole transaction with the statements of its `tx` —
 * is one job of the connection's scheduler (issue 37, server/db/pgliteScheduler.ts), queued at the
 * priority of the code that makes it (server/db/dbPriority.ts): requests before reports and exports.
 */
const scheduleConnection = (client: PGlite, scheduler: TPgliteScheduler) => {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  const prepared = new Set<string>();
  const namedQuery = async (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const name = statementNameOf(text);
    const literals = (params ?? []).map(literalOf);
    if (!name || literals.some((literal) => literal === undefined)) return query(text, params, options);
    // Within the job: the PREPARE and its first EXECUTE hold the connection together.
    if (!prepared.has(name)) {
      await exec(`PREPARE ${name} AS ${text}`);
      prepared.add(name);
    }
    return query(`EXECUTE ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`, [], options);
  };
  client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
    scheduler.run(dbPriority(), () => namedQuery(text, params, options))) as PGlite['query'];
  client.exec = ((text: string, options?: Parameters<PGlite['exec']>[1]) =>
    scheduler.run(dbPriority(), () => exec(text, options))) as PGlite['exec'];
  client.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    scheduler.run(dbPriority(), () => transaction(callback))) as PGlite['transaction'];
};

/**
 * For scripts/bench/reportLoops.ts only: each connection job's timing, and the scheduler's priorities
 * turned off (first come, first served, as PGlite alone) to measure both sides in one run.
 */
export const pgliteBenchKnobs: {
  observe?: TPgliteSchedulerOptions['observe'];
  ignorePriorities: boolean;
} = { ignorePriorities: false };

const openPglite = async (
  dataDir: string,
  release: () => void = () => {},
  template?: string,
): Promise<TDatabase> => {
  let client: PGlite;
  try {
    // pg_trgm: the trigram indexes behind list searches (migration 0002); PostgreSQL ships it in contrib.
    client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      loadDataDir: template ? new Blob([readFileSync(template)]) : undefined,
    });
  } catch (error) {
    release();
    throw error;
  }
  scheduleConnection(
    client,
    createPgliteScheduler({
      observe: (job) => pgliteBenchKnobs.observe?.(job),
      ignorePriorities: () => pgliteBenchKnobs.ignorePriorities,
    }),
  );
  const db = drizzlePglite({ client, schema });
  // PGlite runs no autovacuum: without planner statistics a filtered list of 100,000 villages takes
  // several times longer (docs/performance.md). Vacuum and analyze at start, analyze every while.
  let statistics: NodeJS.Timeout | undefined;
  // Only this process can write this database (the lock taken in openDatabase), and PGlite calls a
  // listener while it reads the answer to the committing statement, before that statement's promise
  // resolves (tests/api/permissionCache.test.ts checks it): counting the trigger's notifications
  // is as current as reading the row, without a query per request.
  let bumps = 0;
  return {
    db,
    driver: 'pglite',
    // PGlite is single-process: the lock taken in openDatabase keeps every other process out.
    prepare: async (afterMigrate) => {
      await migratePglite(db, { migrationsFolder });
      await client.listen('auth_version', () => {
        bumps += 1;
      });
      await afterMigrate?.(db);
      await client.exec('vacuum analyze');
      statistics = setInterval(() => {
        // Background work: each table's analyze waits for the requests queued meanwhile.
        inBackground(() => analyzeTableByTable(client)).catch(() => undefined);
      }, pgliteAnalyzeEveryMs);
      statistics.unref();
    },
    authVersion: () => bumps,
    snapshot: (file, during) => snapshotPglite(client, file, during),
    withLock: async (_name, run) => ({ held: true, value: await run() }),
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

const poolMax = 10;

const openPostgres = async (connectionString: string, options: TOpenOptions): Promise<TDatabase> => {
  const pool = new pg.Pool({ connectionString, max: poolMax });
  // An idle connection dropped by the server must not crash the process; the pool reconnects.
  pool.on(
    'error',
    options.onPoolError ?? ((error) => console.error('PostgreSQL pool error:', error.message)),
  );
  const db = drizzleNodePg({ client: pool, schema });
  retryDeadlocks(db);
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
    // Other processes may share this database: the row itself, one primary-key read per request.
    authVersion: async () => {
      const result = await pool.query<{ version: string }>({
        name: 'auth_version',
        text: 'select version from auth_version where id = 1',
      });
      return Number(result.rows[0]?.version ?? 0);
    },
    snapshot: (file, during) => snapshotPostgres(connectionString, file, during),
    withLock: async (name, run) => {
      const lockClient = await pool.connect();
      // A session lock: the job runs on other connections of the pool while this one holds it.
      const key = [jobLockClass, name];
      // A connection whose unlock failed is closed, not returned to the pool still holding the lock.
      let unlocked = true;
      try {
        const { rows } = await lockClient.query<{ held: boolean }>(
          'select pg_try_advisory_lock($1, hashtext($2)) as held',
          key,
        );
        if (!rows[0]?.held) return { held: false };
        try {
          return { held: true, value: await run() };
        } finally {
          unlocked = await lockClient.query('select pg_advisory_unlock($1, hashtext($2))', key).then(
            () => true,
            () => false,
          );
        }
      } finally {
        lockClient.release(!unlocked);
      }
    },
    pool: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolMax,
    }),
    // Closed once: a second end() throws, and the readiness test ends the pool before the app closes.
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
};

/**
 * PostgreSQL through `pg` when `databaseUrl` is a postgres URL; otherwise the embedded PGlite,
 * in memory for `memory://` (tests) or persisted under DATA_DIR/db. The persisted one is opened only
 * under the exclusive lock of that directory (server/db/dataDirLock.ts): a second process throws
 * `DataDirLockedError` before touching it.
 */
export const openDatabase = async (
  config: Pick<TConfig, 'dataDir' | 'databaseUrl' | 'memoryTemplate'>,
  options: TOpenOptions = {},
): Promise<TDatabase> => {
  if (config.databaseUrl === 'memory://') return openPglite('memory://', undefined, config.memoryTemplate);
  if (config.databaseUrl) return openPostgres(config.databaseUrl, options);
  const dir = path.join(config.dataDir, 'db');
  mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(dir);
  return openPglite(dir, lock.release);
};
