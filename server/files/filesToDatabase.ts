import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { TFileStore } from './fileStore';
import { filesDirectory } from './filesDirectory';

/** One area's outcome: files on disk, copied now, already there with the same checksum, checked. */
export type TAreaMove = {
  area: string;
  onDisk: number;
  copied: number;
  skipped: number;
  verified: number;
  /** Files whose copy is missing or differs (size or SHA-256) after the copy. */
  mismatched: string[];
};
export type TFilesMove = { areas: TAreaMove[]; ok: boolean };

const sha256Of = async (stream: Readable) => {
  const hash = createHash('sha256');
  let size = 0;
  for await (const buffer of stream) {
    hash.update(buffer as Buffer);
    size += (buffer as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
};

/**
 * The files under DATA_DIR/files by area (the directory relative to it, '' for the files at its
 * root, logos): every visible file, never a temporary (hidden) one.
 */
const filesOnDisk = async (dataDir: string) => {
  const root = filesDirectory(dataDir);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const byArea = new Map<string, string[]>();
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const area = path.relative(root, entry.parentPath).split(path.sep).join('/');
    byArea.set(area, [...(byArea.get(area) ?? []), entry.name]);
  }
  return [...byArea.entries()]
    .map(([area, names]) => ({ area, names: names.sort() }))
    .sort((a, b) => a.area.localeCompare(b.area));
};

/**
 * `npm run files:to-database` (issue 36): copies every file under DATA_DIR/files into the database
 * store, skipping those it already holds with the same SHA-256, then reads each back from the
 * database and checks its size and SHA-256 against the disk. Idempotent; the disk files stay.
 */
export const moveFilesToDatabase = async (
  dataDir: string,
  store: TFileStore,
  onProgress: (line: string) => void = () => {},
): Promise<TFilesMove> => {
  if (store.kind !== 'database') throw new Error('the file store is not the database (DATABASE_URL unset)');
  const areas: TAreaMove[] = [];
  for (const { area, names } of await filesOnDisk(dataDir)) {
    const directory = path.join(filesDirectory(dataDir), area);
    const kept = new Map((await store.list(area)).map((file) => [file.name, file.sha256]));
    const move: TAreaMove = {
      area,
      onDisk: names.length,
      copied: 0,
      skipped: 0,
      verified: 0,
      mismatched: [],
    };
    const expected = new Map<string, { sha256: string; size: number }>();
    for (const name of names) {
      const filePath = path.join(directory, name);
      const disk = await sha256Of(createReadStream(filePath));
      expected.set(name, disk);
      if (kept.get(name) === disk.sha256) {
        move.skipped += 1;
        continue;
      }
      try {
        await store.put(area, name, filePath);
      } catch (error) {
        move.mismatched.push(`${name} (${(error as Error).message})`);
        expected.delete(name);
        continue;
      }
      move.copied += 1;
      if (move.copied % 500 === 0) onProgress(`  ${area || '(root)'}: ${move.copied} copied`);
    }
    // Read back from the database, not its recorded checksum: what a download would send.
    for (const [name, disk] of expected) {
      const opened = await store.open(area, name);
      const stored = opened ? await sha256Of(opened.stream).catch(() => undefined) : undefined;
      if (stored && stored.sha256 === disk.sha256 && stored.size === disk.size) move.verified += 1;
      else move.mismatched.push(name);
    }
    areas.push(move);
  }
  return { areas, ok: areas.every((move) => move.mismatched.length === 0 && move.verified === move.onDisk) };
};
