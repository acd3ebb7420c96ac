import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGzip, type ZlibOptions, constants as zlibConstants } from 'node:zlib';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { TBackupSummary } from '../../src/domain/backups';
import type { TDbOrTx } from '../audit';
import type { TDatabase } from '../db/client';
import { holderIsAlive } from '../db/dataDirLock';
import { backups } from '../db/schema';
import { filesDirectory } from '../files/filesDirectory';
import { processName } from '../jobs/jobRuns';
import {
  databaseEntry,
  filesPrefix,
  journalOf,
  manifestFormat,
  manifestPath,
  productInfo,
  type TBackupManifest,
  type TManifestEntry,
} from './manifest';
import type { TDuringSnapshot, TSnapshot } from './snapshot';
import { addText, createTarWriter } from './tar';

/** The archives' folder when BACKUP_DIR is not set: beside (not inside) the database. */
export const backupsDirectory = (dataDir: string) => path.join(dataDir, 'backups');

/** BACKUP_DIR, else DATA_DIR/backups. */
export const backupDirOf = (config: { dataDir: string; backupDir?: string }) =>
  config.backupDir ?? backupsDirectory(config.dataDir);

/** `backup-yyyymmdd-hhmmss-<random>.tar.gz` (the random part since issue 36; older names lack it). */
const namePattern = /^backup-\d{8}-\d{6}(-[0-9a-z]+)?\.tar\.gz$/;
export const isBackupName = (name: string) => namePattern.test(name);

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
/** Two processes starting one in the same second still name theirs apart; the unique index is the guard. */
const newName = (at: Date) => `backup-${stamp(at)}-${randomBytes(3).toString('hex')}.tar.gz`;

/** Who makes the backup under way: what a refused second one is told (409). */
export type TBackupHolder = { by: string; process: string; startedAt: string };

export class BackupRunningError extends Error {
  constructor(readonly holder?: TBackupHolder) {
    super('A backup is already being made.');
  }
}

/** The lock every process takes for a backup's whole run (server/db/client.ts `withLock`). */
const backupLockName = 'backup';

/** What makes a backup needs of the database: its rows, its snapshot, the cluster's lock. */
export type TBackupDatabase = Pick<TDatabase, 'db' | 'driver' | 'snapshot' | 'withLock'>;

/** Reads a file in chunks while hashing them. */
async function* hashed(source: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk as Uint8Array;
  }
}

/** Every file under `root` (synchronously: it runs while the snapshot holds the database). */
const walkSync = (root: string, under = ''): string[] => {
  if (!existsSync(path.join(root, under))) return [];
  const found: string[] = [];
  const entries = readdirSync(path.join(root, under), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...walkSync(root, relative));
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) found.push(relative);
  }
  return found;
};

/**
 * Fixes the set of stored files as they are now: each hard-linked into `staging` (a copy where a
 * link is impossible), so a file replaced or removed afterwards stays in the backup as it was. A file
 * gone between the listing and its link was removed by a write committed before this moment: the
 * snapshot does not name it either. Synchronous on purpose: it runs while the snapshot holds the
 * database (nothing else could progress meanwhile), and a link is a few microseconds.
 */
const stageFiles = (files: string, staging: string, staged: Set<string>) => {
  const made = new Set<string>();
  let copy = false;
  for (const relative of walkSync(files)) {
    if (staged.has(relative)) continue;
    const source = path.join(files, relative);
    const destination = path.join(staging, relative);
    const dir = path.dirname(destination);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    try {
      if (copy) copyFileSync(source, destination);
      else linkSync(source, destination);
      staged.add(relative);
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code === 'ENOENT') continue;
      if (copy || !['EXDEV', 'EPERM', 'ENOTSUP', 'EMLINK'].includes(code ?? '')) throw error;
      copy = true;
      copyFileSync(source, destination);
      staged.add(relative);
    }
  }
};

/** Files up to this size are read whole (one step); larger ones streamed in chunks of this size. */
const wholeFileBytes = 8 * 1024 * 1024;

/**
 * A stream that hands `target` what was written to it meanwhile as one large write: each write to
 * zlib costs turns of the event loop (its work is done off the main thread, its answer comes back
 * on it), and under writers on the embedded database a turn waits for their queries, tens of
 * milliseconds: a write per stored file made a backup of 600 files take 50 s (docs/performance.md).
 */
