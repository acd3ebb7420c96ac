/**
 * Demo data (`npm run seed:demo`): on the database of `npm start` (same DATA_DIR or DATABASE_URL),
 * migrates and seeds as a start does, then adds demo users and demo children (server/db/demoData.ts).
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
import {
  defaultDemoChildren,
  defaultDemoPassword,
  demoUsers,
  seedDemoData,
  seedDemoUsers,
  type TDemoResult,
} from '../server/db/demoData';
import { seedDemoMatchings, seedDemoServices } from '../server/db/demoMatchings';
import { seedDemoApplications } from '../server/db/demoParents';
import { seed } from '../server/db/seed';
import { framedNotice } from '../server/startNotice';
import { childStatuses } from '../src/domain/childStatus';

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
  let result: TDemoResult | undefined;
  let childrenSeconds = 0;
  let applications: Awaited<ReturnType<typeof seedDemoApplications>> | undefined;
  let matchings: Awaited<ReturnType<typeof seedDemoMatchings>> | undefined;
  let services: Awaited<ReturnType<typeof seedDemoServices>> | undefined;
  // A generated admin password is printed last, framed, as `npm start` does (issue 22).
  let adminNotice: string | undefined;
  try {
    await database.prepare(async (db) => {
      const { adminCreated } = await seed(db, { adminPassword: config.adminPassword });
      if (adminCreated?.generated)
        adminNotice = `Admin user "admin" created with password: ${adminCreated.password}  (shown only this once; keep it safe)`;
      const userIds = await seedDemoUsers(db, { passwordHash: await hashPassword(password) });
      const childrenStarted = performance.now();
      result = await seedDemoData(db, {
        children,
        now: new Date(),
        actorId: userIds.get('demo.caseworker') ?? null,
      });
      childrenSeconds = (performance.now() - childrenStarted) / 1000;
      applications = await seedDemoApplications(db, {
        now: new Date(),
        actorId: userIds.get('demo.caseworker') ?? null,
      });
      matchings = await seedDemoMatchings(db, {
        now: new Date(),
        caseworkerId: userIds.get('demo.caseworker') ?? null,
        supervisorId: userIds.get('demo.supervisor') ?? null,
      });
      // Completing a matching planned its follow-ups; older demo adoptions get theirs here.
      services = await seedDemoServices(db, { supervisorId: userIds.get('demo.supervisor') ?? null });
    });
  } finally {
    await database.close();
    if (adminNotice && !result) console.log(`\n${framedNotice([adminNotice])}\n`);
  }
  if (!result) return;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { byStatus } = result;
  const statuses = childStatuses
    .filter((status) => byStatus[status])
    .map((status) => `${status} ${byStatus[status]}`)
    .join(', ');
  console.log(`Demo data ready (${database.driver}, ${seconds} s):`);
  console.log(
    `  children: ${result.inserted} added in ${childrenSeconds.toFixed(1)} s${statuses ? ` (${statuses}; ${result.reAdopted} of the registered back after a re-adoption)` : ''}, ${result.existing} already there`,
  );
  console.log(`  status history rows: ${result.historyRows}, disabilities: ${result.disabilityRows}`);
  if (applications) {
    const counts = Object.entries(applications.byStatus)
      .map(([status, count]) => `${status} ${count}`)
      .join(', ');
    console.log(
      `  parent applications: ${applications.inserted} added${counts ? ` (${counts})` : ''}, ${applications.existing} already there`,
    );
  }
  if (matchings)
    console.log(
      matchings.existing
        ? '  matchings: the demo matchings are already there'
        : `  matchings: ${matchings.inserted} added, in every stage and every rejection, some overdue`,
    );
  if (services)
    console.log(
      `  services after adoption: ${services.byStatus.map(({ status, count }) => `${status} ${count}`).join(', ') || 'none'} (some due soon, some overdue, a concern)${services.inserted ? `; ${services.inserted} planned now for older adoptions` : ''}`,
    );
  console.log(`  users (password "${password}"):`);
  for (const user of demoUsers) console.log(`    ${user.username.padEnd(16)} ${user.roleName}`);
  if (adminNotice) console.log(`\n${framedNotice([adminNotice])}\n`);
};

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
