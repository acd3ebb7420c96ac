/**
 * Derives the reports' and the dashboard's kept counts again from the records (issue 37, migration
 * 0036): after a bulk load that skipped their triggers (`set adoption.reports_kept = off`, or the
 * triggers disabled). One transaction: readers see the old counts or the new ones. On the database of
 * `npm start` (same DATA_DIR or DATABASE_URL); stop the server first when it runs on the embedded
 * database.
 *
 *   npm run reports:rebuild
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { rebuildReportSummaries } from '../server/modules/reports/reportSummaries';

const main = async () => {
  const database = await openDatabase(loadConfig());
  try {
    await database.prepare(async (db) => {
      const started = performance.now();
      await db.transaction(async (tx) => rebuildReportSummaries(tx));
      console.log(`report summaries rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    });
  } finally {
    await database.close();
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
