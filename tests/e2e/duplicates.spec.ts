import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { dict, resumeSession, saveScreenshot } from './fixtures';
import { api, caseworker, supervisor, tokenOf } from './matchingThroughApi';

/**
 * The duplicate check in the browser (issue 35), in Khmer: a caseworker registering a child sees
 * the child already registered as they type, opens it from the keyboard, and registers anyway with
 * a reason; a supervisor merges a pair from the review list and says another is not a duplicate,
 * and the merged child's page says where it went. Screenshots of each in Khmer and English.
 */
const suffix = Date.now().toString(36).slice(-5);
// Letters only: a Latin name as a caseworker types it, unique to this run.
const letters = suffix.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]);

/** No serious or critical axe violation on what is on screen (the accessibility walk's rules). */
const expectAccessible = async (page: Page) => {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const serious = result.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`),
  ).toEqual([]);
};

type TChild = { familyNameKh: string; givenNameKh: string; familyNameEn: string; givenNameEn: string };

/** A child of the caseworker's office registered through the API. */
const registerChild = async (
  request: APIRequestContext,
  child: TChild,
  more: Record<string, unknown> = {},
) => {
  const headers = await tokenOf(request, caseworker);
  const office = await request.get(`${api}/child-infos/head-office-user`, { headers });
  const headOfficeId = (await office.json()).data.id as number;
  const created = await request.post(`${api}/child-infos`, {
    headers,
    data: {
      ...child,
      sex: 'female',
      dateOfBirth: '2018-05-20',
      dateOfBirthEstimated: false,
      headOfficeId,
      disabilityIds: [],
      ...more,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data as { id: number; code: string; version: number };
};

/**
 * A child registered under another name, then corrected to `child`'s names: an edit is not refused
 * as a duplicate (a save of a new one is), and the pair it makes waits on the review list. (One
 * registered anyway with a reason is recorded as 'not the same', so it is not listed.)
 */
const correctedInto = async (request: APIRequestContext, child: TChild, note: string) => {
  const other = await registerChild(
    request,
    {
      familyNameKh: 'កែវ',
      givenNameKh: 'ពិសី',
      familyNameEn: 'Keo',
      givenNameEn: `Pisey${letters}`,
    },
    { notes: note },
  );
  const edited = await request.patch(`${api}/child-infos/${other.id}`, {
    headers: await tokenOf(request, caseworker),
    data: { ...child, version: other.version },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  return other;
};

test('a caseworker typing a child already registered sees it, opens it and registers anyway with a reason', async ({
  page,
  request,
}) => {
  const kh = dict.kh;
  const child = {
    familyNameKh: 'ម៉ៅ',
    givenNameKh: 'សុវណ្ណារី',
    familyNameEn: 'Mao',
    givenNameEn: `Sovannary${letters}`,
  };
  const original = await registerChild(request, child);
  await resumeSession(page, caseworker);

  await page.goto('/kh/adoptive-child/child/create');
  await page.getByLabel(kh.fields.familyNameKh(), { exact: true }).fill(child.familyNameKh);
  await page.getByLabel(kh.fields.givenNameKh(), { exact: true }).fill(child.givenNameKh);
  await page.getByLabel(kh.fields.familyNameEn(), { exact: true }).fill(child.familyNameEn);
  // Latin letters with a different romanisation (Sovannary / Sovanary): still found.
  await page.getByLabel(kh.fields.givenNameEn(), { exact: true }).fill(child.givenNameEn.replace('nn', 'n'));
  await page.locator('#field-sex').selectOption('female');
  await page.locator('#field-dateOfBirth').fill('20-05-2018');

  // As they type: the possible duplicate, said politely to a screen reader, openable.
  const panel = page.locator('[data-duplicate-check]');
  const open = panel.getByRole('link', { name: new RegExp(`${kh.duplicateCheck.open()} ${original.code}`) });
  await expect(open).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText(kh.duplicateCheck.found({ count: 1 }));
  await expect(panel.getByText(kh.duplicates.reasons.sameDateOfBirth(), { exact: false })).toBeVisible();
  await saveScreenshot(page, 'duplicates-form-kh');
  await expectAccessible(page);

  // Opened from the keyboard in a new tab: what is typed stays in this one.
  const popup = page.waitForEvent('popup');
  await open.focus();
  await page.keyboard.press('Enter');
  const tab = await popup;
  await expect(tab).toHaveURL(new RegExp(`/kh/adoptive-child/child/show/${original.id}$`));
  await expect(
    tab.getByRole('heading', { name: `${child.familyNameKh} ${child.givenNameKh}`, level: 1 }),
  ).toBeVisible();
  await tab.close();
  await expect(page.getByLabel(kh.fields.givenNameKh(), { exact: true })).toHaveValue(child.givenNameKh);

  // Saving asks first; an empty reason is refused, a written one registers the child.
  await page.keyboard.press('Control+s');
  const dialog = page.getByRole('dialog', { name: kh.duplicateCheck.saveTitle() });
  await expect(dialog.getByRole('link', { name: new RegExp(original.code) })).toBeVisible();
  await saveScreenshot(page, 'duplicates-save-dialog-kh');
  await expectAccessible(page);
  const registerAnyway = dialog.getByRole('button', { name: kh.duplicateCheck.notSame.child() });
  await registerAnyway.click();
  await expect(dialog.getByText(kh.duplicateCheck.reasonRequired())).toBeVisible();
  await expect(dialog.getByLabel(kh.duplicateCheck.reason())).toBeFocused();
  await page.keyboard.type('ម្ដាយផ្សេង ភូមិផ្សេង');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/kh\/adoptive-child\/child\/show\/\d+$/);
  expect(page.url()).not.toContain(`/show/${original.id}`);

  // The same in English, for the screenshots.
  await page.goto('/en/adoptive-child/child/create');
  const en = dict.en;
  await page.getByLabel(en.fields.familyNameEn(), { exact: true }).fill(child.familyNameEn);
  await page.getByLabel(en.fields.givenNameEn(), { exact: true }).fill(child.givenNameEn);
  await page.locator('#field-sex').selectOption('female');
  await page.locator('#field-dateOfBirth').fill('20-05-2018');
  await expect(
    page.locator('[data-duplicate-check]').getByRole('link', { name: new RegExp(original.code) }),
  ).toBeVisible();
  await saveScreenshot(page, 'duplicates-form-en');
  await page.keyboard.press('Control+s');
  await expect(
    page.getByRole('dialog', { name: en.duplicateCheck.saveTitle() }).getByLabel(en.duplicateCheck.reason()),
  ).toBeFocused();
  await saveScreenshot(page, 'duplicates-save-dialog-en');
});

test('a supervisor merges a pair from the review list; the merged child’s page leads to the kept one', async ({
  page,
  request,
}) => {
  const kh = dict.kh;
  const en = dict.en;
  const child = {
    familyNameKh: 'ស៊ុន',
    givenNameKh: 'ចរិយា',
    familyNameEn: 'Sun',
    givenNameEn: `Chariya${letters}`,
  };
  const first = await registerChild(request, child);
  // Only the second has notes: the merge proposes to keep them on the kept record.
  const note = 'Found near the market of Kampong Cham.';
  const second = await correctedInto(request, child, note);
  // A third like them: after the merge, it is said not to be the same.
  const third = await correctedInto(request, child, 'Twin sister, registered the same day.');
  await resumeSession(page, supervisor);

  // In English first: the list page leads to the review, the merge dialog shows both side by side.
  await page.goto('/en/adoptive-child/child');
  await page.getByRole('link', { name: en.list.possibleDuplicatesLink() }).click();
  await expect(page).toHaveURL(/\/en\/adoptive-child\/child\/duplicates$/);
  const rowEn = page.locator(`[data-duplicate-pair="${first.id}-${second.id}"]`);
  await expect(rowEn).toBeVisible();
  await saveScreenshot(page, 'duplicates-review-en');
  await rowEn.getByRole('button', { name: new RegExp(`^${en.duplicateCheck.review.merge()}`) }).click();
  const dialogEn = page.getByRole('dialog');
  await expect(dialogEn.locator('[data-merge-dialog]')).toBeVisible();
  await saveScreenshot(page, 'duplicates-merge-dialog-en');
  await page.keyboard.press('Escape');
  await expect(dialogEn).toHaveCount(0);

  // In Khmer, from the palette: merged from the keyboard, keeping the older record.
  await page.goto('/kh/adoptive-child/child');
  // The list shown first, as a person sees it before reaching for the palette.
  await expect(page.getByRole('heading', { name: kh.resources.child.many(), level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog').getByRole('combobox')).toBeFocused();
  await page.keyboard.type(kh.list.mergeKeyword());
  const title = kh.list.possibleDuplicates({ things: kh.resources.child.many() });
  await expect(page.getByRole('option', { name: new RegExp(title) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kh\/adoptive-child\/child\/duplicates$/);
  await expect(
    page.getByRole('heading', {
      name: kh.list.possibleDuplicates({ things: kh.resources.child.many() }),
      level: 1,
    }),
  ).toBeVisible();
  const row = page.locator(`[data-duplicate-pair="${first.id}-${second.id}"]`);
  await saveScreenshot(page, 'duplicates-review-kh');
  await expectAccessible(page);
  await row.getByRole('button', { name: new RegExp(`^${kh.duplicateCheck.review.merge()}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByRole('radio', { name: new RegExp(kh.duplicateCheck.merge.keepThis({ code: first.code })) }),
  ).toBeChecked();
  await expect(dialog.getByLabel(kh.duplicateCheck.merge.reason())).toBeFocused();
  const notes = dialog.locator('[data-merge-field="notes"]');
  await expect(notes.getByRole('radio', { name: new RegExp(first.code) })).not.toBeChecked();
  await expect(notes.getByRole('radio', { name: new RegExp(second.code) })).toBeChecked();
  await page.keyboard.type('កុមារតែមួយ ចុះឈ្មោះពីរដង');
  await saveScreenshot(page, 'duplicates-merge-dialog-kh');
  await expectAccessible(page);
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByText(kh.duplicateCheck.merge.done({ merged: second.code, kept: first.code })),
  ).toBeVisible();
  await expect(row).toHaveCount(0);

  // Not a duplicate: a reason, and the pair is no longer listed.
  const twin = page.locator(`[data-duplicate-pair="${first.id}-${third.id}"]`);
  await twin.getByRole('button', { name: new RegExp(`^${kh.duplicateCheck.review.dismiss()}`) }).click();
  const question = page.getByRole('dialog', { name: kh.duplicateCheck.review.dismissTitle() });
  await expect(question.getByLabel(kh.duplicateCheck.review.dismissReason())).toBeFocused();
  await page.keyboard.type('បងប្អូនភ្លោះ');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(kh.duplicateCheck.review.dismissed())).toBeVisible();
  await expect(twin).toHaveCount(0);
  await saveScreenshot(page, 'duplicates-review-after-kh');

  // The merged child's page says where it went, and leads there.
  await page.goto(`/kh/adoptive-child/child/show/${second.id}`);
  await expect(page.getByRole('heading', { name: kh.duplicateCheck.merged.title() })).toBeVisible();
  await saveScreenshot(page, 'duplicates-merged-kh');
  await page.goto(`/en/adoptive-child/child/show/${second.id}`);
  await expect(page.getByRole('heading', { name: en.duplicateCheck.merged.title() })).toBeVisible();
  await saveScreenshot(page, 'duplicates-merged-en');
  await page.getByRole('link', { name: en.duplicateCheck.merged.open({ code: first.code }) }).click();
  await expect(page).toHaveURL(new RegExp(`/en/adoptive-child/child/show/${first.id}$`));
  await expect(page.getByText(note)).toBeVisible();
});
