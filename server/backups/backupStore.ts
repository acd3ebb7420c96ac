import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip, constants as zlibConstants } from 'node:zlib';
import type { TBackupSummary } from '../../src/domain/backups';
import { holderIsAlive } from '../db/dataDirLock';
import { filesDirectory } from '../files/storeFile';
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
import type { TSnapshot } from './snapshot';
import { addText, createTarWriter } from './tar';

/** Archives and their states live here, beside (not inside) the database: a restore brings no stale states. */
export const backupsDirectory = (dataDir: string) => path.join(dataDir, 'backups');

/** What is kept beside each archive (`<name>.json`): the summary the API lists, and who runs it. */
type TStateFile = TBackupSummary & { pid: number; hostname: string };

const namePattern = /^backup-\d{8}-\d{6}(-\d+)?\.tar\.gz$/;
export const isBackupName = (name: string) => namePattern.test(name);

const stateFile = (dir: string, name: string) => path.join(dir, `${name}.json`);

const writeState = async (dir: string, state: TStateFile) => {
  const file = stateFile(dir, state.name);
  await writeFile(`${file}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
};

const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** Backups this process is making, by backups folder: one at a time per data directory. */
const running = new Set<string>();

export class BackupRunningError extends Error {}

/** Reads a file in chunks while hashing them. */
async function* hashed(source: AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of source) {
    hash.update(chunk);
    yield chunk as Uint8Array;
  }
}

/** Every file under `root`, as paths relative to it with `/`, in a stable order. */
const walk = async (root: string, under = ''): Promise<string[]> => {
  if (!existsSync(path.join(root, under))) return [];
  const found: string[] = [];
  const entries = await readdir(path.join(root, under), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const relative = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await walk(root, relative)));
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) found.push(relative);
  }
  return found;
};

export type TMakeBackupOptions = {
  dataDir: string;
  driver: 'pglite' | 'postgres';
  snapshot: (file: string) => Promise<TSnapshot>;
  migrationsFolder: string;
  /** Who asked: a username, `schedule` or `script`. */
  by: string;
  now?: () => number;
};

/**
 * Makes one archive in DATA_DIR/backups: the database's snapshot, every stored file, and the
 * manifest (last, with every other entry's size and SHA-256), gzip'd tar. Written under a hidden
 * name and renamed when whole; the state beside it says running, then done or failed.
 */
export const makeBackup = async (options: TMakeBackupOptions): Promise<TBackupSummary> => {
  const dir = backupsDirectory(options.dataDir);
  if (running.has(dir)) throw new BackupRunningError('A backup is already being made.');
  running.add(dir);
  try {
    await mkdir(dir, { recursive: true });
    const startedAt = new Date(options.now?.() ?? Date.now());
    let name = `backup-${stamp(startedAt)}.tar.gz`;
    for (let n = 2; existsSync(path.join(dir, name)) || existsSync(stateFile(dir, name)); n += 1)
      name = `backup-${stamp(startedAt)}-${n}.tar.gz`;
    const state: TStateFile = {
      name,
      state: 'running',
      startedAt: startedAt.toISOString(),
      by: options.by,
      pid: process.pid,
      hostname: os.hostname(),
    };
    await writeState(dir, state);
    const databaseFile = path.join(dir, `.${name}.database`);
    const partial = path.join(dir, `.${name}.partial`);
    try {
      const snapshot = await options.snapshot(databaseFile);
      const out = createWriteStream(partial);
      // Level 1: the database's pages compress about as well as at 6 (measured: 5.3 against 4.6 MB
      // of a 40.6 MB data directory) at several times the speed on incompressible bytes.
      const gzip = createGzip({ level: 1 });
      gzip.pipe(out);
      const tar = createTarWriter(gzip);
      const entries: TManifestEntry[] = [];
      const add = async (entryPath: string, file: string) => {
        const { size } = await stat(file);
        const hash = createHash('sha256');
        await tar.add(entryPath, size, hashed(createReadStream(file), hash));
        entries.push({ path: entryPath, size, sha256: hash.digest('hex') });
      };
      await add(databaseEntry[options.driver], databaseFile);
      const files = filesDirectory(options.dataDir);
      // Stored files are PDFs and images, compressed already: stored as they are (deflate level 0),
      // so an archive of gigabytes of documents is made at the speed of the disk.
      // (Node's Gzip has params() at run time; its types declare it only on some zlib classes.)
      const { params } = gzip as unknown as {
        params: (level: number, strategy: number, done: () => void) => void;
      };
      await new Promise<void>((resolve) =>
        params.call(gzip, 0, zlibConstants.Z_DEFAULT_STRATEGY, () => resolve()),
      );
      for (const relative of await walk(files)) {
        try {
          await add(`${filesPrefix}${relative}`, path.join(files, relative));
        } catch (error) {
          // Removed since the walk (a record deleted meanwhile): not part of the snapshot either.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
          throw new Error(`${relative} disappeared while it was archived; try again.`);
        }
      }
      const journal = journalOf(options.migrationsFolder);
      const manifest: TBackupManifest = {
        format: manifestFormat,
        ...productInfo(),
        createdAt: startedAt.toISOString(),
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
      await rename(partial, path.join(dir, name));
      const { size } = await stat(path.join(dir, name));
      const done: TStateFile = {
        ...state,
        state: 'done',
        finishedAt: new Date().toISOString(),
        size,
        files: entries.length - 1,
        rows: Object.values(snapshot.tables).reduce((sum, n) => sum + n, 0),
      };
      await writeState(dir, done);
      return summaryOf(done);
    } catch (error) {
      const failed: TStateFile = {
        ...state,
        state: 'failed',
        finishedAt: new Date().toISOString(),
        error: error instanceof Error ? error.message : String(error),
      };
      await writeState(dir, failed).catch(() => undefined);
      await rm(partial, { force: true });
      throw Object.assign(error instanceof Error ? error : new Error(String(error)), {
        backup: summaryOf(failed),
      });
    } finally {
      await rm(databaseFile, { force: true });
    }
  } finally {
    running.delete(dir);
  }
};

const summaryOf = ({ pid: _pid, hostname: _hostname, ...summary }: TStateFile): TBackupSummary => summary;

/**
 * Every backup's state, newest first. One still `running` whose process is gone (the server stopped
 * while making it) is shown failed.
 */
export const listBackups = async (dataDir: string): Promise<TBackupSummary[]> => {
  const dir = backupsDirectory(dataDir);
  if (!existsSync(dir)) return [];
  const states: TBackupSummary[] = [];
  for (const entry of await readdir(dir)) {
    if (!entry.endsWith('.tar.gz.json') || !isBackupName(entry.slice(0, -'.json'.length))) continue;
    try {
      const state = JSON.parse(await readFile(path.join(dir, entry), 'utf8')) as TStateFile;
      const interrupted =
        state.state === 'running' &&
        (state.hostname === os.hostname()
          ? !(state.pid === process.pid
              ? running.has(dir)
              : holderIsAlive({ ...state, command: '', since: '' }))
          : false);
      states.push(
        summaryOf(
          interrupted
            ? { ...state, state: 'failed', error: 'Interrupted: the server stopped while making it.' }
            : state,
        ),
      );
    } catch {
      // A state file being replaced: listed next time.
    }
  }
  return states.sort((a, b) =>
    a.startedAt < b.startedAt ? 1 : a.startedAt > b.startedAt ? -1 : a.name < b.name ? 1 : -1,
  );
};

/** The archive's path, when `name` is a finished backup here. */
export const backupFile = async (dataDir: string, name: string): Promise<string | undefined> => {
  if (!isBackupName(name)) return undefined;
  const file = path.join(backupsDirectory(dataDir), name);
  return existsSync(file) ? file : undefined;
};

/** Removes archives (and states) that started more than `keepDays` ago; the newest done one always stays. */
export const pruneBackups = async (dataDir: string, keepDays: number, now = Date.now()) => {
  const dir = backupsDirectory(dataDir);
  const all = await listBackups(dataDir);
  const newestDone = all.find((backup) => backup.state === 'done')?.name;
  const removed: string[] = [];
  for (const backup of all) {
    if (backup.name === newestDone || backup.state === 'running') continue;
    if (now - Date.parse(backup.startedAt) <= keepDays * 86_400_000) continue;
    await rm(path.join(dir, backup.name), { force: true });
    await rm(stateFile(dir, backup.name), { force: true });
    removed.push(backup.name);
  }
  return removed;
};
