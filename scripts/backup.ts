/**
 * `npm run backup`: one backup archive in BACKUP_DIR (default DATA_DIR/backups; docs/operations.md),
 * listed in the database's `backups` table like the server's.
 *
 * - PostgreSQL (DATABASE_URL set): pg_dump of a consistent snapshot, whether servers run or not.
 * - The embedded database, stopped: opens DATA_DIR/db itself (under its lock) and archives it.
 * - The embedded database while the server runs on it (only one process may open it): asks that
 *   server (`POST /api/v1/admin/backups`) with a super user's credentials: BACKUP_USERNAME (default
 *   admin) and BACKUP_PASSWORD (or ADMIN_PASSWORD); the server's address from BACKUP_SERVER_URL, else
 *   http://HOST:PORT.
 *
 *   npm run backup
 *   BACKUP_PASSWORD=... npm run backup      # the server is running
 */
import path from 'node:path';
import { backupDirOf, makeBackup } from '../server/backups/backupStore';
import { ConfigError, loadConfig, type TConfig } from '../server/config';
import { migrationsFolder, openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/dataDirLock';
import type { TBackupSummary } from '../src/domain/backups';

const megabytes = (bytes = 0) => `${(bytes / 1_000_000).toFixed(1)} MB`;

const report = (config: TConfig, backup: TBackupSummary, seconds: number) => {
  console.log(
    `Backup made in ${seconds.toFixed(1)} s: ${path.join(backupDirOf(config), backup.name)} ` +
      `(${megabytes(backup.size)}, ${backup.rows} rows, ${backup.files} files).`,
  );
  console.log('Copy it off this machine (docs/operations.md).');
};

/** Through the running server: sign in as a super user and ask it to make one. */
const throughServer = async (config: TConfig) => {
  const base = (
    process.env.BACKUP_SERVER_URL ||
    `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`
  ).replace(/\/$/, '');
  const username = process.env.BACKUP_USERNAME || 'admin';
  const password = process.env.BACKUP_PASSWORD || process.env.ADMIN_PASSWORD;
  if (!password)
    throw new ConfigError(
      "The server is running on this DATA_DIR, so the backup is asked of it: set BACKUP_PASSWORD (and BACKUP_USERNAME when not admin) to a super user's credentials.",
    );
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', locale: 'en' },
    body: JSON.stringify({ username, password }),
  });
  const signedIn = (await signIn.json()) as { data?: { accessToken: string }; message?: string };
  if (!signIn.ok || !signedIn.data)
    throw new ConfigError(`Sign-in at ${base} failed: ${signedIn.message ?? signIn.status}`);
  const made = await fetch(`${base}/api/v1/admin/backups`, {
    method: 'POST',
    headers: { authorization: `Bearer ${signedIn.data.accessToken}`, locale: 'en' },
  });
  const answer = (await made.json()) as { data?: TBackupSummary; message?: string };
  if (!made.ok || !answer.data)
    throw new ConfigError(`The server did not make the backup: ${answer.message ?? made.status}`);
  return answer.data;
};

const main = async () => {
  const config = loadConfig();
  const started = performance.now();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.log(`The server (pid ${error.holder.pid}) has the database open: asking it for the backup.`);
    report(config, await throughServer(config), (performance.now() - started) / 1000);
    return;
  }
  try {
    const backup = await makeBackup({
      database,
      dataDir: config.dataDir,
      backupDir: backupDirOf(config),
      migrationsFolder,
      by: 'script',
    });
    report(config, backup, (performance.now() - started) / 1000);
  } finally {
    await database.close();
  }
};

main().catch((error) => {
  console.error(
    error instanceof ConfigError
      ? error.message
      : `The backup failed: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
