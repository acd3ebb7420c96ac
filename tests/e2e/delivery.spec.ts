import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { adminPassword, dict, signIn } from './fixtures';
import { api, tokenOf } from './matchingThroughApi';

/**
 * Issue 11: the built client as the browser receives it from the real server. Every script and
 * style comes brotli-compressed from the build's precompressed files and is kept a year (its name
 * changes with its content); the page itself is asked again every time, so a release is seen at once.
 * Issue 37: the page carries the security headers that govern a document; the hashed scripts and
 * styles only those that matter to them (server/http/staticHeaders.ts), each a few hundred bytes.
 */
test('the sign-in page arrives compressed, its assets cached a year with light headers, the page never', async ({
  page,
}) => {
  const assets: { url: string; headers: Record<string, string> }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!/\.(js|css)$/.test(url.pathname)) return;
    assets.push({ url: url.pathname, headers: await response.allHeaders() });
  });
  const document = await page.goto('/kh/login');
  expect(document?.status()).toBe(200);
  const documentHeaders = await document?.allHeaders();
  expect(documentHeaders?.['cache-control']).toBe('no-cache');
  expect(documentHeaders?.['content-encoding']).toBe('br');
  expect(documentHeaders?.['content-security-policy']).toContain("script-src 'self'");
  expect(documentHeaders?.['x-frame-options']).toBe('DENY');
  expect(documentHeaders?.['strict-transport-security']).toBeDefined();
  await expect(page.getByLabel(dict.kh.login.username(), { exact: true })).toBeVisible();

  const hashed = assets.filter((asset) => asset.url.startsWith('/assets/'));
  expect(hashed.length).toBeGreaterThan(0);
  for (const { url, headers } of hashed) {
    expect.soft(headers['content-encoding'], url).toBe('br');
    expect.soft(headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    expect.soft(headers['x-content-type-options'], url).toBe('nosniff');
    expect.soft(headers['cross-origin-resource-policy'], url).toBe('same-origin');
    expect.soft(headers['content-security-policy'], url).toBeUndefined();
    expect.soft(headers['strict-transport-security'], url).toBeUndefined();
  }
});

/**
 * Issue 11's budget for the first screen: everything the sign-in page loads, counted as the build's
 * gzip files, stays within 150 KB. It fails when a change drags zod, the grid, the forms or the
 * other language's dictionary back into the first download.
 */
/** gzip bytes of each built script the page asked for (the build's .gz, or gzipped here). */
/**
 * The scripts the page downloads from now on, each with its body and what it 'transferred' as the
 * browser's network panel counts it (the compressed body and its headers).
 */
const scriptTransfers = (page: Page) => {
  const transfers: Promise<{ pathname: string; body: number; transferred: number }>[] = [];
  page.on('requestfinished', (finished) => {
    const { pathname } = new URL(finished.url());
    if (pathname.endsWith('.js'))
      transfers.push(
        finished.sizes().then((sizes) => ({
          pathname,
          body: sizes.responseBodySize,
          transferred: sizes.responseBodySize + sizes.responseHeadersSize,
        })),
      );
  });
  return transfers;
};

const gzipSizes = (scripts: Iterable<string>) => {
  const clientDir = path.resolve('dist/client');
  return [...scripts].map((pathname) => {
    const file = path.join(clientDir, pathname);
    return {
      pathname,
      gzip: existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length,
    };
  });
};

/**
 * The home page's JavaScript: what a signed-in user's browser loads to open the home page with its
 * dashboard (by its address, a reload or a bookmark, cache emptied), gzip, within issue 24's 250 KB
 * (241.1 KB on 26-11-2026, docs/performance.md). It fails when zod (the session's answers, the
 * palette's recent destinations are checked by hand), the chart library or the grid reach it.
 */
const homeBudgetKb = 250;

