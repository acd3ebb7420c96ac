/**
 * Benchmark of the bulk import (issue 25) through the real HTTP server: a workbook of 10,000
 * children (names, sex, dates as Excel dates and as text, a village by code, a keeping reason by
 * name, disabilities by code, the office by code) is checked (`POST /upload/children/dry-run`) and
 * committed (`POST /upload/children/commit`). Each run imports other names on the same days, which
 * the dry run's plan calls possible duplicates of the run before (issue 35): the commit names them
 * in `createAnyway`, so each commit creates 10,000 records. Prints p50 and max per step (wall time, and the CPU time of this process: the
 * server and the client in one, steadier than wall time on a shared machine), the process's peak
 * memory, and the load average.
 * Run: npm run bench:import   (embedded PGlite in a temporary directory; BENCH_RUNS=3 by default)
 *      DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:import
 */
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { headOffices, importRuns, provinces, referenceItems, villages } from '../../server/db/schema';
import { listenAsAdmin, machineNote, openBenchApp, percentile, runBench } from './benchKit';

const rowsPerWorkbook = Number(process.env.BENCH_ROWS ?? 10_000);
const runs = Number(process.env.BENCH_RUNS ?? 3);

const isoYearsAgo = (years: number, day: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - day);
  return date.toISOString().slice(0, 10);
};

