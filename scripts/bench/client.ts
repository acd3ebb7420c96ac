/**
 * npm run bench:client — what the browser downloads and how fast the pages are (issue 11).
 *
 * Serves the built client (run `npm run build` first) with the real server on its own port and
 * data directory (demo children added, so the child list has rows), then, in Debian's Chromium:
 * 1. JavaScript per page from the network log with an empty cache: everything loaded for the
 *    sign-in page; then, signing in, everything up to the home page; then up to the child list
 *    with its grid. Each file counted as transferred (brotli, as served) and as gzip (the build's
 *    .gz file), against the budgets 150 / 250 / 350 KB gzip.
 * 2. Lighthouse (mobile emulation, its default throttling, empty cache) on the sign-in page and,
 *    signed in, on the child list and the children's report; the report also with Lighthouse's
 *    desktop preset (issue 37): performance score, LCP, TBT, FCP, CLS.
 * `BENCH_RUNS=n` runs Lighthouse n times per page and prints the median (default 3; 0: sizes only).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Page, type Request } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { i18nObject } from '../../src/i18n/i18n-util';
import { loadAllLocales } from '../../src/i18n/i18n-util.sync';
import { chromiumArgs, chromiumPath } from '../chromium';

const root = path.resolve(import.meta.dirname, '../..');
const clientDir = path.join(root, 'dist/client');
const port = Number(process.env.BENCH_PORT ?? 3170);
const base = `http://127.0.0.1:${port}`;
const password = 'bench-client-pass-123';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const budgets = { login: 150, home: 250, list: 350 } as const;
loadAllLocales();
const kh = i18nObject('km');

if (!existsSync(path.join(clientDir, 'index.html')) || !existsSync(path.join(root, 'dist/server/main.js'))) {
  console.error('No build in dist/: run `npm run build` first.');
  process.exit(1);
}

const run = (command: string, args: string[], env: NodeJS.ProcessEnv) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
  });

const startServer = async (env: NodeJS.ProcessEnv): Promise<ChildProcess> => {
  const server = spawn('node', ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
  for (let i = 0; i < 600; i++) {
    const answered = await fetch(`${base}/api/v1/mains`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not answer');
};

/** gzip bytes of a served file: the build's .gz, or the file gzipped here when it has none. */
const gzipBytes = (pathname: string) => {
  const file = path.join(clientDir, decodeURIComponent(pathname));
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
};

type TScript = { pathname: string; transferred: number; gzip: number };

