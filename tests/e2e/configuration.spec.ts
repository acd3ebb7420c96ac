import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminPassword, dict, resumeSession, saveScreenshot, signIn } from './fixtures';

/**
 * The generic resource list and form (issue 3), driven through the configuration screens: a
 * district's whole life in Khmer, list views kept in the address, the spec's validation messages in
 * both languages, keyboard paths and the unsaved-changes guard.
 */
const admin = { username: 'admin', password: adminPassword };
type TLocale = keyof typeof dict;

/** A code no other test (nor an earlier run against the same data) uses; codes hold 20 characters. */
let codeCount = 0;
const uniqueCode = () => `E${Date.now().toString(36)}${(codeCount++).toString(36)}`.toUpperCase();

const prefix = (locale: TLocale) => (locale === 'en' ? '/en' : '');

const districtWords = (locale: TLocale) => {
  const words = dict[locale];
  return {
    one: words.resources.district.one(),
    many: words.resources.district.many(),
    nameKh: `${words.fields.name()} (${words.form.khmer()})`,
    nameEn: `${words.fields.name()} (${words.form.english()})`,
  };
};

/** Chooses the option whose text starts with `text` (lookup options read "name (code)"). */
const pick = async (select: Locator, text: string) => {
  const option = select.locator('option').filter({ hasText: text }).first();
  await expect(option).toBeAttached();
  await select.selectOption((await option.getAttribute('value')) ?? '');
};

/** The texts of one column of the grid, in row order, once a page of rows has loaded. */
const columnTexts = async (page: Page, colId: string) => {
  const rows = page.locator('.ag-row[row-index]');
  await expect(rows.first().locator(`[col-id="${colId}"]`)).not.toHaveText('');
  return rows.evaluateAll(
    (elements, column) =>
      elements
        .map((row) => ({
          index: Number(row.getAttribute('row-index')),
          text: row.querySelector(`[col-id="${column}"]`)?.textContent?.trim() ?? '',
        }))
        .sort((a, b) => a.index - b.index)
        .map((row) => row.text),
    colId,
  );
};

/** A toast (top right, role status) saying `text`. */
const expectToast = (page: Page, text: string) =>
  expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();

const gridCell = (page: Page, text: string) => page.getByRole('gridcell', { name: text, exact: true });

const searchBox = (page: Page, locale: TLocale, things: string) =>
  page.getByLabel(dict[locale].list.searchLabel({ things }), { exact: true });

const fillDistrict = async (
  page: Page,
  locale: TLocale,
  values: { province?: string; code: string; nameKh: string; nameEn: string },
) => {
  const words = dict[locale];
  const labels = districtWords(locale);
  if (values.province) await pick(page.getByLabel(words.fields.province()), values.province);
  await page.getByLabel(words.fields.code()).fill(values.code);
  await page.getByLabel(labels.nameKh).fill(values.nameKh);
  await page.getByLabel(labels.nameEn).fill(values.nameEn);
};