const main = async () => {
  const { app, close } = await openBenchApp();
  try {
    const { base, accessToken } = await listenAsAdmin(app);
    const [province] = await app.db.select().from(provinces).orderBy(provinces.code).limit(1);
    await app.db.insert(headOffices).values({
      code: 'HO-BENCH',
      name: { kh: 'ការិយាល័យ', en: 'Bench office' },
      class: 'national',
      provinceId: province.id,
    });
    const places = await app.db.select({ code: villages.code }).from(villages).limit(500);
    const items = await app.db.select().from(referenceItems);
    const reasons = items.filter((item) => item.list === 'keeping_reasons');
    const disabilities = items.filter((item) => item.list === 'child_disabilities');

    const workbookOf = async (run: number) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Children');
      sheet.addRow([
        'Sex',
        'Family name (Latin)',
        'Given name (Latin)',
        'នាមត្រកូល (ខ្មែរ)',
        'Date of birth',
        'Head office',
        'Village',
        'Keeping reason',
        'Disabilities',
        'Admitted to care on',
        'Notes',
      ]);
      for (let index = 0; index < rowsPerWorkbook; index += 1) {
        const born = isoYearsAgo(1 + (index % 16), index % 300);
        sheet.addRow([
          index % 2 ? 'male' : 'Female',
          `Bench${run}`,
          `Child ${index}`,
          'សុខ',
          index % 3 ? new Date(`${born}T00:00:00Z`) : born.split('-').reverse().join('-'),
          'HO-BENCH',
          places.length > 0 ? places[index % places.length].code : null,
          reasons.length > 0 ? reasons[index % reasons.length].name.en : null,
          disabilities.length > 0 && index % 7 === 0 ? disabilities[index % disabilities.length].code : null,
          index % 5 ? null : isoYearsAgo(0, 10 + (index % 50)),
          index % 11 ? null : 'Imported for the benchmark',
        ]);
      }
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };

    const checks: number[] = [];
    const commits: number[] = [];
    const checkCpu: number[] = [];
    const commitCpu: number[] = [];
    /** CPU ms (user and system) of this process since `start`. */
    const cpuSince = (start: NodeJS.CpuUsage) => {
      const { user, system } = process.cpuUsage(start);
      return (user + system) / 1000;
    };
    let bytes = 0;
    /** The dry run as kept in `import_runs` (issue 36): gzipped, and its JSON unpacked. */
    let kept = { gzipped: 0, json: 0 };
    let peakRss = 0;
    /** Once the app is up and the first workbook made: what the import adds is the peak above it. */
    let startRss = 0;
    const watch = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 100);
    for (let run = 0; run < runs; run += 1) {
      const workbook = await workbookOf(run);
      if (run === 0) startRss = process.memoryUsage().rss;
      bytes = workbook.length;
      const form = new FormData();
      form.append('file', new Blob([workbook]), 'children.xlsx');
      const checkCpuStart = process.cpuUsage();
      const checkStart = performance.now();
      const checked = await fetch(`${base}/upload/children/dry-run`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, locale: 'en' },
        body: form,
      });
      const checkBody = (await checked.json()) as {
        data: {
          token: string;
          rows: number;
          valid: number;
          errors: unknown[];
          plan: { row: number; action: string }[];
        };
      };
      checks.push(performance.now() - checkStart);
      checkCpu.push(cpuSince(checkCpuStart));
      if (checked.status !== 200 || checkBody.data.valid !== rowsPerWorkbook)
        throw new Error(`dry run answered ${checked.status}: ${JSON.stringify(checkBody).slice(0, 500)}`);
      const [stored] = await app.db
        .select({ checked: importRuns.checked })
        .from(importRuns)
        .where(eq(importRuns.token, checkBody.data.token));
      kept = { gzipped: stored.checked.length, json: gunzipSync(stored.checked).length };
      const duplicates = checkBody.data.plan
        .filter((entry) => entry.action === 'duplicate')
        .map((entry) => entry.row);
      console.log(`run ${run + 1}: ${duplicates.length} rows planned as possible duplicates`);
      const commitCpuStart = process.cpuUsage();
      const commitStart = performance.now();
      const committed = await fetch(`${base}/upload/children/commit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, locale: 'en', 'content-type': 'application/json' },
        // The runs after the first repeat its names on the same days: the plan calls them possible
        // duplicates (issue 35); they are created all the same, the import's heaviest commit.
        body: JSON.stringify({
          token: checkBody.data.token,
          ...(duplicates.length > 0
            ? { createAnyway: duplicates, reason: 'Benchmark: other children.' }
            : {}),
        }),
      });
      const commitBody = (await committed.json()) as { data: { created: string[] } };
      commits.push(performance.now() - commitStart);
      commitCpu.push(cpuSince(commitCpuStart));
      if (committed.status !== 200 || commitBody.data.created.length !== rowsPerWorkbook)
        throw new Error(`commit answered ${committed.status}: ${JSON.stringify(commitBody).slice(0, 500)}`);
      console.log(
        `run ${run + 1}: checked in ${(checks[run] / 1000).toFixed(1)} s (CPU ${(checkCpu[run] / 1000).toFixed(1)} s), ` +
          `committed in ${(commits[run] / 1000).toFixed(1)} s (CPU ${(commitCpu[run] / 1000).toFixed(1)} s)`,
      );
    }
    clearInterval(watch);
    const seconds = (times: number[]) => {
      const sorted = [...times].sort((a, b) => a - b);
      return `${(percentile(sorted, 50) / 1000).toFixed(1)} | ${(sorted[sorted.length - 1] / 1000).toFixed(1)}`;
    };
    console.log(
      `\nBulk import of ${rowsPerWorkbook} children (${(bytes / 1024 / 1024).toFixed(2)} MB workbook), ${runs} runs; ${machineNote()}`,
    );
    console.log('| step | p50 s | max s | CPU p50 s | CPU max s |\n| --- | --- | --- | --- | --- |');
    console.log(`| dry run (check) | ${seconds(checks)} | ${seconds(checkCpu)} |`);
    console.log(`| commit | ${seconds(commits)} | ${seconds(commitCpu)} |`);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(
      `dry run kept in import_runs: ${(kept.gzipped / 1024 / 1024).toFixed(2)} MB gzipped (${(kept.json / 1024 / 1024).toFixed(1)} MB of JSON)`,
    );
    console.log(`peak RSS ${mb(peakRss)} MB (${mb(startRss)} MB before the first dry run)`);
  } finally {
    await close();
  }
};

runBench(main);
