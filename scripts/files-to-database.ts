/**
 * Moves the files of a server that kept them on disk into PostgreSQL (issue 36): with DATABASE_URL
 * set, the server keeps every document, photo, thumbnail, attachment and logo in the database
 * (server/files/fileStore.ts), so files written under DATA_DIR/files before go in with this. Copies
 * each (skipping those already there with the same SHA-256), then reads each back and checks the
 * count and every SHA-256 against the disk; exits 1 on any mismatch. Idempotent; the disk files are
 * left in place. Safe while the servers run (a file is written in one transaction).
 *
 *   DATABASE_URL=postgres://… DATA_DIR=… npm run files:to-database
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { databaseFileStore } from '../server/files/fileStore';
import { filesDirectory } from '../server/files/filesDirectory';
import { moveFilesToDatabase } from '../server/files/filesToDatabase';

const main = async () => {
  const config = loadConfig();
  if (!config.databaseUrl || config.databaseUrl === 'memory://') {
    console.error('DATABASE_URL is not set: with the embedded database files stay on disk.');
    return 2;
  }
  const database = await openDatabase(config);
  try {
    await database.prepare();
    const started = performance.now();
    const move = await moveFilesToDatabase(
      config.dataDir,
      databaseFileStore(config.dataDir, database.db),
      console.log,
    );
    console.log(`From ${filesDirectory(config.dataDir)}:`);
    console.log('| area | on disk | copied | already there | checked | mismatched |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const area of move.areas) {
      console.log(
        `| ${area.area || '(logos)'} | ${area.onDisk} | ${area.copied} | ${area.skipped} | ${area.verified} | ${area.mismatched.length} |`,
      );
      for (const name of area.mismatched) console.error(`  mismatch: ${area.area}/${name}`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!move.ok) {
      console.error(`Not every file is in the database as on disk (${seconds} s): run it again.`);
      return 1;
    }
    const total = move.areas.reduce((sum, area) => sum + area.onDisk, 0);
    console.log(
      `All ${total} files are in the database, each checked by size and SHA-256 (${seconds} s). ` +
        `The files on disk were left in place: they may be removed (${filesDirectory(config.dataDir)}).`,
    );
    return 0;
  } finally {
    await database.close();
  }
};

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