test('a district is created, found, edited and deleted through the Khmer screens', async ({ page }) => {
  const kh = dict.kh;
  const labels = districtWords('kh');
  const code = uniqueCode();
  await resumeSession(page, admin);
  await page.goto('/configuration/district');
  await expect(page.getByRole('heading', { name: labels.many, level: 1 })).toBeVisible();
  await expect(gridCell(page, '0102')).toBeVisible();
  await saveScreenshot(page, 'district-list-kh');

  await page.getByRole('link', { name: kh.list.createThing({ thing: labels.one }) }).click();
  await expect(page).toHaveURL(/\/configuration\/district\/create$/);
  await expect(page.getByRole('heading', { name: kh.form.createTitle({ thing: labels.one }) })).toBeVisible();
  await fillDistrict(page, 'kh', { province: 'កណ្ដាល', code, nameKh: 'ស្រុកសាកល្បង', nameEn: 'Test district' });
  await page.getByRole('button', { name: kh.form.save() }).click();
  await expectToast(page, kh.form.created({ thing: labels.one }));
  await expect(page).toHaveURL(/\/configuration\/district\?/);

  // Found by search: only the new row is left, with its Khmer name and province.
  await searchBox(page, 'kh', labels.many).fill(code);
  await expect(page).toHaveURL(new RegExp(`filter=.*${code}`));
  await expect(gridCell(page, code)).toBeVisible();
  await expect(page.getByText(kh.list.total({ total: 1 }))).toBeVisible();
  const row = page.locator('.ag-row').filter({ has: gridCell(page, code) });
  await expect(row.locator('[col-id="name"]')).toHaveText('ស្រុកសាកល្បង');
  await expect(row.locator('[col-id="province"]')).toHaveText('កណ្ដាល');

  // Edited: a new Khmer name, saved, shown in the list.
  await gridCell(page, code).click();
  await expect(page).toHaveURL(/\/configuration\/district\/edit\/\d+$/);
  const nameKh = page.getByLabel(labels.nameKh);
  await expect(nameKh).toHaveValue('ស្រុកសាកល្បង');
  await expect(page.getByLabel(kh.fields.code())).toHaveValue(code);
  await nameKh.fill('ស្រុកកែប្រែ');
  await page.getByRole('button', { name: kh.form.save() }).click();
  await expectToast(page, kh.form.saved());
  await expect(page).toHaveURL(/\/configuration\/district\?/);
  await searchBox(page, 'kh', labels.many).fill(code);
  await expect(row.locator('[col-id="name"]')).toHaveText('ស្រុកកែប្រែ');

  // Deleted from its edit page, after confirming.
  await gridCell(page, code).click();
  await expect(page.getByLabel(labels.nameKh)).toHaveValue('ស្រុកកែប្រែ');
  await page.getByRole('button', { name: kh.list.delete() }).click();
  const dialog = page.getByRole('dialog', { name: kh.form.deleteTitle({ thing: labels.one }) });
  await expect(dialog).toContainText(kh.form.deleteBody({ name: 'ស្រុកកែប្រែ' }));
  await dialog.getByRole('button', { name: kh.form.confirmDelete() }).click();
  await expectToast(page, kh.form.deleted({ thing: labels.one }));
  await expect(page).toHaveURL(/\/configuration\/district\?/);
  await searchBox(page, 'kh', labels.many).fill(code);
  await expect(page.getByText(kh.list.emptyFiltered({ things: labels.many }))).toBeVisible();
  await expect(gridCell(page, code)).toHaveCount(0);
});