const batchInto = (target: Writable) =>
  new Writable({
    highWaterMark: wholeFileBytes,
    write(chunk: Buffer, _encoding, done) {
      target.write(chunk, done);
    },
    writev(chunks, done) {
      target.write(Buffer.concat(chunks.map(({ chunk }) => chunk as Buffer)), done);
    },
  });

export type TArchived = {
  size: number;
  sha256: string;
  files: number;
  rows: number;
  tables: Record<string, number>;
};

export type TWriteArchiveOptions = {
  dataDir: string;
  backupDir: string;
  name: string;
  driver: 'pglite' | 'postgres';
  snapshot: (file: string, during?: TDuringSnapshot) => Promise<TSnapshot>;
  migrationsFolder: string;
  createdAt: Date;
};

/**
 * Writes one archive, `backupDir/name`: the database's snapshot, the stored files as they were at
 * that snapshot, and the manifest (last, with every other entry's size and SHA-256), gzip'd tar.
 * Written under a hidden name and renamed when whole.
 */
export const writeArchive = async (options: TWriteArchiveOptions): Promise<TArchived> => {
  const { backupDir, name } = options;
  await mkdir(backupDir, { recursive: true });
  const databaseFile = path.join(backupDir, `.${name}.database`);
  const partial = path.join(backupDir, `.${name}.partial`);
  // Beside the stored files (one file system: hard links), never inside them.
  const staging = path.join(options.dataDir, `.backup-staging-${name}`);
  try {
    const staged = new Set<string>();
    const snapshot = await options.snapshot(databaseFile, async () =>
      stageFiles(filesDirectory(options.dataDir), staging, staged),
    );
    const out = createWriteStream(partial, { highWaterMark: wholeFileBytes });
    // Level 1: the database's pages compress about as well as at 6 (measured: 5.3 against 4.6 MB
    // of a 40.6 MB data directory) at several times the speed on incompressible bytes. Large chunks
    // and buffers: each chunk costs a turn of the event loop, which the embedded database's queries
    // hold for milliseconds each under writers (271 s under three writers; docs/performance.md).
    const gzip = createGzip({
      level: 1,
      chunkSize: wholeFileBytes,
      writableHighWaterMark: 2 * wholeFileBytes,
    } as ZlibOptions);
    const archiveHash = createHash('sha256');
    gzip.on('data', (chunk: Buffer) => archiveHash.update(chunk));
    gzip.pipe(out);
    const batcher = batchInto(gzip);
    const tar = createTarWriter(batcher);
    const entries: TManifestEntry[] = [];
    const add = async (entryPath: string, file: string) => {
      const { size } = statSync(file);
      const hash = createHash('sha256');
      if (size <= wholeFileBytes) {
        // Staged files are ours alone (links or copies): read whole, at once.
        const bytes = readFileSync(file);
        hash.update(bytes);
        await tar.add(entryPath, bytes.length, bytes);
      } else
        await tar.add(
          entryPath,
          size,
          hashed(createReadStream(file, { highWaterMark: wholeFileBytes }), hash),
        );
      entries.push({ path: entryPath, size, sha256: hash.digest('hex') });
    };
    await add(databaseEntry[options.driver], databaseFile);
    // Stored files are PDFs and images, compressed already: stored as they are (deflate level 0),
    // so an archive of gigabytes of documents is made at the speed of the disk.
    // (Node's Gzip has params() at run time; its types declare it only on some zlib classes.)
    const { params } = gzip as unknown as {
      params: (level: number, strategy: number, done: () => void) => void;
    };
    // The database's bytes all taken by gzip before its level changes.
    await new Promise<void>((resolve, reject) =>
      batcher.write(Buffer.alloc(0), (error) => (error ? reject(error) : resolve())),
    );
    await new Promise<void>((resolve) =>
      params.call(gzip, 0, zlibConstants.Z_DEFAULT_STRATEGY, () => resolve()),
    );
    for (const relative of [...staged].sort())
      await add(`${filesPrefix}${relative}`, path.join(staging, relative));
    const journal = journalOf(options.migrationsFolder);
    const manifest: TBackupManifest = {
      format: manifestFormat,
      ...productInfo(),
      createdAt: options.createdAt.toISOString(),
      driver: options.driver,
      migration: {
        when: snapshot.migrationWhen,
        tag: journal.find((entry) => entry.when === snapshot.migrationWhen)?.tag ?? null,
      },
      tables: snapshot.tables,
      entries,
    };
    await addText(tar, manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.finish();
    gzip.end();
    await finished(out);
    await rename(partial, path.join(backupDir, name));
    const { size } = await stat(path.join(backupDir, name));
    return {
      size,
      sha256: archiveHash.digest('hex'),
      files: entries.length - 1,
      rows: Object.values(snapshot.tables).reduce((sum, n) => sum + n, 0),
      tables: snapshot.tables,
    };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(databaseFile, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
};

type TBackupRow = typeof backups.$inferSelect;

const interruptedError = 'Interrupted: the server stopped while making it.';

/** A row `running` whose process on this machine is gone (the server stopped while making it). */
const isInterrupted = (row: Pick<TBackupRow, 'state' | 'process'>, mine: boolean) => {
  if (row.state !== 'running') return false;
  const at = row.process.lastIndexOf(':');
  const [hostname, pid] = [row.process.slice(0, at), Number(row.process.slice(at + 1))];
  if (hostname !== os.hostname()) return false;
  if (pid === process.pid) return !mine;
  return !holderIsAlive({ hostname, pid, command: '', since: '' });
};

const summaryOf = (row: TBackupRow, mine = makingHere > 0): TBackupSummary => {
  const interrupted = isInterrupted(row, mine);
  return {
    name: row.name,
    state: interrupted ? 'failed' : (row.state as TBackupSummary['state']),
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString(),
    size: row.size ?? undefined,
    by: row.by,
    files: row.files ?? undefined,
    rows: row.rows ?? undefined,
    error: interrupted ? interruptedError : (row.error ?? undefined),
  };
};

/** Databases this process is making a backup of (PGlite's `withLock` is no lock within a process). */
const making = new WeakSet<object>();
/** Backups this process is making (a row of this pid still running is one of them, or interrupted). */
let makingHere = 0;

/** Who holds the backup: its row, written right after it took the lock (waited for a moment). */
const holderOf = async (db: TDbOrTx): Promise<TBackupHolder | undefined> => {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const [row] = await db
      .select()
      .from(backups)
      .where(eq(backups.state, 'running'))
      .orderBy(desc(backups.startedAt))
      .limit(1);
    if (row) return { by: row.by, process: row.process, startedAt: row.startedAt.toISOString() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
};

export type TMakeBackupOptions = {
  database: TBackupDatabase;
  dataDir: string;
  backupDir: string;
  migrationsFolder: string;
  /** Who asked: a username, `schedule` or `script`. */
  by: string;
  /** The schedule's slot it is made for. */
  slot?: string;
  now?: () => number;
};

/**
 * Makes one backup, one at a time across the cluster (issue 36): under the cluster-wide lock for its
 * whole run, its row (`running`, then `done` or `failed`) in the `backups` table, its archive in
 * BACKUP_DIR. Refused with BackupRunningError (naming who makes the one under way) while another
 * process or request makes one.
 */
export const makeBackup = async (options: TMakeBackupOptions): Promise<TBackupSummary> => {
  const { db } = options.database;
  if (making.has(db)) throw new BackupRunningError(await holderOf(db));
  making.add(db);
  makingHere += 1;
  try {
    const outcome = await options.database.withLock(backupLockName, () => makeLocked(options));
    if (!outcome.held) throw new BackupRunningError(await holderOf(db));
    return outcome.value;
  } finally {
    making.delete(db);
    makingHere -= 1;
  }
};

const makeLocked = async (options: TMakeBackupOptions): Promise<TBackupSummary> => {
  const { db } = options.database;
  const startedAt = new Date(options.now?.() ?? Date.now());
  // This process holds the lock: a row still running is one whose process stopped while making it.
  await db
    .update(backups)
    .set({ state: 'failed', finishedAt: startedAt, error: interruptedError })
    .where(eq(backups.state, 'running'));
  let row: TBackupRow | undefined;
  for (let attempt = 0; !row; attempt += 1) {
    [row] = await db
      .insert(backups)
      .values({
        name: newName(startedAt),
        by: options.by,
        process: processName(),
        startedAt,
        scheduled: options.slot !== undefined,
        slot: options.slot,
      })
      .onConflictDoNothing({ target: backups.name })
      .returning();
    if (!row && attempt >= 5) throw new Error('No unused backup name was found.');
  }
  const { id, name } = row;
  try {
    const archived = await writeArchive({
      dataDir: options.dataDir,
      backupDir: options.backupDir,
      name,
      driver: options.database.driver,
      snapshot: options.database.snapshot,
      migrationsFolder: options.migrationsFolder,
      createdAt: startedAt,
    });
    const [done] = await db
      .update(backups)
      .set({ state: 'done', finishedAt: new Date(), ...archived })
      .where(eq(backups.id, id))
      .returning();
    return summaryOf(done);
  } catch (error) {
    const [failed] = await db
      .update(backups)
      .set({
        state: 'failed',
        finishedAt: new Date(),
        error: error instanceof Error ? error.message : String(error),
      })
      .where(eq(backups.id, id))
      .returning()
      .catch(() => [undefined]);
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
      backup: failed ? summaryOf(failed) : undefined,
    });
  }
};

/** Every backup of the cluster, newest first. */
export const listBackups = async (db: TDbOrTx): Promise<TBackupSummary[]> => {
  const rows = await db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.name));
  return rows.map((row) => summaryOf(row, makingHere > 0));
};