test(`the home page with its dashboard loads at most ${homeBudgetKb} KB of JavaScript (gzip)`, async ({
  page,
  context,
}) => {
  await signIn(page, { username: 'admin', password: adminPassword, timeout: 30_000 });
  await expect(page.locator('#dashboard [data-dashboard-card]').first()).toBeVisible({ timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto('/kh/', { waitUntil: 'networkidle' });
  await expect(page.locator('#dashboard [data-dashboard-card]').first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const sizes = gzipSizes(scripts);
  const total = sizes.reduce((sum, script) => sum + script.gzip, 0);
  console.log(`home with the dashboard: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} scripts`);
  expect(total / 1024, JSON.stringify(sizes)).toBeLessThanOrEqual(homeBudgetKb);
  for (const { pathname } of sizes) {
    const code = readFileSync(path.join(path.resolve('dist/client'), pathname), 'utf8');
    expect.soft(code, `${pathname} carries the grid`).not.toContain('ag-root-wrapper');
    expect.soft(code, `${pathname} carries the chart library`).not.toContain('recharts');
    expect.soft(code, `${pathname} carries zod`).not.toContain('ZodError');
  }
});

test('the sign-in page loads at most 150 KB of JavaScript (gzip), and neither zod nor the grid', async ({
  page,
}) => {
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto('/kh/login', { waitUntil: 'networkidle' });
  await expect(page.getByLabel(dict.kh.login.username(), { exact: true })).toBeVisible();
  const clientDir = path.resolve('dist/client');
  const sizes = gzipSizes(scripts);
  const total = sizes.reduce((sum, script) => sum + script.gzip, 0);
  expect(total / 1024, JSON.stringify(sizes)).toBeLessThanOrEqual(150);
  for (const { pathname } of sizes) {
    const code = readFileSync(path.join(clientDir, pathname), 'utf8');
    expect.soft(code, `${pathname} carries zod`).not.toContain('ZodError');
    expect.soft(code, `${pathname} carries the grid`).not.toContain('ag-root-wrapper');
  }
  // The first page's modules come in a few files, not a score of small ones (six connections).
  expect(scripts.size).toBeLessThanOrEqual(6);

  // In English too (its dictionary loads on its own): nothing of the signed-in frame, nothing
  // preloaded for a browser without a session.
  scripts.clear();
  const english = await page.goto('/en/login', { waitUntil: 'networkidle' });
  await expect(page.getByLabel(dict.en.login.username(), { exact: true })).toBeVisible();
  expect(english?.headers().link).toBeUndefined();
  expect([...scripts].filter((pathname) => /\/frame-/.test(pathname))).toEqual([]);
});

/** Whether any of these built scripts holds `marker` (a string its library surely contains). */
const carries = (scripts: Iterable<string>, marker: string) =>
  [...scripts].some((pathname) =>
    readFileSync(path.join(path.resolve('dist/client'), pathname), 'utf8').includes(marker),
  );
/** react-hook-form (its form state's own key) and the calendar (react-day-picker's weekdays row). */
const formLibrary = 'validatingFields';
const calendarLibrary = 'data-animated-weekdays';

/**
 * Issue 37: a matching's working page opened by its address (a bookmark, a reload; cache emptied)
 * carries what it shows, not its step dialogs' form: neither react-hook-form nor the calendar. A
 * step dialog then loads its form as it opens (the keyboard's focus lands on its date); the
 * calendar comes when it is opened. Its JavaScript is counted as the issue counts it, 'transferred'
 * as the browser's network panel does (brotli bodies and their headers): 393.5 KB before, 354-355 KB
 * after the form and the calendar left, about 309 KB once the hashed scripts lost the headers that
 * only a page reads (28-11-2026, docs/performance.md). Issue 37's ceiling: 330 KB.
 */
const matchingCeilingKb = 330;

test(`a matching's page loads at most ${matchingCeilingKb} KB of JavaScript (transferred), a step dialog's form when it opens`, async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  // A demo matching whose adoption is confirmed (scripts/e2e-prepare.ts): its next step is dated.
  const headers = await tokenOf(request, { username: 'admin', password: adminPassword });
  const listed = await request.get(`${api}/adoptive-matching?status=adoptionConfirmed&take=100`, { headers });
  expect(listed.ok(), await listed.text()).toBe(true);
  const [matching] = (await listed.json()).data as { id: number }[];
  expect(matching, 'a matching in adoptionConfirmed').toBeDefined();

  await signIn(page, { username: 'admin', password: adminPassword, timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const transfers = scriptTransfers(page);
  const kh = dict.kh;
  const stepName = kh.areas.matching.workflow.actions.testAdoption();
  await page.goto(`/kh/adoptive-matching/matching/${matching.id}`, { waitUntil: 'networkidle' });
  const stepButton = page.getByRole('button', { name: stepName, exact: true });
  await expect(stepButton).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');

  const firstLoad = await Promise.all([...transfers]);
  const firstScripts = firstLoad.map((script) => script.pathname);
  const transferred = firstLoad.reduce((sum, script) => sum + script.transferred, 0);
  const body = firstLoad.reduce((sum, script) => sum + script.body, 0);
  const gzip = gzipSizes(firstScripts).reduce((sum, script) => sum + script.gzip, 0);
  console.log(
    `matching page: ${(transferred / 1024).toFixed(1)} KB transferred with headers (brotli bodies ${(body / 1024).toFixed(1)} KB, gzip ${(gzip / 1024).toFixed(1)} KB) in ${firstLoad.length} scripts`,
  );
  expect(transferred / 1024, JSON.stringify(firstLoad)).toBeLessThanOrEqual(matchingCeilingKb);
  expect.soft(carries(firstScripts, formLibrary), 'the first load carries react-hook-form').toBe(false);
  expect.soft(carries(firstScripts, calendarLibrary), 'the first load carries the calendar').toBe(false);

  // The step's dialog: its form loads and the date takes the focus; no calendar until it is opened.
  await stepButton.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: stepName })).toBeVisible();
  const date = dialog.locator('#matching-action-date');
  await expect(date).toBeFocused();
  await expect(dialog.getByRole('button', { name: stepName, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const withDialog = (await Promise.all([...transfers])).map((script) => script.pathname);
  expect(carries(withDialog, formLibrary), 'the dialog brought react-hook-form').toBe(true);
  expect(carries(withDialog, calendarLibrary), 'the calendar came before it was opened').toBe(false);
  await dialog.getByRole('button', { name: kh.dateField.openCalendar() }).click();
  await expect(page.locator('.date-calendar').getByRole('grid').first()).toBeVisible();
  const withCalendar = (await Promise.all([...transfers])).map((script) => script.pathname);
  expect(carries(withCalendar, calendarLibrary), 'the calendar came when opened').toBe(true);
  // Nothing is saved: Escape closes the calendar, then the dialog.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

/**
 * Issue 38: the children list opened by its address (cache emptied) carries the list, not its bulk
 * dialogs' form stack (react-hook-form, zod's messages, the combobox field) nor a date filter's
 * calendar, which the children list does not have; counted 'transferred' as issue 37 counts it.
 * 586 KB before (issue 38's reading), 503-506 KB once the bulk form and the calendar left, about
 * 475.8 KB once the list loaded its own area's description alone (not every area's, with their
 * workflow machines), not the duplicates review's chunks, and the hashed scripts lost their ETag
 * (29-11-2026, docs/performance.md; 478.8 KB in 77 scripts when run after the children's and the
 * content-security tests, four scripts not yet explained). Issue 38's budget was 480 KB; with the
 * signed-in frame in one file and asked for with the page (issue 37, vite.config.ts `frameModules`,
 * server/http/signedInPreloads.ts): 452.5 KB in 53 scripts. The ceiling keeps that, with room for
 * those four.
 */
const childListCeilingKb = 465;

test(`the children list loads at most ${childListCeilingKb} KB of JavaScript (transferred), neither the bulk form nor the calendar`, async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page, { username: 'admin', password: adminPassword, timeout: 30_000 });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const transfers = scriptTransfers(page);
  const document = await page.goto('/kh/adoptive-child/child', { waitUntil: 'networkidle' });
  // Opened with a session: the page names the frame's chunk and its words, asked with its scripts.
  expect(document?.headers().link ?? '').toMatch(/<\/assets\/frame-[\w-]+\.js>; rel=modulepreload/);
  await expect(page.locator('.ag-row[row-index="0"][row-id]')).toHaveCount(1, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const firstLoad = await Promise.all([...transfers]);
  const scripts = firstLoad.map((script) => script.pathname);
  const transferred = firstLoad.reduce((sum, script) => sum + script.transferred, 0);
  const body = firstLoad.reduce((sum, script) => sum + script.body, 0);
  const gzip = gzipSizes(scripts).reduce((sum, script) => sum + script.gzip, 0);
  console.log(
    `children list: ${(transferred / 1024).toFixed(1)} KB transferred with headers (brotli bodies ${(body / 1024).toFixed(1)} KB, gzip ${(gzip / 1024).toFixed(1)} KB) in ${firstLoad.length} scripts`,
  );
  expect(transferred / 1024, JSON.stringify(firstLoad)).toBeLessThanOrEqual(childListCeilingKb);
  expect.soft(carries(scripts, formLibrary), 'the first load carries react-hook-form').toBe(false);
  expect.soft(carries(scripts, calendarLibrary), 'the first load carries the calendar').toBe(false);
});