test('a filtered, sorted second page reopened from its address in a new tab shows the same rows', async ({
  page,
  context,
}) => {
  const en = dict.en;
  await resumeSession(page, { ...admin, locale: 'en', path: '/en/login' });
  await page.goto('/en/configuration/village');
  await expect(page.getByRole('heading', { name: en.resources.village.many(), level: 1 })).toBeVisible();

  await pick(page.getByLabel(en.fields.province(), { exact: true }), 'Phnom Penh');
  await expect(page).toHaveURL(/provinceId/);
  // Name, twice: ascending then descending.
  const nameHeader = page.getByRole('columnheader', { name: en.fields.name() });
  await nameHeader.click();
  await expect(page).toHaveURL(/%22order%22%3A%22asc%22|"order":"asc"/);
  await nameHeader.click();
  await expect(page).toHaveURL(/%22order%22%3A%22desc%22|"order":"desc"/);
  await page.getByLabel(en.list.rowsPerPage()).selectOption('10');
  const firstPage = await columnTexts(page, 'code');
  await page.getByRole('button', { name: en.list.next() }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByText(/^11–20 of \d+$/)).toBeVisible();
  await expect.poll(async () => (await columnTexts(page, 'code'))[0]).not.toBe(firstPage[0]);
  const secondPage = await columnTexts(page, 'code');
  expect(secondPage).toHaveLength(10);
  expect(secondPage.filter((code) => firstPage.includes(code))).toEqual([]);
  const names = await columnTexts(page, 'name');
  expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en')));
  expect(await columnTexts(page, 'province')).toEqual(Array(10).fill('Phnom Penh'));

  const address = new URL(page.url());
  expect(address.searchParams.get('page')).toBe('2');
  expect(address.searchParams.get('length')).toBe('10');
  expect(JSON.parse(address.searchParams.get('filter') ?? '{}')).toMatchObject({
    sort: 'name',
    order: 'desc',
    provinceId: expect.any(Number),
  });
  await saveScreenshot(page, 'village-list-filtered-en');

  const tab = await context.newPage();
  await tab.goto(page.url());
  await expect(tab.getByText(/^11–20 of \d+$/)).toBeVisible();
  expect(await columnTexts(tab, 'code')).toEqual(secondPage);
  await expect(tab.getByLabel(en.fields.province(), { exact: true })).toHaveValue(
    String(JSON.parse(address.searchParams.get('filter') ?? '{}').provinceId),
  );
  await expect(tab.getByLabel(en.list.rowsPerPage())).toHaveValue('10');
  await expect(tab.getByRole('columnheader', { name: en.fields.name() })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await tab.close();
});

test('the spec messages show under their field in both languages, client rules and server ones', async ({
  page,
}) => {
  await resumeSession(page, { ...admin, locale: 'en', path: '/en/login' });
  for (const locale of ['en', 'kh'] as const) {
    const words = dict[locale];
    const labels = districtWords(locale);
    await page.goto(`${prefix(locale)}/configuration/district/create`);
    const codeInput = page.getByLabel(words.fields.code());
    await expect(codeInput).toBeVisible();

    // Empty: every required field says so, under itself.
    await page.getByRole('button', { name: words.form.save() }).click();
    const required = words.validation.required({ label: words.fields.code() });
    await expect(codeInput).toHaveAccessibleDescription(required);
    await expect(page.getByLabel(words.fields.province())).toHaveAccessibleDescription(
      words.validation.required({ label: words.fields.province() }),
    );
    await expect(page.getByLabel(labels.nameKh)).toHaveAccessibleDescription(
      words.validation.required({ label: labels.nameKh }),
    );
    await expect(page.getByRole('alert').filter({ hasText: words.form.fixErrors() })).toBeVisible();
    const inputBox = await codeInput.boundingBox();
    const messageBox = await page.getByText(required, { exact: true }).boundingBox();
    expect(messageBox && inputBox && messageBox.y >= inputBox.y + inputBox.height - 1).toBe(true);
    await saveScreenshot(page, `district-form-errors-${locale}`);

    // Whitespace only.
    await codeInput.fill('   ');
    await page.getByRole('button', { name: words.form.save() }).click();
    await expect(codeInput).toHaveAccessibleDescription(
      words.validation.notBlank({ label: words.fields.code() }),
    );

    // Taken by a seeded district: the server's message lands under the code field, worded with
    // the field's label in place of its API name.
    await fillDistrict(page, locale, {
      province: locale === 'en' ? 'Phnom Penh' : 'ភ្នំពេញ',
      code: '1201',
      nameKh: 'ស្ទួន',
      nameEn: 'Duplicate',
    });
    await page.getByRole('button', { name: words.form.save() }).click();
    await expect(codeInput).toHaveAccessibleDescription(
      words.validation.duplicate({ label: words.fields.code() }),
    );
    await expect(page).toHaveURL(/\/district\/create$/);
    await saveScreenshot(page, `district-form-duplicate-${locale}`);
  }
});

test('keyboard: / searches, ArrowDown and Enter open a row, n creates, Ctrl+S saves', async ({ page }) => {
  const en = dict.en;
  const labels = districtWords('en');
  const code = uniqueCode();
  await resumeSession(page, { ...admin, locale: 'en', path: '/en/login' });
  await page.goto('/en/configuration/district');
  await expect(gridCell(page, '0102')).toBeVisible();

  await page.keyboard.press('n');
  await expect(page).toHaveURL(/\/en\/configuration\/district\/create$/);
  await fillDistrict(page, 'en', {
    province: 'Kandal',
    code,
    nameKh: 'ស្រុកក្ដារចុច',
    nameEn: 'Keyboard district',
  });
  await page.keyboard.press('Control+s');
  await expectToast(page, en.form.created({ thing: labels.one }));
  await expect(page).toHaveURL(/\/en\/configuration\/district\?/);
  await expect(gridCell(page, '0102')).toBeVisible();

  await page.keyboard.press('/');
  const search = searchBox(page, 'en', labels.many);
  await expect(search).toBeFocused();
  await page.keyboard.type(code);
  await expect(page.getByText(en.list.total({ total: 1 }))).toBeVisible();
  await expect(gridCell(page, code)).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(gridCell(page, code)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/configuration\/district\/edit\/\d+$/);
  await expect(page.getByLabel(labels.nameEn)).toHaveValue('Keyboard district');

  // Ctrl+S saves from inside a field too.
  await page.getByLabel(labels.nameEn).fill('Keyboard district, renamed');
  await page.keyboard.press('Control+s');
  await expectToast(page, en.form.saved());
  await searchBox(page, 'en', labels.many).fill(code);
  await expect(gridCell(page, 'Keyboard district, renamed')).toBeVisible();
});

test('leaving a changed form asks first: Stay keeps the changes, Leave goes', async ({ page }) => {
  for (const locale of ['kh', 'en'] as const) {
    const words = dict[locale];
    const labels = districtWords(locale);
    if (locale === 'kh') await resumeSession(page, admin);
    await page.goto(`${prefix(locale)}/configuration/district/create`);
    await page.getByLabel(words.fields.code()).fill('UNSAVED');
    const breadcrumb = page.getByRole('navigation', { name: words.layout.breadcrumb() });
    await breadcrumb.getByRole('link', { name: labels.many, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: words.form.leaveTitle() });
    await expect(dialog).toContainText(words.form.leaveBody());
    await saveScreenshot(page, `leave-dialog-${locale}`);

    await dialog.getByRole('button', { name: words.form.stay() }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/configuration\/district\/create$/);
    await expect(page.getByLabel(words.fields.code())).toHaveValue('UNSAVED');

    await breadcrumb.getByRole('link', { name: labels.many, exact: true }).click();
    await dialog.getByRole('button', { name: words.form.leave() }).click();
    await expect(page).toHaveURL(new RegExp(`^[^?]*${prefix(locale)}/configuration/district(\\?|$)`));
    await expect(page.getByRole('heading', { name: labels.many, level: 1 })).toBeVisible();
    if (locale === 'en') {
      await expect(gridCell(page, '0102')).toBeVisible();
      await saveScreenshot(page, 'district-list-en');
    }
  }
});

test('the application name changed in general information shows in the top bar, in each language', async ({
  page,
}) => {
  const en = dict.en.generalInformation;
  const kh = dict.kh.generalInformation;
  await resumeSession(page, { ...admin, locale: 'en', path: '/en/login' });
  await page.goto('/en/configuration/general-information');
  await expect(page.getByRole('heading', { name: en.title(), level: 1 })).toBeVisible();
  const nameEn = page.getByLabel(en.appNameEn());
  const nameKh = page.getByLabel(en.appNameKh());
  await expect(nameEn).not.toHaveValue('');
  const original = { en: await nameEn.inputValue(), kh: await nameKh.inputValue() };
  const title = page.getByRole('banner').getByRole('link', { name: original.en, exact: true });
  await expect(title).toBeVisible();

  const renamed = { en: `Adoption office ${uniqueCode()}`, kh: 'ការិយាល័យសុំកុមារធម៌សាកល្បង' };
  await nameEn.fill(renamed.en);
  await nameKh.fill(renamed.kh);
  await page
    .getByRole('form', { name: en.appNameSection() })
    .getByRole('button', { name: dict.en.form.save() })
    .click();
  await expectToast(page, en.appNameSaved());
  // The top bar follows at once, without a reload, in the language of the page.
  await expect(page.getByRole('banner').getByRole('link', { name: renamed.en, exact: true })).toBeVisible();
  await saveScreenshot(page, 'general-information-renamed-en');
  await page.getByRole('banner').getByRole('link', { name: dict.en.layout.languageKh() }).click();
  await expect(page.getByRole('heading', { name: kh.title(), level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: renamed.kh, exact: true })).toBeVisible();
  // Kept by the server: a fresh load shows it too.
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: renamed.kh, exact: true })).toBeVisible();
  await expect(page.getByLabel(kh.appNameEn())).toHaveValue(renamed.en);

  // Put the original name back for the other tests.
  await page.getByLabel(kh.appNameEn()).fill(original.en);
  await page.getByLabel(kh.appNameKh()).fill(original.kh);
  await page
    .getByRole('form', { name: kh.appNameSection() })
    .getByRole('button', { name: dict.kh.form.save() })
    .click();
  await expectToast(page, kh.appNameSaved());
  await expect(page.getByRole('banner').getByRole('link', { name: original.kh, exact: true })).toBeVisible();
});

