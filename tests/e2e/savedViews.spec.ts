import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { defaultDemoPassword } from '../../server/db/demo/demoUsers';
import { adminPassword, dict, resumeSession, saveScreenshot } from './fixtures';

/**
 * Saved views and columns (issue 26): a caseworker builds a view of the children from the keyboard
 * (a filter, a sort, a column hidden and another moved), saves it from the views menu, reloads and
 * finds it again, then opens it from the palette ('View: …'); in Khmer and in English. The menu and
 * the column chooser are photographed in both languages.
 */
const caseworker = { username: 'demo.caseworker', password: defaultDemoPassword };
const listPath = '/adoptive-child/child';

const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000).toString(36)}`;

const header = (page: Page, name: string) => page.getByRole('columnheader', { name, exact: true });

for (const locale of ['kh', 'en'] as const) {
  test(`a caseworker builds a view from the keyboard, saves it, reloads and opens it from the palette (${locale})`, async ({
    page,
  }) => {
    const words = dict[locale];
    const viewName = `${locale === 'kh' ? 'កុមារអាចសុំបាន' : 'Adoptable children'} ${uniqueSuffix()}`;
    await resumeSession(page, { ...caseworker, locale, path: `/${locale}/login` });
    await page.goto(`/${locale}${listPath}`);
    await expect(page.getByRole('heading', { name: words.resources.child.many(), level: 1 })).toBeVisible();
    const menuButton = page.locator('[data-saved-views-menu]');
    await expect(menuButton).toContainText(words.savedViews.allRecords());

    // A filter from the keyboard: the status select, adoptable.
    const status = page.getByLabel(words.fields.status(), { exact: true });
    await status.focus();
    await status.selectOption('adoptable');
    await expect(page).toHaveURL(/adoptable/);

    // A sort from the keyboard: Enter on the code's header.
    const code = header(page, words.fields.code());
    await code.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/%22sort%22%3A%22code%22|"sort":"code"/);

    // The column chooser: Space hides 'Sex', Alt+ArrowUp moves 'Status' before 'Head office'.
    const chooserButton = page.locator('[data-column-chooser]');
    await chooserButton.focus();
    await page.keyboard.press('Enter');
    const chooser = page.getByRole('group', { name: words.savedViews.columnsTitle() });
    await expect(chooser).toBeVisible();
    const sexBox = chooser.getByRole('checkbox', { name: words.fields.sex(), exact: true });
    await sexBox.focus();
    await page.keyboard.press('Space');
    await expect(sexBox).not.toBeChecked();
    const statusBox = chooser.getByRole('checkbox', { name: words.fields.status(), exact: true });
    await statusBox.focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(statusBox).toBeFocused();
    await expect(page).toHaveURL(/columns=/);
    await saveScreenshot(page, `saved-views-columns-${locale}`);
    await page.keyboard.press('Escape');
    await expect(header(page, words.fields.sex())).toHaveCount(0);
    const headers = page.getByRole('columnheader');
    const order = await headers.allTextContents();
    expect(order.findIndex((text) => text.includes(words.fields.status()))).toBeLessThan(
      order.findIndex((text) => text.includes(words.fields.headOffice())),
    );

    // Saved from the views menu: Enter opens it; with no view open, 'Save as new view' is its last item.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const saveAs = page.getByRole('menuitem', { name: words.savedViews.saveAsNew() });
    await expect(saveAs).toBeVisible();
    // No view is open: nothing that acts on one is offered (not even greyed out).
    const viewActions = [
      words.savedViews.save(),
      words.savedViews.rename(),
      words.savedViews.setDefault(),
      words.savedViews.share(),
      words.savedViews.delete(),
    ];
    for (const name of viewActions)
      await expect(page.getByRole('menuitem', { name, exact: true })).toHaveCount(0);
    await page.keyboard.press('End');
    await expect(saveAs).toHaveAttribute('data-focus', '');
    await page.keyboard.press('Enter');
    const nameField = page.getByLabel(words.savedViews.nameLabel(), { exact: true });
    await expect(nameField).toBeFocused();
    await page.keyboard.type(viewName);
    await page.keyboard.press('Enter');
    await expect(menuButton).toContainText(viewName);
    await expect(page).toHaveURL(/savedView=\d+/);

    // The menu lists it under 'My views'; changing the rows per page shows the view as modified.
    const rowsPerPage = page.locator('#rows-per-page');
    const savedLength = await rowsPerPage.inputValue();
    await rowsPerPage.selectOption(savedLength === '50' ? '100' : '50');
    await expect(menuButton).toContainText(words.savedViews.modified());
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const saveItem = page.getByRole('menuitem', { name: words.savedViews.save(), exact: true });
    await expect(saveItem).toBeVisible();
    const viewItem = page.getByRole('menuitem', { name: viewName });
    await expect(viewItem).toBeVisible();
    // A view is open: what acts on it is offered, under its name.
    for (const name of [words.savedViews.rename(), words.savedViews.setDefault(), words.savedViews.delete()])
      await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
    await expect(
      page.getByRole('group', { name: words.savedViews.thisView({ name: viewName }) }),
    ).toBeVisible();
    // The arrows move through the items: Home to the first, ArrowDown to the next, End to the last,
    // ArrowUp back one.
    const focused = page.locator('[role="menuitem"][data-focus]');
    const items = page.getByRole('menuitem');
    await page.keyboard.press('Home');
    await expect(items.first()).toHaveAttribute('data-focus', '');
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toHaveAttribute('data-focus', '');
    await expect(focused).toHaveCount(1);
    await page.keyboard.press('End');
    await expect(focused).toHaveText(words.savedViews.saveAsNew());
    await page.keyboard.press('ArrowUp');
    await expect(focused).toHaveText(words.savedViews.delete());
    // The rows under the open menu (hidden from the accessibility tree while it is open).
    await expect(page.locator('.ag-cell[col-id="code"]').filter({ hasText: 'DEMO-' }).first()).toBeVisible();
    await saveScreenshot(page, `saved-views-menu-${locale}`);
    // Escape closes it and gives the keys back to its button.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(menuButton).toBeFocused();
    await rowsPerPage.selectOption(savedLength);
    await expect(menuButton).not.toContainText(words.savedViews.modified());

    // A reload shows the same view: its name, the filter, the hidden column.
    await page.reload();
    await expect(menuButton).toContainText(viewName);
    await expect(page.getByLabel(words.fields.status(), { exact: true })).toHaveValue('adoptable');
    await expect(header(page, words.fields.code())).toBeVisible();
    await expect(header(page, words.fields.sex())).toHaveCount(0);

    // The mouse: dragging the code column's edge widens it, and the address keeps its width.
    const edge = page.locator('.ag-header-cell[col-id="code"] .ag-header-cell-resize');
    const box = await edge.boundingBox();
    if (!box) throw new Error('no resize handle on the code column');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page).toHaveURL(/columns=[^&]*code%3A\d+|columns=[^&]*code:\d+/);
    await expect(menuButton).toContainText(words.savedViews.modified());

    // From anywhere, the palette finds it as 'View: …' and opens it.
    await page.goto(`/${locale}/`);
    await expect(page.getByRole('button', { name: words.layout.userMenu() })).toBeVisible();
    await page.mouse.move(1, 1);
    const palette = page.getByRole('dialog', { name: words.palette.label() });
    // The home page may still be taking the keys' listener when it first shows.
    await expect(async () => {
      await page.keyboard.press('Control+k');
      await expect(palette).toBeVisible({ timeout: 2000 });
    }).toPass();
    await page.keyboard.type(viewName);
    const option = palette.getByRole('option', { name: words.savedViews.paletteTitle({ name: viewName }) });
    await expect(option).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/savedView=\d+/);
    await expect(menuButton).toContainText(viewName);
    await expect(page.getByLabel(words.fields.status(), { exact: true })).toHaveValue('adoptable');
    await expect(header(page, words.fields.sex())).toHaveCount(0);
  });
}

const api = '/api/v1';
const supervisor = { username: 'demo.supervisor', password: defaultDemoPassword };
const provincial = { username: 'demo.province', password: defaultDemoPassword };

/** An id of a related record as the API's record or row gives it (`roleId` or `role.id`). */
const idOf = (record: Record<string, unknown>, key: string) =>
  (record[`${key}Id`] as number | undefined) ?? (record[key] as { id?: number } | null)?.id ?? null;

/**
 * A second user of the supervisor's head office (made by the administrator once): the views the
 * supervisor shares are theirs to see.
 */
const officeColleague = async (request: APIRequestContext) => {
  const signedIn = await request.post(`${api}/auth/sign-in`, {
    data: { username: 'admin', password: adminPassword },
  });
  const admin = { authorization: `Bearer ${(await signedIn.json()).data.accessToken}` };
  const username = `office.colleague.${uniqueSuffix()}`;
  const listed = await request.get(`${api}/users?search=demo.supervisor&take=10`, { headers: admin });
  const row = ((await listed.json()).data as { id: number; username: string }[]).find(
    (user) => user.username === supervisor.username,
  );
  if (!row) throw new Error('demo.supervisor is missing');
  const record = (await (await request.get(`${api}/users/${row.id}`, { headers: admin })).json())
    .data as Record<string, unknown>;
  const created = await request.post(`${api}/users`, {
    headers: admin,
    data: {
      username,
      name: 'Office Colleague',
      password: defaultDemoPassword,
      roleId: idOf(record, 'role'),
      organizationId: idOf(record, 'organization'),
      departmentId: idOf(record, 'department'),
      positionId: idOf(record, 'position'),
      headOfficeId: idOf(record, 'headOffice'),
      active: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { username, password: defaultDemoPassword };
};

/** Opens the views menu by the mouse and picks one of its items. */
const menuItem = async (page: Page, name: string) => {
  await page.locator('[data-saved-views-menu]').click();
  const item = page.getByRole('menuitem', { name, exact: true });
  await expect(item).toBeVisible();
  await item.click();
};

test('in English, a supervisor shares a view with the office, makes it the default, renames and deletes it; a colleague of the office sees it, another office does not', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const words = dict.en;
  const colleague = await officeColleague(request);
  const viewName = `Office registered ${uniqueSuffix()}`;
  const menuButton = page.locator('[data-saved-views-menu]');
  const openList = async () => {
    await page.goto(`/en${listPath}`);
    await expect(page.getByRole('heading', { name: words.resources.child.many(), level: 1 })).toBeVisible();
  };

  // The supervisor narrows the list and saves it as a view.
  await resumeSession(page, { ...supervisor, locale: 'en', path: '/en/login' });
  await openList();
  await page.getByLabel(words.fields.status(), { exact: true }).selectOption('registered');
  await expect(page).toHaveURL(/registered/);
  await menuItem(page, words.savedViews.saveAsNew());
  await page.getByLabel(words.savedViews.nameLabel(), { exact: true }).fill(viewName);
  await page.keyboard.press('Enter');
  await expect(menuButton).toContainText(viewName);

  // Shared with the office, then the list's default.
  await menuItem(page, words.savedViews.share());
  await expect(page.getByText(words.savedViews.sharedNow({ name: viewName }))).toBeVisible();
  // Said once it is shared: the menu offers to stop sharing it.
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: words.savedViews.unshare() })).toBeVisible();
  await page.keyboard.press('Escape');
  await menuItem(page, words.savedViews.setDefault());
  await expect(page.getByText(words.savedViews.defaultSet({ name: viewName }))).toBeVisible();
  await menuButton.click();
  const listed = page.getByRole('menuitem', { name: new RegExp(`^${viewName}`) });
  await expect(listed).toContainText(words.savedViews.defaultBadge());
  await expect(listed).toContainText(words.savedViews.sharedBadge());
  await saveScreenshot(page, 'saved-views-shared-default-en');
  await page.keyboard.press('Escape');

  // A fresh visit to the list opens the default view.
  await page.goto(`/en/`);
  await openList();
  await expect(menuButton).toContainText(viewName);
  await expect(page).toHaveURL(/savedView=\d+/);
  await expect(page.getByLabel(words.fields.status(), { exact: true })).toHaveValue('registered');

  // A colleague of the same office finds it under 'Shared with my office' and opens it.
  await page.context().clearCookies();
  await resumeSession(page, { ...colleague, locale: 'en', path: '/en/login' });
  await openList();
  // Not their default: the list opens whole.
  await expect(menuButton).toContainText(words.savedViews.allRecords());
  await menuButton.click();
  // Nothing to set as default before a view is picked.
  await expect(page.getByRole('menuitem', { name: words.savedViews.setDefault() })).toHaveCount(0);
  await page
    .getByRole('group', { name: words.savedViews.shared() })
    .getByRole('menuitem', { name: viewName })
    .click();
  await expect(menuButton).toContainText(viewName);
  await expect(page.getByLabel(words.fields.status(), { exact: true })).toHaveValue('registered');
  // Not theirs to rename, share or delete; theirs to open by default.
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: words.savedViews.setDefault() })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: words.savedViews.share() })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: words.savedViews.rename() })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: words.savedViews.delete() })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // A caseworker of another office does not see it.
  await page.context().clearCookies();
  await resumeSession(page, { ...provincial, locale: 'en', path: '/en/login' });
  await openList();
  await menuButton.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: viewName })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The supervisor renames it: the menu and the colleague's list say the new name.
  await page.context().clearCookies();
  await resumeSession(page, { ...supervisor, locale: 'en', path: '/en/login' });
  await openList();
  await expect(menuButton).toContainText(viewName);
  const renamed = `${viewName} (renamed)`;
  await menuItem(page, words.savedViews.rename());
  const nameField = page.getByLabel(words.savedViews.nameLabel(), { exact: true });
  await expect(nameField).toHaveValue(viewName);
  await nameField.fill(renamed);
  await page.keyboard.press('Enter');
  await expect(menuButton).toContainText(renamed);

  // Deleted (after a confirmation): the menu says the whole list, and a fresh visit opens it whole.
  await menuItem(page, words.savedViews.delete());
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm.getByText(words.savedViews.deleteTitle({ name: renamed }))).toBeVisible();
  await confirm.getByRole('button', { name: words.savedViews.delete() }).click();
  await expect(page.getByText(words.savedViews.deleted({ name: renamed }))).toBeVisible();
  await expect(menuButton).toContainText(words.savedViews.allRecords());
  await page.goto(`/en/`);
  await openList();
  await expect(menuButton).toContainText(words.savedViews.allRecords());
  await expect(page).not.toHaveURL(/savedView=/);
});
