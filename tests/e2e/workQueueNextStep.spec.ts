import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { defaultDemoPassword } from '../../server/db/demo/demoUsers';
import { isoDateIn } from '../../src/domain/programmeTime';
import { adminPassword, dict, saveScreenshot, signIn } from './fixtures';

/**
 * A matching whose next step is the caseworker's (issue 22): `demo.caseworker` proposes one and
 * finds it in the bell's list, worded as the step awaited, in Khmer and in English, and among the
 * palette's commands. The matching is deleted afterwards, so the other tests find the same children.
 */
const kh = dict.kh;
const en = dict.en;
const caseworker = { username: 'demo.caseworker', password: defaultDemoPassword };
const api = '/api/v1';

const tokenOf = async (request: APIRequestContext, who: { username: string; password: string }) => {
  const signedIn = await request.post(`${api}/auth/sign-in`, { data: who });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return { authorization: `Bearer ${(await signedIn.json()).data.accessToken}`, locale: 'en' };
};

/** Opens the bell (its name is the dictionary's count sentence) and answers the matching's item. */
const openBell = async (page: Page, book: typeof kh, id: number) => {
  const pattern = book.workQueue.bell({ count: 0 }).replace('0', '\\d+');
  const bell = page.getByRole('button', { name: new RegExp(`^${pattern}$`) });
  await expect(bell).toBeVisible();
  await bell.focus();
  await page.keyboard.press('Enter');
  const item = page.locator(`[data-work-item="matching-${id}"]`).first();
  await expect(item).toBeVisible();
  return item;
};

test('the caseworker finds the step awaited of a matching they proposed in the bell, in both languages, and in the palette', async ({
  page,
  request,
}) => {
  const worker = await tokenOf(request, caseworker);
  // The first child one of the office's families may be proposed for: the tests before this one
  // (matchings, parents, upload...) take families and add children, so the first child may have none.
  const children: { id: number }[] = (
    await (await request.get(`${api}/adoptive-matching/adoptive-childs`, { headers: worker })).json()
  ).data;
  let child: { id: number } | undefined;
  let family: { id: number } | undefined;
  for (const candidate of children) {
    [family] = (
      await (
        await request.get(`${api}/adoptive-matching/adoptive-parents?childId=${candidate.id}`, {
          headers: worker,
        })
      ).json()
    ).data;
    child = candidate;
    if (family) break;
  }
  if (!child || !family) throw new Error('No child of the office has a family it may be proposed to');
  const created = await request.post(`${api}/adoptive-matching`, {
    headers: worker,
    data: {
      childId: child.id,
      parentId: family.id,
      proposedDate: isoDateIn(new Date()),
      justification: 'Assessed in person.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, code } = (await created.json()).data as { id: number; code: string };
  try {
    await signIn(page, caseworker);
    const khItem = await openBell(page, kh, id);
    await expect(khItem).toContainText(
      kh.workQueue.nextStep({ actions: kh.areas.matching.workflow.actions.pendingAdoption() }),
    );
    await saveScreenshot(page, 'work-queue-next-step-kh');

    await page.goto('/en');
    const enItem = await openBell(page, en, id);
    await expect(enItem).toContainText(
      en.workQueue.nextStep({ actions: en.areas.matching.workflow.actions.pendingAdoption() }),
    );
    await saveScreenshot(page, 'work-queue-next-step-en');
    await page.keyboard.press('Escape');

    // The palette offers the matching with the step to take.
    await page.keyboard.press('Control+k');
    await expect(page.locator('[cmdk-input]')).toBeFocused();
    await page.keyboard.type(code);
    await expect(
      page.getByRole('option', {
        name: new RegExp(`${code}.*${en.areas.matching.workflow.actions.pendingAdoption()}`),
      }),
    ).toBeVisible();
    await saveScreenshot(page, 'work-queue-next-step-palette-en');
  } finally {
    const admin = await tokenOf(request, { username: 'admin', password: adminPassword });
    const removed = await request.delete(`${api}/adoptive-matching/${id}`, { headers: admin });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
});