test('after the idle minutes of the system settings the user is signed out and told why', async ({
  page,
}) => {
  // The page's clock is fake, so the check (every 15 s) runs at once; the last activity any tab
  // recorded is set back in time rather than waiting half an hour.
  await page.clock.install();
  await signIn(page, { ...admin, locale: 'en', path: '/en/login' });
  await page.goto('/en/configuration/province');
  await expect(page.getByRole('heading', { name: dict.en.resources.province.many() })).toBeVisible();
  const lastActivityMinutesAgo = (minutes: number) =>
    page.evaluate(
      (ago) => localStorage.setItem('session.lastActivity', String(Date.now() - ago)),
      minutes * 60_000,
    );

  await lastActivityMinutesAgo(29);
  await page.clock.runFor(16_000);
  await expect(page).toHaveURL(/\/en\/configuration\/province/);

  await lastActivityMinutesAgo(31);
  await page.clock.runFor(16_000);
  await expect(page).toHaveURL(/\/en\/login$/);
  await expect(page.getByText(dict.en.login.idleSignedOut({ minutes: 30 }))).toBeVisible();
  await saveScreenshot(page, 'idle-signed-out-en');
});

test('the expected days of each matching stage are set in Khmer: a day out of range is refused under its stage', async ({
  page,
}) => {
  const kh = dict.kh;
  await resumeSession(page, { ...admin, path: '/kh/login' });
  await page.goto('/kh/configuration/general-information');
  const settings = page.getByRole('form', { name: kh.generalInformation.systemSettings() });
  const stages = settings.getByRole('group', { name: kh.generalInformation.stageExpectedDays() });
  // One box per stage, named by the stage.
  for (const stage of ['proposal', 'trial', 'warrant', 'keeping'] as const)
    await expect(stages.getByLabel(kh.options.stage[stage]())).toHaveValue(/^\d+$/);
  const trial = stages.getByLabel(kh.options.stage.trial());
  const original = await trial.inputValue();

  await trial.fill('0');
  await trial.blur();
  await expect(trial).toHaveAttribute('aria-invalid', 'true');
  await expect(stages.getByText(new RegExp(`${kh.options.stage.trial()}.*730`))).toBeVisible();
  await saveScreenshot(page, 'system-settings-stage-days-refused-kh');

  await trial.fill('120');
  await expect(trial).toHaveAttribute('aria-invalid', 'false');
  await settings.getByRole('button', { name: kh.form.save() }).click();
  await expectToast(page, kh.generalInformation.settingsSaved());
  // Kept by the server.
  await page.reload();
  await expect(trial).toHaveValue('120');

  // Put back what the other tests expect.
  await trial.fill(original);
  await settings.getByRole('button', { name: kh.form.save() }).click();
  await expectToast(page, kh.generalInformation.settingsSaved());
});

