/**
 * The embedded database under report loops (issue 37): on PGlite (its one connection serves every
 * request), times `GET /child-infos/{id}` alone, then while five loops call `GET /reports/children`
 * and `GET /reports/parents` one after the other without pause, and prints both p95 and their ratio
 * (the issue's goal: under the loops at most 3× alone), with the requests a second each side made.
 * The loops run twice on the same data: the connection's scheduler first come, first served (as
 * PGlite alone, the 'before'), then with requests' statements first (server/db/pgliteScheduler.ts),
 * each with how long each job held the connection.
 * Figures go to docs/performance.md; nothing here is asserted as a time.
 * Run: npm run bench:report-loops   (PGlite in a temporary directory, 50,000 children by default)
 * BENCH_CHILDREN=n sets the size (the other records follow in proportion, as bench:reports);
 * BENCH_RUNS the timed get-by-id calls of each phase (100); BENCH_LOOPS the report loops (5).
 */
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { pgliteBenchKnobs } from '../../server/db/client';
import { listenAsAdmin, machineNote, openBenchApp, percentile, runBench } from './benchKit';
import { loadProgramme, programmeGeneration } from './programmeGeneration';

const childCount = Number(process.env.BENCH_CHILDREN ?? 50_000);
const runs = Number(process.env.BENCH_RUNS ?? 100);
const loopCount = Number(process.env.BENCH_LOOPS ?? 5);

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

