import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { TDatabase, TDb } from '../db/client';
import { storedFileChunks, storedFiles } from '../db/schema';
import { filesDirectory } from './filesDirectory';

/**
 * Where uploaded files are kept (issue 36): on disk under DATA_DIR/files with the embedded database
 * (as always), in PostgreSQL when DATABASE_URL is set, so any process serves any file. Both address
 * a file by its area — the directory it has under DATA_DIR/files: '' for logos, `children`,
 * `attachments` — and the name this code generated. Nothing here checks what a name may be beyond
 * being a plain file name: each caller keeps its own rule (`isGeneratedName`, the logos' pattern).
 */
export type TFileStore = {
  kind: 'disk' | 'database';
  /**
   * Where an upload to `area` is received to temporary files and checked before `put` (the area's
   * directory under DATA_DIR/files with both stores, so a rename keeps a file on disk).
   */
  workDirectory: (area: string) => string;
  /**
   * Keeps `from` (a file, which the disk store moves and the database store copies — a temporary
   * file's owner removes what is left; or bytes) as `name` in `area`, replacing a file of that name.
   * A reader never sees it half written.
   */
  put: (area: string, name: string, from: string | Buffer) => Promise<void>;
  /** The file as a stream and its size, or undefined when there is none. */
  open: (area: string, name: string) => Promise<TOpenedFile | undefined>;
  /** Removes the file (nothing when there is none or the name is not a plain file name). */
  remove: (area: string, name: string) => Promise<void>;
  exists: (area: string, name: string) => Promise<boolean>;
  /** The area's files (never a temporary one), with the SHA-256 the database keeps of each. */
  list: (area: string) => Promise<TListedFile[]>;
};
/** The areas this code keeps files in (directories under DATA_DIR/files). */
export const fileAreas = { logos: '', children: 'children', attachments: 'attachments' } as const;

/** A stored file's address: its area and its name. */
export type TStoredFileKey = { area: string; name: string };

export type TOpenedFile = { stream: Readable; size: number };
export type TListedFile = { name: string; size: number; sha256?: string };

/** The bytes of each chunk row of the database store. */
export const chunkBytes = 1024 * 1024;

/** A plain, visible file name: no path in it, not a hidden (temporary) one. */
const isPlainName = (name: string) =>
  name.length > 0 && name.length <= 255 && path.basename(name) === name && !name.startsWith('.');
/** An area: '' or directory names of lower-case letters, digits, `_` and `-`, joined by `/`. */
const isArea = (area: string) => /^([a-z0-9_-]+(\/[a-z0-9_-]+)*)?$/.test(area);
const checkKey = (area: string, name: string) => {
  if (!isArea(area) || !isPlainName(name)) throw new Error(`not a stored file: ${area}/${name}`);
};

