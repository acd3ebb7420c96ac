import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGunzip } from 'node:zlib';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { manifestPath, type TBackupManifest } from '../../server/backups/manifest';
import { readTar } from '../../server/backups/tar';
import { adminPassword, dict, resumeSession, saveScreenshot } from './fixtures';

/**
 * Backups that restore (issue 27), on the built server: an administrator makes a backup from the
 * settings screen in Khmer and downloads one in English (the archive's manifest readable), the card
 * listing the background jobs' runs (issue 36); and a backup asked for while districts are being
 * written restores, through `npm run restore`, to a database holding every district acknowledged
 * before it, with the manifest's counts.
 */
const admin = { username: 'admin', password: adminPassword };
const api = '/api/v1';

const manifestOfArchive = async (archive: Buffer) => {
  let text = '';
  await readTar(Readable.from([archive]).pipe(createGunzip()), async (entry, content) => {
    const chunks: Buffer[] = [];
    for await (const chunk of content) if (entry.name === manifestPath) chunks.push(chunk);
    if (entry.name === manifestPath) text = Buffer.concat(chunks).toString('utf8');
  });
  return JSON.parse(text) as TBackupManifest;
};

const tokenOf = async (request: APIRequestContext) => {
  const signedIn = await request.post(`${api}/auth/sign-in`, {
    data: { username: 'admin', password: adminPassword },
  });
  return { authorization: `Bearer ${(await signedIn.json()).data.accessToken}` };
};

test('an administrator makes a backup on the settings screen in Khmer and downloads one in English', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Before any backup (none is scheduled in the browser tests' server), the home page warns.
  const headers = await tokenOf(page.request);
  const existing = (await (await page.request.get(`${api}/admin/backups`, { headers })).json())
    .data as unknown[];
  await resumeSession(page, admin);
  if (existing.length === 0) {
    await page.goto('/');
    const warning = page.getByTestId('backup-warning');
    await expect(warning).toContainText(dict.kh.backups.noneWarning());
    await saveScreenshot(page, 'backups-home-warning-kh');
    await warning.getByRole('link', { name: dict.kh.backups.openSettings() }).click();
    await expect(page.locator('section#backups')).toBeVisible();
  }
  for (const locale of ['kh', 'en'] as const) {
    const words = dict[locale].backups;
    await resumeSession(page, admin);
    await page.goto(`${locale === 'en' ? '/en' : ''}/configuration/general-information`);
    const card = page.locator('section#backups');
    await expect(card.getByRole('heading', { name: words.title() })).toBeVisible();
    if (locale === 'kh') {
      await card.getByRole('button', { name: words.makeNow() }).click();
      await expect(card.getByRole('button', { name: words.making() })).toBeDisabled();
      await expect(card.getByRole('status').filter({ hasText: /backup-\d{8}-\d{6}/ })).toBeVisible({
        timeout: 60_000,
      });
    }
    const table = card.getByRole('table', { name: words.listLabel() });
    const row = table.getByRole('row').nth(1);
    await expect(row.getByText(words.states.done(), { exact: true })).toBeVisible();
    await expect(card.getByTestId('backup-last-done')).not.toHaveText(words.never());
    // The background jobs' runs (issue 36): none here (the scheduled backup is off; the reports'
    // refresh is gone since issue 37 kept their counts by triggers), said so.
    await expect(card.getByText(words.jobs.empty(), { exact: true })).toBeVisible();
    await saveScreenshot(page, `backups-settings-${locale}`);
    const name = (await row.locator('td').first().textContent())?.trim() ?? '';
    // Each download says what it downloads, seen and heard (issue 38: all were 'Download'): the
    // backup by when it was made, the reference lists by name; no two buttons share a name.
    const when = (await row.locator('td').nth(2).textContent())?.trim() ?? '';
    const button = row.getByRole('button', { name: new RegExp(`^${words.downloadOf({ when })}`) });
    await expect(button).toContainText(words.downloadOf({ when }));
    await expect(button).toHaveAccessibleDescription(name);
    const names = await page
      .getByRole('main')
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.textContent?.trim() ?? ''));
    const downloads = names.filter((text) => text.startsWith(words.download()));
    expect(downloads.length).toBeGreaterThanOrEqual(2);
    expect(new Set(downloads).size, downloads.join(' | ')).toBe(downloads.length);
    await expect(
      page.getByRole('button', { name: dict[locale].generalInformation.downloadWorkbook(), exact: true }),
    ).toBeVisible();
    const downloaded = page.waitForEvent('download');
    await button.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(name);
    const manifest = await manifestOfArchive(await readFile((await download.path()) as string));
    expect(manifest.driver).toBe('pglite');
    expect(manifest.tables.child_infos).toBeGreaterThan(0);
    expect(manifest.entries[0].path).toBe('database/pglite.tar');
  }
  // A backup of today: the home page no longer warns.
  await page.goto('/en');
  await expect(page.getByRole('heading', { name: dict.en.dashboard.title() })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('backup-warning')).toHaveCount(0);
});

