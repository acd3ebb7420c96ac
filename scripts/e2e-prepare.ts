/**
 * Prepares the database the browser tests run against (same DATA_DIR or DATABASE_URL and
 * ADMIN_PASSWORD as the `npm run serve` that follows): migrates, seeds, and adds the fixtures.
 * Idempotent. Run: node_modules/.bin/tsx scripts/e2e-prepare.ts
 */

import { and, eq, gte, inArray, ne } from 'drizzle-orm';
import { hashPassword } from '../server/auth/password';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/dataDirLock';
import { defaultDemoPassword, demoUsers, seedDemoUsers } from '../server/db/demo/demoUsers';
import { ensureRole, upsertUser } from '../server/db/fixtures';
import { childInfos, headOffices, parentInfos } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { seedDemoData } from '../server/modules/children/demoChildren';
import {
  pastAdoptionNote,
  seedDemoMatchings,
  seedPastAdoption,
} from '../server/modules/matchings/demoMatchings';
import { seedDemoApplications } from '../server/modules/parents/demoParents';
import { isoDateIn } from '../src/domain/programmeTime';

const readerPassword = process.env.E2E_READER_PASSWORD || 'reader-pass-123';

const main = async () => {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await database.prepare(async (db) => {
      const { adminCreated } = await seed(db, { adminPassword: config.adminPassword });
      if (adminCreated?.generated) {
        console.log(`Admin user "admin" created with password: ${adminCreated.password}`);
      }
      // A user who may read children and nothing else: sees one sidebar entry, 403 elsewhere.
      const roleId = await ensureRole(db, 'Child reader', ['adoptive_children:read']);
      await upsertUser(db, {
        username: 'reader',
        name: 'Sok Dara',
        passwordHash: await hashPassword(readerPassword),
        roleId,
      });
      // The demo users and children (as `npm run seed:demo` makes them; fewer, to start quickly).
      const userIds = await seedDemoUsers(db, { passwordHash: await hashPassword(defaultDemoPassword) });
      await seedDemoData(db, {
        children: 120,
        now: new Date(),
        actorId: userIds.get('demo.caseworker') ?? null,
      });
      await seedDemoApplications(db, {
        applications: 60,
        now: new Date(),
        actorId: userIds.get('demo.caseworker') ?? null,
      });
      // The matching tests propose as demo.caseworker: families of that office free to be matched.
      const office = demoUsers.find((user) => user.username === 'demo.caseworker')?.headOfficeCode;
      const [own] = await db
        .select({ id: headOffices.id })
        .from(headOffices)
        .where(eq(headOffices.code, office ?? ''));
      // A handful of matchings, so the board opens with cards in several stages; none awaits a
      // decision or is overdue (the supervisor's work queue keeps only the tests' own and the
      // overdue visit below), and the caseworker's office keeps its children and families for the
      // tests to propose.
      await seedDemoMatchings(db, {
        now: new Date(),
        caseworkerId: userIds.get('demo.caseworker') ?? null,
        supervisorId: userIds.get('demo.supervisor') ?? null,
        paths: 'few',
        spareOfficeId: own?.id ?? null,
      });
      // One adoption of the caseworker's office completed 100 days ago (the API cannot date its
      // steps in the past): its first home visit, planned at 3 months, is overdue, on the work
      // queues of the caseworker (its officer) and of the supervisors. It takes one child of that
      // office and a family of another, before the families below are moved there.
      const past = await seedPastAdoption(db, {
        now: new Date(),
        caseworkerId: userIds.get('demo.caseworker') ?? null,
        supervisorId: userIds.get('demo.supervisor') ?? null,
        completedDaysAgo: 100,
        note: pastAdoptionNote,
      });
      if (!past.matching) throw new Error('No child or family for the adoption completed 100 days ago.');
      const free = await db
        .select({ id: parentInfos.id })
        .from(parentInfos)
        .where(and(eq(parentInfos.status, 'accepted'), gte(parentInfos.approvedUntil, isoDateIn(new Date()))))
        .orderBy(parentInfos.id)
        .limit(10);
      if (own && free.length > 0)
        await db
          .update(parentInfos)
          .set({ headOfficeId: own.id })
          .where(
            inArray(
              parentInfos.id,
              free.map((row) => row.id),
            ),
          );
      // Every matching test proposes as demo.caseworker with an adoptable child of that office, and
      // a retried test proposes again: the office gets adoptable children enough not to run out.
      if (own) {
        const adoptable = await db
          .select({ id: childInfos.id })
          .from(childInfos)
          .where(and(eq(childInfos.status, 'adoptable'), ne(childInfos.headOfficeId, own.id)))
          .orderBy(childInfos.id)
          .limit(8);
        if (adoptable.length > 0)
          await db
            .update(childInfos)
            .set({ headOfficeId: own.id })
            .where(
              inArray(
                childInfos.id,
                adoptable.map((row) => row.id),
              ),
            );
      }
    });
    console.log(
      `E2E fixtures ready (${database.driver}): role "Child reader", user "reader", demo users, 120 demo children, 60 demo applications, a handful of matchings, an adoption completed 100 days ago.`,
    );
  } finally {
    await database.close();
  }
};

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
