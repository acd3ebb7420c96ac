import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/** What a snapshot holds: its row counts per table and its newest migration's `when`. */
export type TSnapshot = { tables: Record<string, number>; migrationWhen: number };

/**
 * Run while the snapshot is being taken, before any later write commits (issue 36): the backup fixes
 * the set of stored files there, so the files it archives are the ones its database names. It may
 * be run more than once (each run adds the files not fixed yet).
 */
export type TDuringSnapshot = () => Promise<void>;

type TQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Row counts of every table of the public schema, and the newest applied migration. */
export const countTables = async (query: TQuery): Promise<TSnapshot> => {
  const { rows } = await query(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const names = rows.map((row) => String(row.tablename));
  const tables: Record<string, number> = {};
  if (names.length > 0) {
    const counted = await query(
      names
        .map(
          (name) =>
            `select '${name.replaceAll("'", "''")}' as name, count(*)::bigint as n from ${quoteIdent(name)}`,
        )
        .join(' union all '),
    );
    for (const row of counted.rows) tables[String(row.name)] = Number(row.n);
  }
  const migrations = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  let migrationWhen = 0;
  if (migrations.rows[0]?.present) {
    const newest = await query(
      'select coalesce(max(created_at), 0)::bigint as newest from drizzle.__drizzle_migrations',
    );
    migrationWhen = Number(newest.rows[0]?.newest ?? 0);
  }
  return { tables, migrationWhen };
};

/**
 * The embedded database's data directory as a tar file, taken inside a transaction of this
 * process's one PGlite: while it is open no other query or transaction of the server runs (PGlite
 * serves one at a time), so the copy holds every committed write and nothing half done, and the
 * counts read in the same transaction are the copy's. The server waits for the copy (the dump is
 * in memory; writing it out to `file` happens after the transaction). A CHECKPOINT first keeps the
 * write-ahead log a restore replays short. `during` runs inside the same transaction.
 */
export const snapshotPglite = async (
  client: PGlite,
  file: string,
  during?: TDuringSnapshot,
): Promise<TSnapshot> => {
  await client.exec('checkpoint');
  let counts: TSnapshot | undefined;
  let dump: Blob | undefined;
  await client.transaction(async (tx: Transaction) => {
    counts = await countTables((text) => tx.query<Record<string, unknown>>(text));
    // Inside the transaction: dumpDataDir takes only the query lock, which is free between statements.
    dump = await client.dumpDataDir('none');
    await during?.();
  });
  if (!counts || !dump) throw new Error('The database snapshot was not taken.');
  // At once: fs.promises.writeFile writes 512 KB at a time, each a turn of the event loop, which
  // under writers waits for their queries (14 s for a 64 MB database; docs/performance.md).
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return counts;
};

/** A PostgreSQL client program (pg_dump, pg_restore): PG_BIN_DIR, /usr/bin, else the PATH. */
export const postgresProgram = (name: 'pg_dump' | 'pg_restore') => {
  const dirs = [process.env.PG_BIN_DIR, '/usr/bin', '/usr/local/bin'].filter(Boolean) as string[];
  for (const dir of dirs) if (existsSync(path.join(dir, name))) return path.join(dir, name);
  return name;
};

/** Runs a program; rejects with its standard error, or a clear message when it is not installed. */
export const runProgram = (program: string, args: string[]) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${path.basename(program)} was not found. Install the PostgreSQL client programs (Debian: apt-get install postgresql-client) or set PG_BIN_DIR to their folder.`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(program)} failed (${code}): ${stderr.trim()}`)),
    );
  });

/**
 * pg_dump (custom format) of the snapshot a transaction of our own exports: the counts read in that
 * transaction are exactly the dump's, whatever the other processes write meanwhile. Stored files on
 * disk cannot be frozen with the database: `during` runs just before the snapshot and again once it
 * is exported, so a file the snapshot names is fixed by one or the other (a file removed after the
 * first run was still named before it; one written after it and named by the snapshot is there at
 * the second), unless written and removed again in the milliseconds between the two.
 */
export const snapshotPostgres = async (
  connectionString: string,
  file: string,
  during?: TDuringSnapshot,
): Promise<TSnapshot> => {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await during?.();
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const counts = await countTables((text) => client.query(text));
    await during?.();
    await runProgram(postgresProgram('pg_dump'), [
      '--format=custom',
      `--snapshot=${rows[0].id}`,
      '--no-owner',
      '--no-privileges',
      `--file=${file}`,
      `--dbname=${connectionString}`,
    ]);
    await client.query('commit');
    return counts;
  } finally {
    await client.end();
  }
};
