import { expect, type Page, test } from '@playwright/test';
import { adminPassword, dict, drawPhoto, saveScreenshot, signIn } from './fixtures';

/**
 * The built app under its Content-Security-Policy (issue 10): no inline script, styles and images
 * as the policy allows. Every violation the browser reports (the `securitypolicyviolation` event and
 * its 'Refused to ...' console line) is collected across sign-in, a list with photo thumbnails, a
 * form, a case summary and the API documentation, and there must be none.
 */
const admin = { username: 'admin', password: adminPassword };

const watchViolations = async (page: Page) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy/i.test(text)) violations.push(`console: ${text}`);
  });
  // Runs before any page script, outside the page's policy.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const holder = window as unknown as { __csp?: string[] };
      holder.__csp = holder.__csp ?? [];
      holder.__csp.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  const reported = async () => [
    ...violations,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
  return reported;
};

test('no Content-Security-Policy violation from sign-in to a list, a form, a case summary and the API docs', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const en = dict.en;
  // A demo child with a photo, so the list shows a thumbnail from a blob: URL.
  const signedIn = await request.post('/api/v1/auth/sign-in', {
    data: { username: 'admin', password: adminPassword },
  });
  const { accessToken } = (await signedIn.json()).data;
  const list = await request.get('/api/v1/child-infos?page=1&take=1', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const [first] = (await list.json()).data as { id: number }[];

  const reported = await watchViolations(page);
  await signIn(page, { ...admin, locale: 'en', path: '/en/login' });
  const photo = Buffer.from(await drawPhoto(page), 'base64');
  const upload = await request.post(`/api/v1/child-infos/upload-file/${first.id}?kind=photo`, {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: photo } },
  });
  expect(upload.status()).toBe(200);

  // A list with the photo column: the thumbnail is fetched and shown.
  await page.goto('/en/adoptive-child/child');
  await expect(page.getByRole('heading', { name: en.resources.child.many(), level: 1 })).toBeVisible();
  // The machine is shared: the grid and its thumbnails may take a while.
  await expect(page.locator('.ag-cell img[src^="blob:"]').first()).toBeVisible({ timeout: 30_000 });
  const thumbnailCalls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/child-infos/')),
  );
  expect(thumbnailCalls.some((name) => name.includes('/child-infos/thumbnail/'))).toBe(true);
  expect(thumbnailCalls.some((name) => name.includes('/child-infos/photo/'))).toBe(false);
  await saveScreenshot(page, 'csp-child-list-en');

  // A form (a configuration resource) and the child form with its sections.
  await page.goto('/en/adoptive-child/child/create');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/en/configuration/district/create');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The case summary with the full photo.
  await page.goto(`/en/adoptive-child/child/show/${first.id}`);
  await expect(page.locator('img[src^="blob:"]').first()).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, 'csp-child-show-en');

  // The Khmer pages use the same assets.
  await page.goto('/kh/adoptive-child/child');
  await expect(page.getByRole('heading', { name: dict.kh.resources.child.many(), level: 1 })).toBeVisible();
  await expect(page.locator('.ag-cell img[src^="blob:"]').first()).toBeVisible({ timeout: 30_000 });
  await saveScreenshot(page, 'csp-child-list-kh');

  expect(await reported()).toEqual([]);

  // The API documentation (swagger-ui) under the same policy.
  await page.goto('/api/docs');
  // swagger-ui draws the page from /api/docs/json: it loaded and ran.
  await expect(page.locator('.swagger-ui .info .title')).toContainText('Adoption back office API', {
    timeout: 60_000,
  });
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
  await saveScreenshot(page, 'csp-api-docs');
  expect(await reported()).toEqual([]);
});