/** The newest backup no longer being made (the work queue's failed scheduled backup). */
export const lastFinishedBackup = async (db: TDbOrTx): Promise<TBackupSummary | undefined> => {
  const [row] = await db
    .select()
    .from(backups)
    .where(ne(backups.state, 'running'))
    .orderBy(desc(backups.startedAt), desc(backups.name))
    .limit(1);
  return row ? summaryOf(row) : undefined;
};

/** The archive's path, when `name` is a finished backup whose archive is in `backupDir`. */
export const backupFile = async (
  db: TDbOrTx,
  backupDir: string,
  name: string,
): Promise<string | undefined> => {
  if (!isBackupName(name)) return undefined;
  const [row] = await db
    .select({ id: backups.id })
    .from(backups)
    .where(and(eq(backups.name, name), eq(backups.state, 'done')));
  const file = path.join(backupDir, name);
  return row && existsSync(file) ? file : undefined;
};

/** Removes backups (archive and row) that started more than `keepDays` ago; the newest done one always stays. */
export const pruneBackups = async (db: TDbOrTx, backupDir: string, keepDays: number, now = Date.now()) => {
  const all = await listBackups(db);
  const newestDone = all.find((backup) => backup.state === 'done')?.name;
  const removed: string[] = [];
  for (const backup of all) {
    if (backup.name === newestDone || backup.state === 'running') continue;
    if (now - Date.parse(backup.startedAt) <= keepDays * 86_400_000) continue;
    await rm(path.join(backupDir, backup.name), { force: true });
    // The state file an archive made before issue 36 had beside it.
    await rm(path.join(backupDir, `${backup.name}.json`), { force: true });
    await db.delete(backups).where(eq(backups.name, backup.name));
    removed.push(backup.name);
  }
  return removed;
};

