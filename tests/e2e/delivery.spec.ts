import { expect, test } from '@playwright/test';
import { dict } from './fixtures';

/**
 * Issue 11: the built client as the browser receives it from the real server. Every script and
 * style comes brotli-compressed from the build's precompressed files and is kept a year (its name
 * changes with its content); the page itself is asked again every time, so a release is seen at once.
 */
test('the sign-in page arrives compressed, its assets cached a year, the page never', async ({ page }) => {
  const assets: { url: string; encoding?: string; cache?: string }[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!/\.(js|css)$/.test(url.pathname)) return;
    const headers = await response.allHeaders();
    assets.push({
      url: url.pathname,
      encoding: headers['content-encoding'],
      cache: headers['cache-control'],
    });
  });
  const document = await page.goto('/kh/login');
  expect(document?.status()).toBe(200);
  const documentHeaders = await document?.allHeaders();
  expect(documentHeaders?.['cache-control']).toBe('no-cache');
  expect(documentHeaders?.['content-encoding']).toBe('br');
  await expect(page.getByLabel(dict.kh.login.username(), { exact: true })).toBeVisible();

  const hashed = assets.filter((asset) => asset.url.startsWith('/assets/'));
  expect(hashed.length).toBeGreaterThan(0);
  for (const asset of hashed) {
    expect.soft(asset.encoding, asset.url).toBe('br');
    expect.soft(asset.cache, asset.url).toBe('public, max-age=31536000, immutable');
  }
});
