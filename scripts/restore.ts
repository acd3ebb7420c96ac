/**
 * `npm run restore -- <archive>`: a backup into an empty DATA_DIR (the embedded database) or, with
 * DATABASE_URL, an empty PostgreSQL database (docs/operations.md). Refuses a target that holds a
 * database or stored files, a damaged archive (every checksum is read before anything is written)
 * and an archive of a newer version; runs the migrations an older backup needs; prints the counts.
 */
import path from 'node:path';
import { RestoreRefusedError, restoreBackup } from '../server/backups/restoreBackup';
import { ConfigError, loadConfig } from '../server/config';
import { DataDirLockedError } from '../server/db/dataDirLock';

const main = async () => {
  const archive = process.argv[2];
  if (!archive) throw new ConfigError('Usage: npm run restore -- <archive.tar.gz>');
  const config = loadConfig();
  const started = performance.now();
  const target = config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.dataDir;
  console.log(`Restoring ${archive} into ${target}...`);
  const result = await restoreBackup(path.resolve(archive), config, (line) => console.log(line));
  console.log(
    `Restored in ${((performance.now() - started) / 1000).toFixed(1)} s, rows per table as in the manifest:`,
  );
  const width = Math.max(...Object.keys(result.tables).map((name) => name.length));
  for (const [table, count] of Object.entries(result.tables))
    console.log(`  ${table.padEnd(width)}  ${count}`);
  const files = result.manifest.entries.filter((entry) => entry.path.startsWith('files/')).length;
  console.log(`  ${'(stored files)'.padEnd(width)}  ${files}`);
  if (result.migrated) console.log('The migrations this version adds were run.');
};

main().catch((error) => {
  const known =
    error instanceof RestoreRefusedError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError;
  console.error(
    known
      ? `Refused: ${error.message}`
      : `The restore failed: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
});
