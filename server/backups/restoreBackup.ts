import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, openAsBlob, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrationsFolder, openDatabase } from '../db/client';
import { lockDataDir } from '../db/dataDirLock';
import { filesDirectory } from '../files/filesDirectory';
import {
  compareVersions,
  databaseEntry,
  filesPrefix,
  journalOf,
  manifestPath,
  productInfo,
  type TBackupManifest,
  ZBackupManifest,
} from './manifest';
import { countTables, postgresProgram, runProgram } from './snapshot';
import { readTar } from './tar';

/** The restore refused before writing anything: the message says why. */
export class RestoreRefusedError extends Error {}

export type TRestoreTarget = { dataDir: string; databaseUrl?: string };

const isEmptyDir = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/** A path inside the archive that stays inside its folder when extracted. */
const safeRelative = (name: string) =>
  !name.startsWith('/') &&
  !name.includes('\\') &&
  name.split('/').every((part) => part !== '..' && part !== '');

/**
 * Reads the whole archive once: every entry's SHA-256 against the manifest, nothing written.
 * Answers the manifest; throws RestoreRefusedError for a damaged or foreign archive.
 */
export const verifyArchive = async (archive: string): Promise<TBackupManifest> => {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifestText = '';
  try {
    await readTar(createReadStream(archive).pipe(createGunzip()), async (entry, content) => {
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      for await (const chunk of content) {
        hash.update(chunk);
        if (entry.name === manifestPath) chunks.push(chunk);
      }
      if (entry.name === manifestPath) manifestText = Buffer.concat(chunks).toString('utf8');
      else seen.set(entry.name, { size: entry.size, sha256: hash.digest('hex') });
    });
  } catch (error) {
    throw new RestoreRefusedError(
      `The archive is damaged and was not restored: ${error instanceof Error ? error.message : error}`,
    );
  }
  let manifest: TBackupManifest;
  try {
    manifest = ZBackupManifest.parse(JSON.parse(manifestText));
  } catch {
    throw new RestoreRefusedError(
      'The archive has no readable manifest.json: it is not a backup of this product, or it is damaged.',
    );
  }
  for (const entry of manifest.entries) {
    const found = seen.get(entry.path);
    if (!found) throw new RestoreRefusedError(`The archive is damaged: ${entry.path} is missing.`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256)
      throw new RestoreRefusedError(`The archive is damaged: ${entry.path} does not match its checksum.`);
    if (!safeRelative(entry.path))
      throw new RestoreRefusedError(`The archive names an unsafe path: ${entry.path}.`);
  }
  const extra = [...seen.keys()].filter((name) => !manifest.entries.some((entry) => entry.path === name));
  if (extra.length > 0)
    throw new RestoreRefusedError(
      `The archive holds entries its manifest does not list: ${extra.join(', ')}.`,
    );
  return manifest;
};

/** Refuses an archive a newer product (or a newer migration) made. */
export const checkVersion = (manifest: TBackupManifest) => {
  const ours = productInfo();
  if (compareVersions(manifest.productVersion, ours.productVersion) > 0)
    throw new RestoreRefusedError(
      `The backup was made by version ${manifest.productVersion}, newer than this one (${ours.productVersion}): restore it with that version or a newer one.`,
    );
  const newest = Math.max(0, ...journalOf(migrationsFolder).map((entry) => entry.when));
  if (manifest.migration.when > newest)
    throw new RestoreRefusedError(
      `The backup's database has a migration (${manifest.migration.tag ?? manifest.migration.when}) this version does not know: restore it with a newer version.`,
    );
};

const postgresTables = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
};

/** Refuses a target that holds anything: a database, stored files. */
const checkTargetEmpty = async (target: TRestoreTarget) => {
  if (!isEmptyDir(filesDirectory(target.dataDir)))
    throw new RestoreRefusedError(
      `${filesDirectory(target.dataDir)} is not empty: restore into an empty DATA_DIR.`,
    );
  if (target.databaseUrl) {
    if ((await postgresTables(target.databaseUrl)) > 0)
      throw new RestoreRefusedError('The PostgreSQL database is not empty: restore into an empty database.');
  } else if (!isEmptyDir(path.join(target.dataDir, 'db')))
    throw new RestoreRefusedError(
      `${path.join(target.dataDir, 'db')} is not empty: restore into an empty DATA_DIR.`,
    );
};

export type TRestoreResult = { manifest: TBackupManifest; tables: Record<string, number>; migrated: boolean };

/**
 * Restores an archive into an empty target: checks the target, every checksum and the version
 * first (nothing is written before), then the stored files and the database, then the counts
 * against the manifest, then the migrations this version has that the backup's database lacks.
 */
