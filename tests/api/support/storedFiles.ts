import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TApp } from '../../../server/app';
import { rowsOf } from '../../../server/db/rowsOf';
import { filesDirectory } from '../../../server/files/filesDirectory';

/**
 * What an area holds, as the tests compare it before and after an upload: every entry of its
 * directory under DATA_DIR/files (temporary files included), and with the database store (on
 * PostgreSQL, issue 36) every file it keeps there too. Sorted.
 */
export const storedNames = async (app: TApp, area: string) => {
  const onDisk = await readdir(app.files.workDirectory(area)).catch(() => [] as string[]);
  const kept = app.files.kind === 'database' ? (await app.files.list(area)).map((file) => file.name) : [];
  return [...new Set([...onDisk, ...kept])].sort();
};

/**
 * Every entry under DATA_DIR/files, recursively (`children/…`, temporary files included), and with
 * the database store every file it keeps, named as on disk (`area/name`). Sorted.
 */
export const allStoredNames = async (app: TApp) => {
  const onDisk = await readdir(filesDirectory(app.config.dataDir), { recursive: true }).catch(
    () => [] as string[],
  );
  const kept =
    app.files.kind === 'database'
      ? (await rowsOf<{ area: string; name: string }>(app.db, sql`select area, name from stored_files`)).map(
          (file) => path.join(file.area, file.name),
        )
      : [];
  return [...new Set([...onDisk, ...kept])].sort();
};
