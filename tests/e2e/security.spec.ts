import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { isMenuGroup, sidebarMenu } from '../../src/domain/sidebarMenu';
import { adminPassword, dict, resumeSession, saveScreenshot, signIn } from './fixtures';

/**
 * Security administration end to end (issue 4): a role is created, given `adoptive_children:read`
 * on the assign-permission screen with the keyboard alone, a user is created with it, and that user
 * signs in and sees exactly the sidebar the permission allows.
 */
const admin = { username: 'admin', password: adminPassword };
const suffix = `${Date.now().toString(36)}`;
const roleName = `Child reader ${suffix}`;
const newUser = { username: `sokha.${suffix}`, name: `Sokha Chan ${suffix}`, password: 'sokha-pass-123' };

/** Presses Tab until the focused element matches `selector`, as a keyboard user would (bounded). */
const tabUntil = async (page: Page, selector: string, limit = 40) => {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
};

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

test('a role given adoptive_children:read from the keyboard, a user with it, and that user’s sidebar', async ({
  page,
}) => {
  const kh = dict.kh;
  await signIn(page, admin);

  // 1. The role, created in Khmer.
  await page.goto('/kh/security/role/create');
  await page.getByLabel(kh.fields.roleName()).fill(roleName);
  await page.getByLabel(kh.fields.description()).fill('អាចមើលបញ្ជីកុមារ');
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('heading', { name: kh.resources.role.many(), level: 1 })).toBeVisible();
  await expect(page.getByText(kh.form.created({ thing: kh.resources.role.one() }))).toBeVisible();
  // The role list searches by name through the spec's call, GET /roles/search?roleName=.
  const searched = page.waitForRequest(
    (request) => request.url().includes('/api/v1/roles/search?') && request.url().includes('roleName='),
  );
  await page.getByLabel(kh.list.searchLabel({ things: kh.resources.role.many() })).fill(roleName);
  await searched;
  await expect(page.getByRole('gridcell', { name: roleName })).toBeVisible();

  // 2. Its permission, with the keyboard only: Tab to the role picker, type the name, Tab into the
  // grid, arrows to 'Adoptive children — Read', Space, Ctrl+S.
  await page.goto('/kh/security/assign-permission');
  await expect(page.getByRole('heading', { name: kh.assignPermission.title(), level: 1 })).toBeVisible();
  await expect(page.getByText(kh.assignPermission.pickRole())).toBeVisible();
  await tabUntil(page, '#assign-role');
  await page.keyboard.type(roleName);
  await expect(page).toHaveURL(/role=\d+/);
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  await tabUntil(page, '[data-grid-stop]');

  const target = kh.assignPermission.cell({
    resource: kh.permissionNames.resources.adoptive_children(),
    action: kh.permissionNames.actions.read(),
  });
  for (let step = 0; step < 6 && (await focusedLabel(page)) !== target; step += 1) {
    // The first stop is the first section's header: down to its first resource, then right to Read.
    const label = await focusedLabel(page);
    await page.keyboard.press(label.startsWith(target.split(' — ')[0]) ? 'ArrowRight' : 'ArrowDown');
  }
  expect(await focusedLabel(page)).toBe(target);
  await page.keyboard.press('Space');
  await expect(grid.getByRole('checkbox', { name: new RegExp(`^${target}`) })).toBeChecked();
  await expect(page.getByText(kh.assignPermission.changes({ count: 1 }))).toBeVisible();
  await saveScreenshot(page, 'assign-permission-keyboard-kh');
  await page.keyboard.press('Control+s');
  await expect(page.getByText(kh.assignPermission.saved({ role: roleName }))).toBeVisible();
  await expect(page.getByText(kh.assignPermission.noChanges())).toBeVisible();

  // 3. A user with that role, created in English.
  const en = dict.en;
  await page.goto('/en/security/user/create');
  await expect(
    page.getByRole('heading', { name: en.form.createTitle({ thing: en.resources.user.one() }) }),
  ).toBeVisible();
  await page.getByLabel(en.fields.username()).fill(newUser.username);
  await page.locator('#field-name').fill(newUser.name);
  await page.getByLabel(en.fields.password()).fill(newUser.password);
  await page.getByLabel(en.fields.role()).selectOption({ label: roleName });
  const organization = page.getByLabel(en.fields.organization());
  await expect(organization.locator('option')).not.toHaveCount(1);
  await organization.selectOption({ index: 1 });
  const department = page.getByLabel(en.fields.department());
  await expect(department).toBeEnabled();
  await expect(department.locator('option')).not.toHaveCount(1);
  await department.selectOption({ index: 1 });
  const position = page.getByLabel(en.fields.position());
  await expect(position).toBeEnabled();
  await expect(position.locator('option')).not.toHaveCount(1);
  await position.selectOption({ index: 1 });
  await page.getByLabel(en.fields.headOfficeClass()).selectOption('provincial');
  const headOffice = page.getByLabel(en.fields.headOffice(), { exact: true });
  await expect(headOffice).toBeEnabled();
  await expect(headOffice.locator('option')).not.toHaveCount(1);
  await headOffice.selectOption({ index: 1 });
  await saveScreenshot(page, 'user-create-en');
  await page.keyboard.press('Control+s');
  await expect(page.getByRole('heading', { name: en.resources.user.many(), level: 1 })).toBeVisible();
  await page.getByLabel(en.list.searchLabel({ things: en.resources.user.many() })).fill(newUser.username);
  await expect(page.getByRole('gridcell', { name: newUser.name })).toBeVisible();

  // 4. That user signs in (Khmer) and sees the one entry the permission allows, nothing else.
  await page.getByRole('button', { name: en.layout.userMenu() }).click();
  await page.getByRole('menuitem', { name: en.layout.logout() }).click();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, { username: newUser.username, password: newUser.password });
  await page.getByRole('button', { name: kh.layout.toggleSidebar() }).click();
  const nav = page.getByRole('navigation', { name: kh.layout.mainNavigation() });
  const entries = sidebarMenu.flatMap((item) => (isMenuGroup(item) ? [item, ...item.children] : [item]));
  const allowed = entries.find((entry) => entry.key === 'child');
  await expect(nav.getByRole('link', { name: allowed?.title.kh })).toBeVisible();
  for (const entry of entries.filter((item) => item.key !== 'child')) {
    await expect(nav.getByText(entry.title.kh, { exact: true })).toHaveCount(0);
  }
  await saveScreenshot(page, 'new-user-sidebar-kh');
  await page.goto('/kh/security/role');
  await expect(page.getByText(kh.errors.forbidden())).toBeVisible();
});

