/**
 * Finds the possible duplicate pairs of every child and application again (issue 35, the review
 * lists `GET /child-infos/duplicates` and `/parent-infos/duplicates`): for records written without
 * the API's create or edit (a database older than migration 0029, a bulk load). Dismissed pairs stay
 * dismissed. On the database of `npm start` (same DATA_DIR or DATABASE_URL); stop the server first
 * when it runs on the embedded database.
 *
 *   npm run duplicates:rebuild
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { registerDuplicateBinding } from '../server/duplicates/findDuplicates';
import { openPairCount, rebuildDuplicatePairs } from '../server/duplicates/pairs';
import { serverModules } from '../server/modules';

const main = async () => {
  const database = await openDatabase(loadConfig());
  try {
    await database.prepare(async (db) => {
      for (const binding of serverModules.flatMap((module) => module.duplicates ?? [])) {
        registerDuplicateBinding(binding);
        const started = performance.now();
        const records = await rebuildDuplicatePairs(db, binding.kind, {
          onProgress: (done) => {
            if (done % 10_000 === 0) console.log(`  ${binding.kind}: ${done} records read`);
          },
        });
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `${binding.kind}: ${records} records read in ${seconds} s, ${await openPairCount(db, binding.kind)} pairs to review`,
        );
      }
    });
  } finally {
    await database.close();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