/**
 * Archives made before the list moved into the database (issue 36) had their state in a
 * `<name>.json` beside them: each is imported once (a name already listed is left as it is).
 */
export const importStateFiles = async (db: TDbOrTx, backupDir: string): Promise<number> => {
  if (!existsSync(backupDir)) return 0;
  let imported = 0;
  for (const entry of await readdir(backupDir)) {
    const name = entry.slice(0, -'.json'.length);
    if (!entry.endsWith('.tar.gz.json') || !isBackupName(name)) continue;
    try {
      const state = JSON.parse(await readFile(path.join(backupDir, entry), 'utf8')) as TBackupSummary & {
        pid?: number;
        hostname?: string;
      };
      const stillRunning = state.state === 'running';
      const added = await db
        .insert(backups)
        .values({
          name,
          state: stillRunning ? 'failed' : state.state,
          by: state.by,
          process: `${state.hostname ?? os.hostname()}:${state.pid ?? 0}`,
          startedAt: new Date(state.startedAt),
          finishedAt: state.finishedAt ? new Date(state.finishedAt) : null,
          size: state.size,
          files: state.files,
          rows: state.rows,
          error: stillRunning ? interruptedError : state.error,
          scheduled: state.by === 'schedule',
        })
        .onConflictDoNothing({ target: backups.name })
        .returning({ id: backups.id });
      imported += added.length;
    } catch {
      // Not a state file we wrote: left alone.
    }
  }
  return imported;
};
