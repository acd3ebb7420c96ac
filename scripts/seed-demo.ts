/**
 * Demo data (`npm run seed:demo`): on the database of `npm start` (same DATA_DIR or DATABASE_URL),
 * migrates and seeds as a start does, then adds the demo users (server/db/demo/demoUsers.ts) and each
 * module's demo data (its `demoSeed`, in server/modules/index.ts order: children, applications,
 * matchings and their services).
 * Idempotent: a second run adds nothing. Never part of a normal start.
 *
 *   npm run seed:demo                      # 300 children
 *   npm run seed:demo -- --children 1000   # more (children 1..300 stay as they are)
 *
 * DEMO_PASSWORD chooses the demo users' password (default demo-pass-123). Stop the server first
 * when it runs on the embedded database: one process at a time may open DATA_DIR/db, and while the
 * server runs this refuses at once (naming the server's process) without changing anything.
 */
import { hashPassword } from '../server/auth/password';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/dataDirLock';
import { seedDemo } from '../server/db/demo/demoSeed';
import { defaultDemoPassword, demoUsers, seedDemoUsers } from '../server/db/demo/demoUsers';
import { seed } from '../server/db/seed';
import { serverModules } from '../server/modules';
import { defaultDemoChildren } from '../server/modules/children/demoChildren';
import { framedNotice } from '../server/startNotice';

const childrenArgument = () => {
  const index = process.argv.indexOf('--children');
  if (index === -1) return defaultDemoChildren;
  const value = Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 100_000) {
    throw new ConfigError('--children must be a whole number from 1 to 100000.');
  }
  return value;
};

const main = async () => {
  const config = loadConfig();
  const children = childrenArgument();
  const password = process.env.DEMO_PASSWORD || defaultDemoPassword;
  const started = performance.now();
  const database = await openDatabase(config);
  let lines: string[] | undefined;
  // A generated admin password is printed last, framed, as `npm start` does (issue 22).
  let adminNotice: string | undefined;
  try {
    await database.prepare(async (db) => {
      const { adminCreated } = await seed(db, { adminPassword: config.adminPassword });
      if (adminCreated?.generated)
        adminNotice = `Admin user "admin" created with password: ${adminCreated.password}  (shown only this once; keep it safe)`;
      const userIds = await seedDemoUsers(db, { passwordHash: await hashPassword(password) });
      lines = await seedDemo(db, serverModules, { now: new Date(), userIds, children });
    });
  } finally {
    await database.close();
    if (adminNotice && !lines) console.log(`\n${framedNotice([adminNotice])}\n`);
  }
  if (!lines) return;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Demo data ready (${database.driver}, ${seconds} s):`);
  for (const line of lines) console.log(`  ${line}`);
  console.log(`  users (password "${password}"):`);
  for (const user of demoUsers) console.log(`    ${user.username.padEnd(16)} ${user.roleName}`);
  if (adminNotice) console.log(`\n${framedNotice([adminNotice])}\n`);
};

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