test('a backup made under writes restores with npm run restore: every acknowledged write, the manifest counts', async ({
  request,
}) => {
  test.setTimeout(180_000);
  const headers = await tokenOf(request);
  // Districts, not children: the dashboard's kept counts (tests/e2e/dashboard.spec.ts) stay as they are.
  const [province] = (await (await request.get(`${api}/child-infos/provinces`, { headers })).json()).data as {
    id: number;
  }[];
  const stem = `BK${Date.now().toString(36).toUpperCase()}`;
  const acknowledged: number[] = [];
  let writing = true;
  const writer = (async () => {
    for (let n = 1; writing; n += 1) {
      const created = await request.post(`${api}/districts`, {
        headers,
        data: {
          code: `${stem}${n}`,
          name: { kh: `ស្រុក ${n}`, en: `Backup district ${n}` },
          provinceId: province.id,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      acknowledged.push((await created.json()).data.id);
    }
  })();
  while (acknowledged.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));
  const before = [...acknowledged];
  const made = await request.post(`${api}/admin/backups`, { headers, timeout: 120_000 });
  const during = acknowledged.length - before.length;
  writing = false;
  await writer;
  expect(made.status(), await made.text()).toBe(201);
  expect(during).toBeGreaterThan(0);
  const { name } = (await made.json()).data as { name: string };
  const archive = await (await request.get(`${api}/admin/backups/${name}`, { headers })).body();

  const work = await mkdtemp(path.join(os.tmpdir(), 'ab-e2e-restore-'));
  try {
    const archiveFile = path.join(work, name);
    await writeFile(archiveFile, archive);
    const dataDir = path.join(work, 'data');
    const { stdout } = await promisify(execFile)(
      'node_modules/.bin/tsx',
      ['scripts/restore.ts', archiveFile],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' },
      },
    );
    const manifest = await manifestOfArchive(archive);
    const printed = (table: string) => Number(new RegExp(`^\\s+${table}\\s+(\\d+)$`, 'm').exec(stdout)?.[1]);
    expect(printed('districts')).toBe(manifest.tables.districts);
    expect(printed('child_infos')).toBe(manifest.tables.child_infos);
    expect(printed('users')).toBe(manifest.tables.users);
    // Every district acknowledged before the backup was asked for is in the restored database.
    const { openDatabase } = await import('../../server/db/client');
    const { sql } = await import('drizzle-orm');
    const database = await openDatabase({ dataDir });
    try {
      const result = (await database.db.execute(sql`select id from districts`)) as unknown as {
        rows: { id: number }[];
      };
      const ids = new Set(result.rows.map((row) => Number(row.id)));
      expect(before.filter((id) => !ids.has(id))).toEqual([]);
      expect(ids.size).toBe(manifest.tables.districts);
    } finally {
      await database.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});