test('the follow-up schedule is edited in Khmer from the keyboard: a row added, a bad month refused under its row, saved', async ({
  page,
}) => {
  const kh = dict.kh;
  const words = kh.generalInformation;
  await resumeSession(page, { ...admin, path: '/kh/login' });
  await page.goto('/kh/configuration/general-information');
  const settings = page.getByRole('form', { name: words.systemSettings() });
  const schedule = settings.getByRole('group', { name: words.followUpSchedule() });
  const row = (n: number) => schedule.getByRole('group', { name: words.followUpRow({ n }), exact: true });
  const typeOf = (n: number) => row(n).getByLabel(kh.fields.serviceType());
  const monthsOf = (n: number) => row(n).getByLabel(words.followUpMonths());
  const dueSoon = settings.getByLabel(words.serviceDueSoonDays());

  // The schedule as saved (the defaults: home visits at 3, 6, 12 months, a report at 24).
  await expect(row(1)).toBeVisible();
  const count = await schedule.getByRole('group').count();
  const original = [];
  for (let n = 1; n <= count; n += 1)
    original.push({ type: await typeOf(n).inputValue(), months: await monthsOf(n).inputValue() });
  const originalDueSoon = await dueSoon.inputValue();

  // Add a row from the keyboard: the new row's type takes the focus.
  const add = schedule.getByRole('button', { name: words.followUpAdd() });
  await add.focus();
  await page.keyboard.press('Enter');
  const added = count + 1;
  await expect(typeOf(added)).toBeFocused();
  await typeOf(added).selectOption('healthCheck');
  await page.keyboard.press('Tab');
  await expect(monthsOf(added)).toBeFocused();
  await page.keyboard.type('0');
  await page.keyboard.press('Tab');
  // The rule's message under this row's months, and nowhere else.
  await expect(monthsOf(added)).toHaveAttribute('aria-invalid', 'true');
  await expect(row(added).getByRole('alert')).toHaveText(kh.validation.numberRange({ min: 1, max: 240 }));
  await expect(row(1).getByRole('alert')).toHaveCount(0);
  await saveScreenshot(page, 'system-settings-follow-up-refused-kh');

  await monthsOf(added).fill('18');
  await expect(monthsOf(added)).toHaveAttribute('aria-invalid', 'false');
  // Remove the first row from the keyboard: the row that takes its place gets the focus.
  await row(1)
    .getByRole('button', { name: words.followUpRemove({ n: 1 }) })
    .focus();
  await page.keyboard.press('Enter');
  await expect(typeOf(1)).toBeFocused();
  await expect(schedule.getByRole('group')).toHaveCount(count);
  await dueSoon.fill('21');
  await saveScreenshot(page, 'system-settings-follow-up-kh');
  await page.keyboard.press('Control+s');
  await expectToast(page, words.settingsSaved());

  // Kept by the server: the first row gone, the added one last.
  await page.reload();
  await expect(schedule.getByRole('group')).toHaveCount(count);
  await expect(typeOf(1)).toHaveValue(original[1].type);
  await expect(monthsOf(1)).toHaveValue(original[1].months);
  await expect(typeOf(count)).toHaveValue('healthCheck');
  await expect(monthsOf(count)).toHaveValue('18');
  await expect(dueSoon).toHaveValue('21');

  // Put back what the other tests expect: the first row again, the added one gone.
  for (const [index, entry] of original.entries()) {
    await typeOf(index + 1).selectOption(entry.type);
    await monthsOf(index + 1).fill(entry.months);
  }
  await dueSoon.fill(originalDueSoon);
  await settings.getByRole('button', { name: kh.form.save() }).click();
  await expectToast(page, words.settingsSaved());
});
