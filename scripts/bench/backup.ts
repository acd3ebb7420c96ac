/**
 * How long a backup and a restore take (issue 27, docs/operations.md): 10,000 demo children
 * (server/modules/children/demoChildren.ts, as `npm run seed:demo` makes them) each with documents
 * (random bytes, as incompressible as scanned PDFs and photos: BENCH_DOCUMENTS per child, default 2,
 * of BENCH_DOCUMENT_KB, default 100), then `POST /admin/backups` on the running app (and how long
 * the server does not answer meanwhile), then a restore into an empty target.
 *
 * Run: npm run bench:backup                    (embedded PGlite in a temporary DATA_DIR)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:backup
 *      BENCH_CHILDREN=1000 npm run bench:backup (smaller)
 *      BENCH_WRITERS=3 npm run bench:backup    (three writers creating children through the API
 *                                               meanwhile, issue 36)
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { backupDirOf } from '../../server/backups/backupStore';
import { restoreBackup } from '../../server/backups/restoreBackup';
import { attachments, childInfos, headOffices } from '../../server/db/schema';
import { createScratchDatabase } from '../../server/db/scratchDatabase';
import { childFilesDirectory } from '../../server/files/childFilesDirectory';
import { seedDemoData } from '../../server/modules/children/demoChildren';
import { benchAdminPassword, machineNote, openBenchApp } from './benchKit';

const children = Number(process.env.BENCH_CHILDREN ?? 10_000);
const documentsPerChild = Number(process.env.BENCH_DOCUMENTS ?? 2);
const documentBytes = Number(process.env.BENCH_DOCUMENT_KB ?? 100) * 1024;
const writers = Number(process.env.BENCH_WRITERS ?? 0);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const mb = (bytes: number) => (bytes / 1_000_000).toFixed(0);

const main = async () => {
  console.log(
    `Backup bench: ${children} children, ${documentsPerChild} documents of ${documentBytes / 1024} KB each; ${machineNote()}`,
  );
  const { app, postgres, close } = await openBenchApp();
  const work = await mkdtemp(path.join(os.tmpdir(), 'ab-bench-restore-'));
  try {
    let started = performance.now();
    await seedDemoData(app.db, { children, now: new Date() });
    const ids = (await app.db.select({ id: childInfos.id }).from(childInfos)).map((row) => row.id);
    const dir = childFilesDirectory(app.config.dataDir);
    await mkdir(dir, { recursive: true });
    let fileBytes = 0;
    for (let i = 0; i < ids.length; i += 500) {
      const rows = [];
      for (const id of ids.slice(i, i + 500)) {
        for (let d = 0; d < documentsPerChild; d += 1) {
          const storedName = `${randomBytes(16).toString('hex')}.pdf`;
          await writeFile(path.join(dir, storedName), randomBytes(documentBytes));
          fileBytes += documentBytes;
          rows.push({
            entity: 'child_infos',
            entityId: id,
            storedName,
            originalName: `document-${d + 1}.pdf`,
            mimeType: 'application/pdf',
            size: documentBytes,
          });
        }
      }
      if (rows.length > 0) await app.db.insert(attachments).values(rows);
    }
    if (!postgres) await app.db.execute(sql.raw('checkpoint'));
    console.log(
      `Seeded in ${seconds(started)} s: ${ids.length} children, ${ids.length * documentsPerChild} documents (${mb(fileBytes)} MB).`,
    );

    // The backup through the API, with a probe asking the server something every 100 ms meanwhile.
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      payload: { username: 'admin', password: benchAdminPassword },
    });
    const headers = { authorization: `Bearer ${signIn.json().data.accessToken}` };
    let probing = true;
    let longestWait = 0;
    const probe = (async () => {
      while (probing) {
        const asked = performance.now();
        await app.inject({ method: 'GET', url: '/api/v1/child-infos?page=1&take=10', headers });
        longestWait = Math.max(longestWait, performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    // Writers creating children through the API meanwhile, each one after the other.
    const [office] = await app.db.select({ id: headOffices.id }).from(headOffices).limit(1);
    let writing = true;
    let written = 0;
    const writerRuns = Array.from({ length: writers }, async (_, w) => {
      // A day of birth of its own per child (the duplicate check refuses alike ones), within 17 years.
      for (let n = 0; writing && n < 2000; n += 1) {
        const born = new Date(Date.UTC(2026, 0, 1) - (n * writers + w) * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const created = await app.inject({
          method: 'POST',
          url: '/api/v1/child-infos',
          headers,
          payload: {
            familyNameKh: 'សុខ',
            givenNameKh: 'ចន្ទា',
            familyNameEn: 'Writer',
            givenNameEn: `W${w} N${n}`,
            sex: n % 2 ? 'female' : 'male',
            dateOfBirth: born,
            dateOfBirthEstimated: false,
            headOfficeId: office.id,
            disabilityIds: [],
          },
        });
        if (created.statusCode !== 201) throw new Error(`A writer's child was refused: ${created.body}`);
        written += 1;
      }
    });
    started = performance.now();
    const made = await app.inject({ method: 'POST', url: '/api/v1/admin/backups', headers });
    const backupSeconds = seconds(started);
    probing = false;
    writing = false;
    await probe;
    await Promise.all(writerRuns);
    if (writers > 0) console.log(`${writers} writers created ${written} children meanwhile.`);
    if (made.statusCode !== 201) throw new Error(`The backup failed: ${made.body}`);
    const backup = made.json().data as { name: string; size: number };
    console.log(
      `Backup: ${backupSeconds} s, archive ${mb(backup.size)} MB; the longest a list request waited meanwhile: ${(longestWait / 1000).toFixed(1)} s.`,
    );
    const archive = path.join(backupDirOf(app.config), backup.name);

    // The restore into an empty target of the same kind.
    const scratch =
      postgres && process.env.DATABASE_URL
        ? await createScratchDatabase(process.env.DATABASE_URL, 'ab_bench_restore')
        : undefined;
    try {
      started = performance.now();
      const restored = await restoreBackup(archive, {
        dataDir: path.join(work, 'data'),
        databaseUrl: scratch?.databaseUrl,
      });
      console.log(
        `Restore: ${seconds(started)} s (${restored.tables.child_infos} children, ${restored.tables.attachments} documents).`,
      );
    } finally {
      await scratch?.drop();
    }
    console.log(`Done; ${machineNote()}`);
  } finally {
    await close();
    await rm(work, { recursive: true, force: true });
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
