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
  modules: readonly { demoSeed?: TDemoSeeder }[],
  run: TDemoRun,
): Promise<string[]> => {
  const lines: string[] = [];
  for (const module of modules) if (module.demoSeed) lines.push(...(await module.demoSeed(db, run)));
  return lines;
};