/** Today's store: files under DATA_DIR/files/<area>, written to a hidden name then renamed. */
export const diskFileStore = (dataDir: string): TFileStore => {
  const directoryOf = (area: string) => path.join(filesDirectory(dataDir), area);
  const pathOf = (area: string, name: string) => {
    checkKey(area, name);
    return path.join(directoryOf(area), name);
  };
  return {
    kind: 'disk',
    workDirectory: directoryOf,
    put: async (area, name, from) => {
      const target = pathOf(area, name);
      await mkdir(directoryOf(area), { recursive: true });
      if (typeof from === 'string') {
        await rename(from, target);
        return;
      }
      const temporary = path.join(directoryOf(area), `.upload-${randomBytes(8).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, from, { flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    open: async (area, name) => {
      if (!isArea(area) || !isPlainName(name)) return undefined;
      const filePath = pathOf(area, name);
      const info = await stat(filePath).catch(() => null);
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(filePath), size: info.size };
    },
    remove: async (area, name) => {
      if (!isArea(area) || !isPlainName(name)) return;
      await rm(pathOf(area, name), { force: true });
    },
    exists: async (area, name) => {
      if (!isArea(area) || !isPlainName(name)) return false;
      return !!(await stat(pathOf(area, name)).catch(() => null))?.isFile();
    },
    list: async (area) => {
      const entries = await readdir(directoryOf(area), { withFileTypes: true }).catch(() => []);
      const files: TListedFile[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || !isPlainName(entry.name)) continue;
        files.push({ name: entry.name, size: (await stat(path.join(directoryOf(area), entry.name))).size });
      }
      return files.sort((a, b) => a.name.localeCompare(b.name));
    },
  };
};

/** Cuts a stream of buffers of any size into pieces of exactly `size` bytes (the last one shorter). */
async function* piecesOf(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  size: number,
): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const buffer of source) {
    let rest = buffer;
    while (heldBytes + rest.length >= size) {
      const take = size - heldBytes;
      yield Buffer.concat([...held, rest.subarray(0, take)]);
      rest = rest.subarray(take);
      held = [];
      heldBytes = 0;
    }
    if (rest.length > 0) {
      held.push(rest);
      heldBytes += rest.length;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held);
}

const keyOf = (table: typeof storedFiles | typeof storedFileChunks, area: string, name: string) =>
  and(eq(table.area, area), eq(table.name, name));

/**
 * The PostgreSQL store: a `stored_files` row and the bytes in `stored_file_chunks` of 1 MiB, written
 * in one transaction (a reader sees all of a file or none of it) and read one chunk per query, so
 * neither an upload nor a download holds a whole file in memory, nor a connection while the client
 * reads. Temporary files still go to DATA_DIR/files/<area> (the parser streams there; the checks
 * read them).
 */
export const databaseFileStore = (dataDir: string, db: TDb): TFileStore => {
  const workDirectory = (area: string) => path.join(filesDirectory(dataDir), area);
  return {
    kind: 'database',
    workDirectory,
    put: async (area, name, from) => {
      checkKey(area, name);
      const source: AsyncIterable<Buffer> | Iterable<Buffer> =
        typeof from === 'string' ? createReadStream(from, { highWaterMark: chunkBytes }) : [from];
      await db.transaction(async (tx) => {
        await tx.delete(storedFiles).where(keyOf(storedFiles, area, name));
        // The row first (the chunks reference it), its size and checksum once every chunk is in.
        await tx.insert(storedFiles).values({ area, name, size: 0, sha256: '' });
        const hash = createHash('sha256');
        let size = 0;
        let seq = 0;
        for await (const bytes of piecesOf(source, chunkBytes)) {
          hash.update(bytes);
          size += bytes.length;
          await tx.insert(storedFileChunks).values({ area, name, seq, bytes });
          seq += 1;
        }
        await tx
          .update(storedFiles)
          .set({ size, sha256: hash.digest('hex') })
          .where(keyOf(storedFiles, area, name));
      });
    },
    open: async (area, name) => {
      if (!isArea(area) || !isPlainName(name)) return undefined;
      const [file] = await db
        .select({ size: storedFiles.size })
        .from(storedFiles)
        .where(keyOf(storedFiles, area, name));
      if (!file) return undefined;
      const { size } = file;
      async function* chunks() {
        let sent = 0;
        for (let seq = 0; sent < size; seq += 1) {
          const [chunk] = await db
            .select({ bytes: storedFileChunks.bytes })
            .from(storedFileChunks)
            .where(and(keyOf(storedFileChunks, area, name), eq(storedFileChunks.seq, seq)));
          // Removed while it was being read: the download fails rather than ending short in silence.
          if (!chunk) throw new Error(`stored file ${area}/${name} was removed while read`);
          sent += chunk.bytes.length;
          yield chunk.bytes;
        }
      }
      return { stream: Readable.from(chunks(), { objectMode: false }), size };
    },
    remove: async (area, name) => {
      if (!isArea(area) || !isPlainName(name)) return;
      await db.delete(storedFiles).where(keyOf(storedFiles, area, name));
    },
    exists: async (area, name) => {
      if (!isArea(area) || !isPlainName(name)) return false;
      const rows = await db
        .select({ name: storedFiles.name })
        .from(storedFiles)
        .where(keyOf(storedFiles, area, name));
      return rows.length > 0;
    },
    list: async (area) =>
      db
        .select({ name: storedFiles.name, size: storedFiles.size, sha256: storedFiles.sha256 })
        .from(storedFiles)
        .where(eq(storedFiles.area, area))
        .orderBy(storedFiles.name),
  };
};

/** The database store on PostgreSQL, the disk otherwise (the embedded database: files as always). */
export const createFileStore = (dataDir: string, database: Pick<TDatabase, 'db' | 'driver'>) =>
  database.driver === 'postgres' ? databaseFileStore(dataDir, database.db) : diskFileStore(dataDir);

/** A stored file's whole bytes (an image to make a thumbnail of: small, and libvips wants it whole). */
export const readStoredFile = async (files: TFileStore, area: string, name: string) => {
  const opened = await files.open(area, name);
  if (!opened) return undefined;
  const buffers: Buffer[] = [];
  for await (const buffer of opened.stream) buffers.push(buffer as Buffer);
  return Buffer.concat(buffers);
};
