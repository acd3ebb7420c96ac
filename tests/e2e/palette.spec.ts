import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminPassword, dict, saveScreenshot, signIn } from './fixtures';

/**
 * The command palette as the keyboard-first way to work (issue 4): recent destinations before
 * anything is typed, pages found in either language whatever the interface language, the actions
 * of the screen in view, and records found by name.
 */
const admin = { username: 'admin', password: adminPassword };
type TLocale = keyof typeof dict;

/** Opens the palette from the keyboard; the pointer is moved away so hovering selects nothing. */
const openPalette = async (page: Page, locale: TLocale) => {
  await page.mouse.move(1, 1);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: dict[locale].palette.label() });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox')).toBeFocused();
  return dialog;
};

const paletteGroup = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

const waitForHeading = (page: Page, name: string) =>
  expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

/** A name no other test (nor an earlier run against the same data) uses. */
const uniqueSuffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000).toString(36)}`;

/** Creates an active user through the API as admin; answers its id, username and name. */
const createUser = async (request: APIRequestContext) => {
  const signedIn = await request.post('/api/v1/auth/sign-in', {
    data: { username: admin.username, password: admin.password },
  });
  expect(signedIn.ok()).toBe(true);
  const token = ((await signedIn.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { Authorization: `Bearer ${token}`, locale: 'en' };
  const firstId = async (path: string) => {
    const response = await request.get(`/api/v1${path}`, { headers });
    expect(response.ok(), path).toBe(true);
    const options = ((await response.json()) as { data: { id: number }[] }).data;
    expect(options.length, path).toBeGreaterThan(0);
    return options[0].id;
  };
  const roleId = await firstId('/users/get-roles');
  const organizationId = await firstId('/users/get-organizations');
  const departmentId = await firstId(`/users/get-departments?organizationId=${organizationId}`);
  const positionId = await firstId(`/users/get-positions?departmentId=${departmentId}`);
  const suffix = uniqueSuffix();
  const user = { username: `palette.${suffix}`, name: `Palette Finder ${suffix}` };
  const created = await request.post('/api/v1/users', {
    headers,
    data: {
      ...user,
      password: 'palette-pass-123',
      roleId,
      organizationId,
      departmentId,
      positionId,
      active: true,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  return { id, ...user };
};

test('with nothing typed the palette lists the pages visited before, newest first, in Khmer', async ({
  page,
}) => {
  const kh = dict.kh;
  await signIn(page, admin);
  await waitForHeading(page, kh.home.welcome({ name: 'Administrator' }));
  await page.goto('/kh/security/role');
  await waitForHeading(page, kh.resources.role.many());
  await page.goto('/kh/configuration/district');
  await waitForHeading(page, kh.resources.district.many());

  await openPalette(page, 'kh');
  const recent = paletteGroup(page, kh.palette.recent());
  const options = recent.getByRole('option');
  // The page on screen is not offered; before it: the roles, then home.
  await expect(options.nth(0)).toContainText(kh.resources.role.many());
  await expect(options.nth(1)).toContainText(kh.palette.home());
  await expect(recent).not.toContainText(kh.resources.district.many());
  // The screen's own actions come first under Actions, with their shortcut.
  const firstAction = paletteGroup(page, kh.palette.actions()).getByRole('option').first();
  await expect(firstAction).toContainText(kh.list.createThing({ thing: kh.resources.district.one() }));
  await expect(firstAction.locator('kbd')).toHaveText('n');
  await saveScreenshot(page, 'palette-recent-kh');

  // The newest is selected: Enter goes back to the roles.
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kh\/security\/role(\?page=.*)?$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await waitForHeading(page, kh.resources.role.many());

  // Now the districts are where the user was last; one step down is home.
  await openPalette(page, 'kh');
  await expect(paletteGroup(page, kh.palette.recent()).getByRole('option').first()).toContainText(
    kh.resources.district.many(),
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kh$/);
});

test('a page is found by its English name in Khmer and by its Khmer name in English', async ({ page }) => {
  await signIn(page, admin);
  await waitForHeading(page, dict.kh.home.welcome({ name: 'Administrator' }));

  await openPalette(page, 'kh');
  await page.keyboard.type('districts');
  const khPages = paletteGroup(page, dict.kh.palette.pages());
  await expect(
    khPages.getByRole('option', { name: new RegExp(dict.kh.resources.district.many()) }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kh\/configuration\/district(\?page=.*)?$/);

  await page.goto('/en');
  await waitForHeading(page, dict.en.home.welcome({ name: 'Administrator' }));
  await openPalette(page, 'en');
  await page.keyboard.type(dict.kh.resources.role.many());
  const enPages = paletteGroup(page, dict.en.palette.pages());
  // The menu search and the page command both find the role list: it is listed once.
  await expect(enPages.getByRole('option')).toHaveCount(1);
  await expect(enPages.getByRole('option')).toContainText(dict.en.resources.role.many());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/security\/role(\?page=.*)?$/);
});

test("the user list's 'New user' runs from the palette, typed in either order or language", async ({
  page,
}) => {
  const en = dict.en;
  const newUser = en.list.createThing({ thing: en.resources.user.one() });
  await signIn(page, { ...admin, locale: 'en', path: '/en/login' });
  await page.goto('/en/security/user');
  await waitForHeading(page, en.resources.user.many());

  await openPalette(page, 'en');
  await page.keyboard.type('user new');
  const actions = paletteGroup(page, en.palette.actions());
  const option = actions.getByRole('option', { name: new RegExp(newUser) });
  await expect(option).toBeVisible();
  // Its shortcut is shown beside it.
  await expect(option.locator('kbd')).toHaveText('n');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(dict.kh.list.createThing({ thing: dict.kh.resources.user.one() }));
  await expect(actions.getByRole('option', { name: new RegExp(newUser) })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/security\/user\/create$/);
});

test('a user is found by name under Records and Enter opens the record', async ({ page, request }) => {
  const user = await createUser(request);
  const en = dict.en;
  await signIn(page, { ...admin, locale: 'en', path: '/en/login' });
  await waitForHeading(page, en.home.welcome({ name: 'Administrator' }));

  await openPalette(page, 'en');
  await page.keyboard.type(user.name);
  const records = paletteGroup(page, en.palette.records());
  const found = records.getByRole('option', { name: new RegExp(user.name) });
  await expect(found).toBeVisible();
  // The second line tells which kind of record it is and whose account.
  await expect(found).toContainText(`${en.resources.user.one()} · ${user.username}`);
  await saveScreenshot(page, 'palette-records-en');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en/security/user/edit/${user.id}$`));
  await expect(page.getByLabel(en.fields.username())).toHaveValue(user.username);

  // Once elsewhere, the record is offered under Recent, by its name.
  await page.goto('/en');
  await waitForHeading(page, en.home.welcome({ name: 'Administrator' }));
  await openPalette(page, 'en');
  await expect(paletteGroup(page, en.palette.recent()).getByRole('option').first()).toContainText(user.name);
});

test('the first Ctrl+K right after sign-in opens the palette with what is typed, in Khmer', async ({
  page,
}) => {
  // Issue 38: lost 3 times in 10 when pressed as the home page came, before the signed-in frame's
  // chunk had bound the key. Pressed as soon as the address leaves the sign-in page.
  const words = dict.kh;
  await page.goto('/kh/login');
  await page.getByLabel(words.login.username(), { exact: true }).fill(admin.username);
  await page.getByLabel(words.login.password(), { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: words.login.submit(), exact: true }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.keyboard.press('Control+k');
  await page.keyboard.type('sok');
  const dialog = page.getByRole('dialog', { name: words.palette.label() });
  await expect(dialog).toBeVisible();
  const box = dialog.getByRole('combobox');
  await expect(box).toBeFocused();
  // Nothing typed was lost on the way (the stand-in took it, the palette started from it).
  await expect(box).toHaveValue('sok');
  await saveScreenshot(page, 'palette-first-ctrl-k-kh');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  // The signed-in frame came meanwhile, and took nothing typed into the palette.
  await expect(page.getByRole('button', { name: words.layout.userMenu() })).toBeVisible();
});
