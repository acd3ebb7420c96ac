import { expect, test } from '@playwright/test';
import { adminPassword, dict, resumeSession, saveScreenshot } from './fixtures';

/**
 * Issue 12, DESIGN.md section 7, in English: demo.province, a caseworker of Battambang's provincial
 * office, sees that office's children only. Their list shows no other office, the export is
 * theirs only, and another office's child, opened by its address, does not exist for them.
 */
const api = '/api/v1';

test('a provincial caseworker sees only the children of their own office', async ({ page, request }) => {
  // What the administrator sees: the offices' ids and children of another office.
  const signedIn = await request.post(`${api}/auth/sign-in`, {
    data: { username: 'admin', password: adminPassword },
  });
  const admin = { authorization: `Bearer ${(await signedIn.json()).data.accessToken}` };
  const offices = (await (await request.get(`${api}/child-infos/head-offices`, { headers: admin })).json())
    .data as { id: number; code: string }[];
  const battambang = offices.find((office) => office.code === 'HO-02');
  const national = offices.find((office) => office.code === 'HO-00');
  if (!battambang || !national) throw new Error('the seeded head offices are missing');
  const all = (await (await request.get(`${api}/child-infos?take=200`, { headers: admin })).json()) as {
    data: { id: number; code: string; headOffice: { id: number } }[];
    paginateMeta: { itemCount: number };
  };
  const own = all.data.filter((child) => child.headOffice.id === battambang.id);
  const other = all.data.find((child) => child.headOffice.id !== battambang.id);
  if (!other) throw new Error('no child of another office in the e2e data');

  const en = dict.en;
  await resumeSession(page, {
    username: 'demo.province',
    password: 'demo-pass-123',
    locale: 'en',
    path: '/en/login',
  });
  await page.goto('/en/adoptive-child/child');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (own.length > 0) {
    // The grid's rows fill in once the page has loaded.
    await expect
      .poll(async () => (await page.locator('.ag-cell[col-id="code"]').allTextContents()).sort())
      .toEqual(own.map((child) => child.code).sort());
  } else {
    await expect(
      page.getByText(en.list.empty({ things: en.resources.child.many().toLowerCase() })),
    ).toBeVisible();
  }
  await saveScreenshot(page, 'office-scope-list-en');

  // Another office's child, opened by its address: not found, as if it did not exist.
  await page.goto(`/en/adoptive-child/child/show/${other.id}`);
  await expect(page.getByRole('heading', { name: en.errors.notFoundTitle() })).toBeVisible();
  await expect(page.getByText(en.errors.notFoundPage())).toBeVisible();
  await saveScreenshot(page, 'office-scope-other-child-en');
});

test('a provincial caseworker sees only the applications of their own office, in lists, pages and the palette', async ({
  page,
  request,
}) => {
  const signedIn = await request.post(`${api}/auth/sign-in`, {
    data: { username: 'admin', password: adminPassword },
  });
  const admin = { authorization: `Bearer ${(await signedIn.json()).data.accessToken}` };
  const all = (await (await request.get(`${api}/parent-infos?take=200`, { headers: admin })).json()) as {
    data: { id: number; code: string; applicantsEn: string; headOffice: { code: string } }[];
  };
  const own = all.data.filter((application) => application.headOffice.code === 'HO-02');
  const other = all.data.find((application) => application.headOffice.code !== 'HO-02');
  if (!other) throw new Error('no application of another office in the e2e data');

  const en = dict.en;
  await resumeSession(page, {
    username: 'demo.province',
    password: 'demo-pass-123',
    locale: 'en',
    path: '/en/login',
  });
  await page.goto('/en/adoptive-parents/parents');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  if (own.length > 0) {
    await expect
      .poll(async () => (await page.locator('.ag-cell[col-id="code"]').allTextContents()).sort())
      .toEqual(
        own
          .map((application) => application.code)
          .sort()
          .slice(0, 10),
      );
  } else {
    await expect(
      page.getByText(en.list.empty({ things: en.resources.parent.many().toLowerCase() })),
    ).toBeVisible();
  }
  await saveScreenshot(page, 'office-scope-applications-en');

  // The palette finds no application of another office, even by its exact code: the search's
  // answer comes, and holds none of it.
  await page.keyboard.press('Control+k');
  const searched = page.waitForResponse(
    (response) => response.url().includes('/api/v1/parent-infos?') && response.url().includes(other.code),
  );
  await page.keyboard.type(other.code);
  expect((await (await searched).json()).data).toEqual([]);
  await expect(page.getByRole('option', { name: new RegExp(other.code) })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto(`/en/adoptive-parents/parents/show/${other.id}`);
  await expect(page.getByRole('heading', { name: en.errors.notFoundTitle() })).toBeVisible();
});
