import type { TDuplicateBinding } from '../../duplicates/binding';
import { registerDuplicateBinding } from '../../duplicates/findDuplicates';
import { openPairCount, rebuildDuplicatePairs } from '../../duplicates/pairs';
import type { TDb } from '../client';

/** What one run of the demo (`npm run seed:demo`) gives every module's demo seeder. */
export type TDemoRun = {
  now: Date;
  /** The demo users' ids by username (demoUsers.ts), seeded before any module's data. */
  userIds: ReadonlyMap<string, number>;
  /** `--children`: how many demo children (the children module's default otherwise). */
  children?: number;
};

/**
 * A module's demo data (`TServerModule.demoSeed`): adds what is missing, never twice, and answers
 * the lines the script prints about it.
 */
export type TDemoSeeder = (db: TDb, run: TDemoRun) => Promise<readonly string[]>;

/**
 * Runs the modules' demo seeders in the modules' order (server/modules/index.ts: children before
 * the applications, both before the matchings that match them). The modules come in as an argument:
 * the database layer imports no module.
 */
export const seedDemo = async (
  db: TDb,
  modules: readonly { demoSeed?: TDemoSeeder; duplicates?: readonly TDuplicateBinding[] }[],
  run: TDemoRun,
): Promise<string[]> => {
  const lines: string[] = [];
  for (const module of modules) if (module.demoSeed) lines.push(...(await module.demoSeed(db, run)));
  // The demo's records were written without the API: their duplicate pairs (issue 35) are found now,
  // so the review list shows what a real office's would.
  for (const binding of modules.flatMap((module) => module.duplicates ?? [])) {
    registerDuplicateBinding(binding);
    await rebuildDuplicatePairs(db, binding.kind);
    lines.push(
      `possible duplicates (${binding.kind}): ${await openPairCount(db, binding.kind)} pairs to review`,
    );
  }
  return lines;
};