export const restoreBackup = async (
  archive: string,
  target: TRestoreTarget,
  log: (line: string) => void = () => {},
): Promise<TRestoreResult> => {
  if (!existsSync(archive)) throw new RestoreRefusedError(`${archive} does not exist.`);
  const driver = target.databaseUrl ? 'postgres' : 'pglite';
  const dbDir = path.join(target.dataDir, 'db');
  // The embedded database's lock first: no server may start on the target while it is restored.
  if (driver === 'pglite') await mkdir(dbDir, { recursive: true });
  const lock = driver === 'pglite' ? lockDataDir(dbDir) : undefined;
  const staging = await mkdtemp(path.join(os.tmpdir(), 'ab-restore-'));
  let checkedEmpty = false;
  try {
    await checkTargetEmpty(target);
    log('Checking the archive (every checksum)...');
    const manifest = await verifyArchive(archive);
    if (manifest.driver !== driver)
      throw new RestoreRefusedError(
        manifest.driver === 'pglite'
          ? 'This backup is of the embedded database: restore it without DATABASE_URL.'
          : 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database.',
      );
    checkVersion(manifest);
    log(
      `Archive whole: ${manifest.entries.length} entries, made ${manifest.createdAt} by version ${manifest.productVersion}.`,
    );

    // From here on the target is written to: a failure empties it again.
    checkedEmpty = true;
    // Second pass: extract, checking each entry again (the file could have changed since).
    const expected = new Map(manifest.entries.map((entry) => [entry.path, entry.sha256]));
    const databaseFile = path.join(staging, 'database');
    const files = filesDirectory(target.dataDir);
    await readTar(createReadStream(archive).pipe(createGunzip()), async (entry, content) => {
      const sha = expected.get(entry.name);
      if (!sha) return;
      const destination =
        entry.name === databaseEntry[driver]
          ? databaseFile
          : entry.name.startsWith(filesPrefix)
            ? path.join(files, entry.name.slice(filesPrefix.length))
            : undefined;
      if (!destination) return;
      await mkdir(path.dirname(destination), { recursive: true });
      const hash = createHash('sha256');
      const out = createWriteStream(destination);
      for await (const chunk of content) {
        hash.update(chunk);
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      out.end();
      await finished(out);
      if (hash.digest('hex') !== sha) throw new Error(`${entry.name} changed while it was restored.`);
    });

    log('Restoring the database...');
    if (driver === 'pglite') {
      const client = await PGlite.create(dbDir, {
        extensions: { pg_trgm },
        loadDataDir: await openAsBlob(databaseFile),
      });
      await client.close();
    } else {
      await runProgram(postgresProgram('pg_restore'), [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${target.databaseUrl}`,
        databaseFile,
      ]);
    }
    lock?.release();

    const database = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    try {
      const counted = await countTables(async (text) => {
        const result = (await database.db.execute(sql.raw(text))) as unknown as {
          rows: Record<string, unknown>[];
        };
        return { rows: result.rows };
      });
      const differing = Object.entries(manifest.tables).filter(([table, n]) => counted.tables[table] !== n);
      if (differing.length > 0)
        throw new Error(
          `The restored counts differ from the manifest: ${differing.map(([table, n]) => `${table} ${counted.tables[table]} (manifest ${n})`).join(', ')}.`,
        );
      const newest = Math.max(0, ...journalOf(migrationsFolder).map((entry) => entry.when));
      const migrated = counted.migrationWhen < newest;
      if (migrated) {
        log('Running the migrations this version adds...');
        await database.prepare();
      }
      // The backup being made when the snapshot was taken (its own row among them) was not finished
      // in the restored database: listed failed, never as running forever.
      await database.db.execute(sql`
        update backups set state = 'failed', finished_at = coalesce(finished_at, now()),
          error = 'Not finished when the restored snapshot was taken.'
        where state = 'running'`);
      return { manifest, tables: counted.tables, migrated };
    } finally {
      await database.close();
    }
  } catch (error) {
    // Whatever this restore wrote into the target (checked empty) goes: a next start must not serve
    // a half-restored or unverified database (issue 36).
    if (checkedEmpty) {
      lock?.release();
      await emptyTarget(target).catch((cleanup) =>
        log(`The target could not be emptied: ${cleanup instanceof Error ? cleanup.message : cleanup}`),
      );
    }
    throw error;
  } finally {
    lock?.release();
    await rm(staging, { recursive: true, force: true });
  }
};

/**
 * Leaves a target that was empty before a failed restore empty again: the stored files and the
 * embedded database's directory (under its lock) emptied; on PostgreSQL the `drizzle` schema and
 * what the dump made in `public` (tables, views, sequences, functions, types; the target had no table
 * before: checkTargetEmpty) dropped, leaving what an extension owns.
 */
const emptyTarget = async (target: TRestoreTarget) => {
  await rm(filesDirectory(target.dataDir), { recursive: true, force: true });
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    // What an extension owns (pg_trgm, perhaps installed beforehand by a database administrator) stays.
    const ours = (catalog: string) =>
      `n.nspname = 'public' and not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = o.oid and d.deptype = 'e')`;
    try {
      await client.query('drop schema if exists drizzle cascade');
      const drops = await client.query<{ statement: string }>(`
        select format('drop %s if exists %I.%I cascade',
          case o.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' else 'table' end,
          n.nspname, o.relname) as statement
        from pg_class o join pg_namespace n on n.oid = o.relnamespace
        where o.relkind in ('r', 'p', 'v', 'm', 'S') and ${ours('pg_class')}
          -- a column's own sequence goes with its table
          and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
            and d.objid = o.oid and d.refobjsubid > 0 and d.deptype in ('a', 'i'))
        union all
        select format('drop function if exists %s cascade', o.oid::regprocedure)
        from pg_proc o join pg_namespace n on n.oid = o.pronamespace where ${ours('pg_proc')}
        union all
        select format('drop type if exists %I.%I cascade', n.nspname, o.typname)
        from pg_type o join pg_namespace n on n.oid = o.typnamespace
        where o.typtype in ('e', 'd') and ${ours('pg_type')}`);
      // One after the other; a cascade may have dropped a later one already (if exists).
      for (const { statement } of drops.rows) await client.query(statement);
    } finally {
      await client.end();
    }
    return;
  }
  const dbDir = path.join(target.dataDir, 'db');
  const lock = lockDataDir(dbDir);
  try {
    for (const entry of existsSync(dbDir) ? readdirSync(dbDir) : [])
      await rm(path.join(dbDir, entry), { recursive: true, force: true });
  } finally {
    lock.release();
  }
};