test('the Super Admin role is shown holding everything and cannot be narrowed', async ({ page }) => {
  const en = dict.en;
  await resumeSession(page, { ...admin, locale: 'en', path: '/en/login' });
  await page.goto('/en/security/assign-permission');
  await page.getByLabel(en.assignPermission.role()).selectOption({ label: 'Super Admin' });
  await expect(page.getByText(en.assignPermission.superAdminNote())).toBeVisible();
  const boxes = page.getByRole('grid').getByRole('checkbox');
  expect(await boxes.count()).toBeGreaterThan(20);
  const unchecked = await boxes.evaluateAll(
    (elements) => elements.filter((element) => !(element as HTMLInputElement).checked).length,
  );
  expect(unchecked).toBe(0);
  await saveScreenshot(page, 'assign-permission-super-admin-en');
});

test('the audit screen tells each entry in words, by record code, and exports it (issue 22)', async ({
  page,
}) => {
  for (const locale of ['kh', 'en'] as const) {
    const words = dict[locale];
    await signIn(page, { ...admin, locale, path: `/${locale}/login` });
    // The demo matchings' trial confirmations (scripts/e2e-prepare.ts): a workflow action.
    await page.goto(`/${locale}/security/audit?action=confirm-test`);
    await expect(page.locator('#filter-action')).toHaveValue('confirm-test');
    await expect(page.locator('#filter-action option:checked')).toHaveText(
      words.areas.matching.workflow.actions.confirmTest(),
    );
    const row = page.locator('.ag-row').first();
    await expect(row.locator('.ag-cell[col-id="action"]')).toHaveText(
      words.areas.matching.workflow.actions.confirmTest(),
    );
    await expect(row.locator('.ag-cell[col-id="entity"]')).toHaveText(
      words.options.entity.adoptive_matchings(),
    );
    await expect(row.locator('.ag-cell[col-id="code"]')).toHaveText(/^MA-/);
    // A trial is confirmed from 'testing' or 'testPending' (whichever test confirmed one last).
    const change = (from: string) =>
      words.audit.statusChange({ from, to: words.options.status.testConfirmed() });
    const [fromTesting, fromPending] = [
      change(words.options.status.testing()),
      change(words.options.status.testPending()),
    ].map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    await expect(row.locator('.ag-cell[col-id="details"]')).toHaveText(
      new RegExp(`^(${fromTesting}|${fromPending})`),
    );
    await expect(page.getByRole('button', { name: words.list.exportXlsx() })).toBeVisible();
    await saveScreenshot(page, `audit-words-${locale}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: words.list.exportXlsx() }).click();
    expect((await download).suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.getByRole('button', { name: words.layout.userMenu() }).click();
    await page.getByRole('menuitem', { name: words.layout.logout() }).click();
    await expect(page).toHaveURL(/\/login/);
  }
});

test("the user list exports the view's columns, opened as a workbook; a big list says 'about' (issue 26)", async ({
  page,
}) => {
  for (const locale of ['kh', 'en'] as const) {
    const words = dict[locale];
    await resumeSession(page, { ...admin, locale, path: `/${locale}/login` });
    // A view's columns as the address keeps them, partly (issue 26): the name first, then the
    // username, the list's other columns after them, as the grid shows them.
    await page.goto(`/${locale}/security/user?search=admin&columns=name,username`);
    await expect(page.locator('.ag-row').first()).toBeVisible();
    const gridHeadings = (await page.locator('.ag-header-cell-text').allInnerTexts())
      .map((text) => text.trim())
      .filter(Boolean);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: words.list.exportXlsx() }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0];
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0].slice(0, 2)).toEqual([words.fields.name(), words.fields.username()]);
    expect(rows[0]).toEqual(gridHeadings);
    expect(rows[0].length).toBeGreaterThan(2);
    expect(rows.map((row) => row[1])).toContain('admin');

    // Two more lists, each with a view's whole arrangement as the column chooser writes it (hidden
    // ones with '-', a width set by hand): the file's headings are the grid's, in the grid's order.
    for (const address of [
      `/${locale}/adoptive-matching?columns=status,code:160,-childName,-applicants,proposedDate,-stageEnteredOn,headOffice`,
      `/${locale}/security/audit?columns=entity,action,-at,user,-code,-changes,-details`,
    ]) {
      await page.goto(address);
      await expect(page.locator('.ag-row').first()).toBeVisible();
      const shown = (await page.locator('.ag-header-cell-text').allInnerTexts())
        .map((text) => text.trim())
        .filter(Boolean);
      const exported = page.waitForEvent('download');
      await page.getByRole('button', { name: words.list.exportXlsx() }).click();
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(await (await exported).path());
      const headings = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
      expect(headings.length, address).toBeGreaterThan(1);
      expect(headings, address).toEqual(shown);
      expect(book.worksheets[0].rowCount, address).toBeGreaterThan(1);
    }

    // The gazetteer's 15,000-odd villages are above the exact count: the total is an estimate.
    await page.goto(`/${locale}/configuration/village`);
    const about = words.list
      .totalAbout({ total: '#' })
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('#', '1[45],\\d{3}');
    await expect(page.getByText(new RegExp(`^${about}$`))).toBeVisible();
    await saveScreenshot(page, `villages-about-total-${locale}`);
  }
});