/** The scripts the context's pages load, until `stop` (Lighthouse's own tab is in the same context). */
const watchScripts = (context: BrowserContext) => {
  const scripts = new Map<string, TScript>();
  const listener = async (request: Request) => {
    const url = new URL(request.url());
    if (url.origin !== base || !url.pathname.endsWith('.js')) return;
    const sizes = await request.sizes();
    scripts.set(url.pathname, {
      pathname: url.pathname,
      transferred: sizes.responseBodySize,
      gzip: gzipBytes(url.pathname),
    });
  };
  context.on('requestfinished', listener);
  return { scripts, stop: () => context.off('requestfinished', listener) };
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const report = (label: string, budget: number, scripts: Map<string, TScript>) => {
  const all = [...scripts.values()].sort((a, b) => b.gzip - a.gzip);
  const gzip = all.reduce((sum, script) => sum + script.gzip, 0);
  const transferred = all.reduce((sum, script) => sum + script.transferred, 0);
  console.log(
    `\n${label}: ${all.length} scripts, ${kb(gzip)} KB gzip (budget ${budget} KB: ${gzip / 1024 <= budget ? 'within' : 'OVER'}), ${kb(transferred)} KB transferred (brotli)`,
  );
  // BENCH_SHOW=n lists the n largest files (8 by default).
  const shown = Number(process.env.BENCH_SHOW ?? 8);
  for (const script of all.slice(0, shown))
    console.log(`  ${kb(script.gzip).padStart(6)} KB  ${script.pathname}`);
  if (all.length > shown) console.log(`  … and ${all.length - shown} smaller`);
  return gzip;
};

const signIn = async (page: Page) => {
  await page.getByLabel(kh.login.username(), { exact: true }).fill('admin');
  await page.getByLabel(kh.login.password(), { exact: true }).fill(password);
  await page.getByRole('button', { name: kh.login.submit(), exact: true }).click();
  await page.getByRole('button', { name: kh.layout.userMenu() }).waitFor();
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ab-bench-client-'));
const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: password };
// Demo children first (the embedded database admits one process at a time), then the server.
await run('node_modules/.bin/tsx', ['scripts/seed-demo.ts', '--children', '60'], env);
const server = await startServer(env);
// A persistent context is the browser's default one, where Lighthouse opens its tab: the session
// signed in here is the one it audits with. (A `newContext()` is apart: Lighthouse saw no session
// and audited the sign-in page it was sent to, whatever address it was given.)
const profileDir = await mkdtemp(path.join(os.tmpdir(), 'ab-bench-client-profile-'));
const context = await chromium.launchPersistentContext(profileDir, {
  executablePath: chromiumPath,
  // Port 0: Chromium takes a free one and writes it in the profile (a fixed port met another's).
  args: ['--headless=new', ...chromiumArgs, '--remote-debugging-port=0'],
});
const debuggingPort = Number(
  readFileSync(path.join(profileDir, 'DevToolsActivePort'), 'utf8').split('\n')[0],
);
try {
  console.log(
    `JavaScript per page, empty cache (${base}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})`,
  );
  const { scripts, stop: stopWatching } = watchScripts(context);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${base}/kh/login`, { waitUntil: 'networkidle' });
  const login = report('Sign-in page', budgets.login, scripts);
  await signIn(page);
  await page.waitForLoadState('networkidle');
  const home = report('Home after sign-in (in all)', budgets.home, scripts);
  await page.goto(`${base}/kh/adoptive-child/child`, { waitUntil: 'networkidle' });
  await page.locator('.ag-row').first().waitFor();
  const listPath = report('Child list after sign-in and home (in all, for reference)', budgets.list, scripts);

  // The list page on its own: signed in, empty cache, opened by its address (a bookmark, a reload).
  const cdpForCache = await context.newCDPSession(page);
  await cdpForCache.send('Network.clearBrowserCache');
  scripts.clear();
  await page.goto(`${base}/kh/adoptive-child/child`, { waitUntil: 'networkidle' });
  await page.locator('.ag-row').first().waitFor();
  const list = report('Child list with its grid, opened directly (in all)', budgets.list, scripts);

  stopWatching();
  // Lighthouse in this browser: the sign-in page in a fresh profile state, then the child list
  // with the session kept (disableStorageReset) and the HTTP cache emptied before each run.
  const cdp = await context.newCDPSession(page);
  const audit = async (url: string, keepSession: boolean, preset: 'mobile' | 'desktop') => {
    const results: { score: number; lcp: number; tbt: number; fcp: number; cls: number }[] = [];
    let failures = 0;
    for (let i = 0; i < runs; i++) {
      // The sign-in page's audit resets the origin's storage (its session with it): sign in again.
      if (keepSession) {
        await page.goto(`${base}/kh/`, { waitUntil: 'networkidle' });
        if (new URL(page.url()).pathname.endsWith('/login')) await signIn(page);
      }
      await cdp.send('Network.clearBrowserCache');
      const result = await lighthouse(
        url,
        { port: debuggingPort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        preset === 'desktop'
          ? { ...desktopConfig, settings: { ...desktopConfig.settings, disableStorageReset: keepSession } }
          : { extends: 'lighthouse:default', settings: { disableStorageReset: keepSession } },
      );
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse gave no result');
      // A run whose trace Lighthouse could not read (NO_NAVSTART, now and then) is run again.
      if (lhr.runtimeError) {
        console.log(`  (a run failed: ${lhr.runtimeError.code}; run again)`);
        if (++failures > 3) throw new Error(`Lighthouse failed: ${lhr.runtimeError.message}`);
        i--;
        continue;
      }
      // The page audited is the one asked for, not the sign-in page a lost session redirects to.
      const audited = new URL(lhr.finalDisplayedUrl).pathname;
      if (audited !== new URL(url).pathname) throw new Error(`Lighthouse audited ${audited}, not ${url}`);
      // BENCH_LHR_DIR=dir keeps each report, to see what the figures are made of.
      if (process.env.BENCH_LHR_DIR)
        writeFileSync(
          path.join(
            process.env.BENCH_LHR_DIR,
            `${new URL(url).pathname.replaceAll('/', '_')}-${preset}-${i}.json`,
          ),
          JSON.stringify(lhr),
        );
      results.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
        tbt: lhr.audits['total-blocking-time'].numericValue ?? 0,
        fcp: lhr.audits['first-contentful-paint'].numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift'].numericValue ?? 0,
      });
    }
    return {
      score: median(results.map((r) => r.score)),
      lcp: median(results.map((r) => r.lcp)),
      tbt: median(results.map((r) => r.tbt)),
      fcp: median(results.map((r) => r.fcp)),
      cls: median(results.map((r) => r.cls)),
      scores: results.map((r) => r.score),
    };
  };
  console.log(
    `\nLighthouse (mobile: emulated phone, simulated slow 4G and 4x CPU slowdown; desktop: its preset; empty cache; median of ${runs}; load ${os.loadavg()[0].toFixed(1)})`,
  );
  console.log('| page | preset | performance | LCP s | TBT ms | FCP s | CLS | runs |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
  const reportUrl = `${base}/kh/reports/child`;
  // BENCH_PAGES=report runs the report's two rows alone.
  const pages = (
    [
      ['sign-in /kh/login', `${base}/kh/login`, false, 'mobile'],
      ['child list /kh/adoptive-child/child (signed in)', `${base}/kh/adoptive-child/child`, true, 'mobile'],
      ["children's report /kh/reports/child (signed in)", reportUrl, true, 'mobile'],
      ["children's report /kh/reports/child (signed in)", reportUrl, true, 'desktop'],
    ] as const
  ).filter(([, url]) => process.env.BENCH_PAGES !== 'report' || url === reportUrl);
  for (const [label, url, keep, preset] of runs === 0 ? [] : pages) {
    const figures = await audit(url, keep, preset);
    console.log(
      `| ${label} | ${preset} | ${figures.score} | ${(figures.lcp / 1000).toFixed(2)} | ${figures.tbt.toFixed(0)} | ${(figures.fcp / 1000).toFixed(2)} | ${figures.cls.toFixed(3)} | ${figures.scores.join(', ')} |`,
    );
  }
  console.log(
    `\nTotals gzip: sign-in ${kb(login)} KB, home ${kb(home)} KB, list ${kb(list)} KB (after sign-in and home ${kb(listPath)} KB)`,
  );
} finally {
  await context.close();
  await rm(profileDir, { recursive: true, force: true });
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