const main = async () => {
  if (process.env.DATABASE_URL) throw new Error('bench:report-loops measures PGlite: unset DATABASE_URL');
  const { app, close } = await openBenchApp();
  try {
    const started = performance.now();
    await loadProgramme(app.db, programmeGeneration(childCount, 'RL'), (label, seconds) =>
      console.log(`generated ${label} ${seconds.toFixed(1)} s`),
    );
    console.log(`generated and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // What else holds the one connection for long: the statistics' refresh (whole or table by
    // table, as server/db/client.ts now runs it) and a backup's copy of the data directory.
    const client = (app.db as unknown as { $client: PGlite }).$client;
    const held = async (run: () => Promise<unknown>) => {
      const start = performance.now();
      await run();
      return performance.now() - start;
    };
    const wholeAnalyze = await held(() => client.exec('analyze'));
    const { rows: tables } = await client.query<{ name: string }>(
      `select relname as name from pg_stat_user_tables where schemaname = 'public' order by n_live_tup desc`,
    );
    let longestTable = { name: '', ms: 0 };
    for (const { name } of tables) {
      const ms = await held(() => client.exec(`analyze "${name}"`));
      if (ms > longestTable.ms) longestTable = { name, ms };
    }
    // The longest table with a smaller sample (30 × 300 rows instead of 100 × 300), and one column.
    const quoted = `"${longestTable.name}"`;
    const smallSample = await held(() =>
      client.exec(`set default_statistics_target = 30; analyze ${quoted}; reset default_statistics_target`),
    );
    const oneColumn = await held(() => client.exec(`analyze ${quoted} (id)`));
    const dump = await held(() => client.dumpDataDir('none'));
    const holders =
      `analyze of the whole database ${wholeAnalyze.toFixed(0)} ms; table by table, the longest ` +
      `${longestTable.ms.toFixed(0)} ms (${longestTable.name}; at statistics target 30 ` +
      `${smallSample.toFixed(0)} ms, its id column alone ${oneColumn.toFixed(0)} ms); a backup's copy of the data directory ` +
      `(dumpDataDir, held in one transaction) ${dump.toFixed(0)} ms`;
    console.log(holders);
    const [ids] = rowsOf(
      await app.db.execute(sql.raw('select min(id)::int as first, max(id)::int as last from child_infos')),
    ) as { first: number; last: number }[];

    const { base, accessToken } = await listenAsAdmin(app);
    const get = async (path: string) => {
      const response = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${accessToken}`, locale: 'kh' },
      });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      await response.arrayBuffer();
    };
    // A child not read before each time (its access-log row too), spread over the table.
    let nextChild = 0;
    const span = ids.last - ids.first + 1;
    const byId = () => {
      nextChild += 1;
      return get(`/child-infos/${ids.first + ((nextChild * 7919) % span)}`);
    };
    /** `runs` get-by-id calls one after the other: p50/p95/max in ms and calls a second. */
    const timeById = async () => {
      const times: number[] = [];
      const phaseStart = performance.now();
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        await byId();
        times.push(performance.now() - start);
      }
      const seconds = (performance.now() - phaseStart) / 1000;
      times.sort((a, b) => a - b);
      return {
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times[times.length - 1],
        perSecond: runs / seconds,
        load: machineNote().split('load average ')[1],
      };
    };

    // Warm: the statements prepared, the reports' kept counts taken once.
    for (let i = 0; i < 10; i++) await byId();
    await get('/reports/children');
    await get('/reports/parents');

    const alone = await timeById();
    // An export of the most rows a file holds (10,000): one query, then the file built in Node.
    let exportLongest = 0;
    pgliteBenchKnobs.observe = (job) => {
      exportLongest = Math.max(exportLongest, job.heldMs);
    };
    const exportStart = performance.now();
    await get('/child-infos/export?format=csv');
    const exportMs = performance.now() - exportStart;
    pgliteBenchKnobs.observe = undefined;

    /**
     * Five report loops while get-by-id is timed: with the scheduler's priorities off (first come,
     * first served, as PGlite alone: the 'before') or on; each connection job's hold and wait kept.
     */
    const underLoops = async (prioritiesOn: boolean) => {
      pgliteBenchKnobs.ignorePriorities = !prioritiesOn;
      let running = true;
      const reportTimes: number[] = [];
      const loops = Array.from({ length: loopCount }, async (_, loop) => {
        let turn = loop;
        while (running) {
          const start = performance.now();
          await get(turn % 2 === 0 ? '/reports/children' : '/reports/parents');
          reportTimes.push(performance.now() - start);
          turn += 1;
        }
      });
      // The loops under way before the timing starts.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const jobs: { priority: string; waitedMs: number; heldMs: number }[] = [];
      pgliteBenchKnobs.observe = (job) => jobs.push(job);
      const loopsStart = performance.now();
      const reportsBefore = reportTimes.length;
      const byIdFigures = await timeById();
      const reportsPerSecond =
        (reportTimes.length - reportsBefore) / ((performance.now() - loopsStart) / 1000);
      pgliteBenchKnobs.observe = undefined;
      running = false;
      await Promise.all(loops);
      pgliteBenchKnobs.ignorePriorities = false;
      reportTimes.sort((a, b) => a - b);
      const held = (priority: string) => {
        const times = jobs
          .filter((job) => job.priority === priority)
          .map((job) => job.heldMs)
          .sort((a, b) => a - b);
        return times.length === 0
          ? 'none'
          : `${times.length} jobs, p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
              `max ${times[times.length - 1].toFixed(1)} ms, ${times.filter((ms) => ms > 50).length} over 50 ms`;
      };
      const waits = jobs
        .filter((job) => job.priority === 'interactive')
        .map((job) => job.waitedMs)
        .sort((a, b) => a - b);
      return {
        byId: byIdFigures,
        reports:
          `${reportsPerSecond.toFixed(1)} a second, p50 ${percentile(reportTimes, 50).toFixed(1)} ms, ` +
          `p95 ${percentile(reportTimes, 95).toFixed(1)} ms (${reportTimes.length} calls)`,
        jobs:
          `the connection's jobs: ${prioritiesOn ? 'interactive' : 'all (first come, first served)'} ${held('interactive')}` +
          (prioritiesOn ? `; background ${held('background')}` : '') +
          `; interactive jobs' waits p50 ${waits.length ? percentile(waits, 50).toFixed(1) : '-'} ms, p95 ${waits.length ? percentile(waits, 95).toFixed(1) : '-'} ms`,
      };
    };
    const before = await underLoops(false);
    const after = await underLoops(true);

    console.log(
      `\nDatabase: PGlite; ${childCount} children (and in proportion: applications, matchings, services); ` +
        `${loopCount} report loops; ${machineNote()}\n`,
    );
    console.log('| GET /child-infos/{id} | runs | p50 ms | p95 ms | max ms | calls/s | load |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const [label, figures] of [
      ['alone', alone],
      [`under ${loopCount} report loops, first come first served (before)`, before.byId],
      [`under ${loopCount} report loops, requests first (after)`, after.byId],
    ] as const)
      console.log(
        `| ${label} | ${runs} | ${figures.p50.toFixed(1)} | ${figures.p95.toFixed(1)} | ` +
          `${figures.max.toFixed(1)} | ${figures.perSecond.toFixed(1)} | ${figures.load} |`,
      );
    for (const [label, side] of [
      ['before', before],
      ['after', after],
    ] as const)
      console.log(
        `\n${label}: p95 ratio (under the loops / alone): ${(side.byId.p95 / alone.p95).toFixed(1)}× (goal ≤ 3×); ` +
          `reports meanwhile: ${side.reports}; ${side.jobs}`,
      );
    console.log(
      `\nLong holders of the connection: ${holders}; GET /child-infos/export?format=csv ` +
        `(10,000 rows, alone) ${exportMs.toFixed(0)} ms, its longest job ${exportLongest.toFixed(0)} ms`,
    );
  } finally {
    await close();
  }
};

runBench(main);
