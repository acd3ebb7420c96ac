import { expect, test } from '@playwright/test';
import { adminPassword, dict, reader, saveScreenshot, signIn } from './fixtures';

const admin = { username: 'admin', password: adminPassword };

test('signs in through the form in Khmer, then switches to English and back, in both themes', async ({
  page,
}) => {
  await page.goto('/');
  // Not signed in: the home page sends the visitor to the Khmer login page.
  await expect(page).toHaveURL(/\/kh\/login|\/login/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'km');
  await expect(page).toHaveTitle(dict.kh.app.pageTitle());
  await saveScreenshot(page, 'login-kh');

  await signIn(page, admin);
  await expect(
    page.getByRole('heading', { name: dict.kh.home.welcome({ name: 'Administrator' }) }),
  ).toBeVisible();
  await saveScreenshot(page, 'home-kh-light');

  await page.getByRole('button', { name: dict.kh.layout.themeToDark() }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await saveScreenshot(page, 'home-kh-dark');

  await page.getByRole('link', { name: dict.kh.layout.languageEn() }).click();
  await expect(page).toHaveURL(/\/en\/?$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-GB');
  await expect(
    page.getByRole('heading', { name: dict.en.home.welcome({ name: 'Administrator' }) }),
  ).toBeVisible();
  // The page title stays Khmer (spec section 1); the theme survives the language change.
  await expect(page).toHaveTitle(dict.kh.app.pageTitle());
  await expect(page.locator('html')).toHaveClass(/dark/);
  await saveScreenshot(page, 'home-en-dark');

  await page.getByRole('button', { name: dict.en.layout.themeToLight() }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await saveScreenshot(page, 'home-en-light');

  // The language is remembered: the root sends an English user to /en.
  await page.goto('/');
  await expect(page).toHaveURL(/\/en\/?$/);
  await page.getByRole('link', { name: dict.en.layout.languageKh() }).click();
  await expect(
    page.getByRole('heading', { name: dict.kh.home.welcome({ name: 'Administrator' }) }),
  ).toBeVisible();
});

test('a user holding only adoptive_children:read sees only that entry and is refused elsewhere', async ({
  page,
}) => {
  await signIn(page, { ...reader, locale: 'en', path: '/en/login' });
  const nav = page.getByRole('navigation', { name: dict.en.layout.mainNavigation() });
  await page.getByRole('button', { name: dict.en.layout.toggleSidebar() }).click();
  await expect(nav.getByRole('link', { name: 'Adoptive child' })).toBeVisible();
  for (const hidden of [
    'Adopted parents',
    'Adoptive matching',
    'Security',
    'Configuration',
    'Reports',
    'Role',
  ]) {
    await expect(nav.getByText(hidden, { exact: true })).toHaveCount(0);
  }
  await page.goto('/en/security/role');
  await expect(page.getByText(dict.en.errors.forbidden())).toBeVisible();
  await expect(page.getByRole('link', { name: dict.en.errors.homepage() })).toBeVisible();
  await saveScreenshot(page, 'forbidden-en');
  // Khmer too.
  await page.goto('/security/role');
  await expect(page.getByText(dict.kh.errors.forbidden())).toBeVisible();
});

test('the palette navigates by keyboard only', async ({ page }) => {
  await signIn(page, { ...admin, locale: 'en', path: '/en/login' });
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox');
  await expect(input).toBeFocused();
  await page.keyboard.type('distr');
  const option = page.getByRole('option', { name: /District/ });
  await expect(option).toBeVisible();
  await saveScreenshot(page, 'palette-en');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en\/configuration\/district(\?|$)/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A Khmer query from a /kh page goes to the /kh-prefixed target.
  await page.goto('/kh');
  // Shortcuts exist once the signed-in layout is on screen.
  await expect(
    page.getByRole('heading', { name: dict.kh.home.welcome({ name: 'Administrator' }) }),
  ).toBeVisible();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('តួនាទី');
  await expect(page.getByRole('option', { name: /តួនាទី/ })).toBeVisible();
  await saveScreenshot(page, 'palette-kh');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/kh\/security\/role(\?|$)/);

  // `?` lists the shortcuts.
  await page.locator('body').click();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: dict.kh.shortcuts.title() })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('offline and restored notices', async ({ page, context }) => {
  await signIn(page, { ...admin, locale: 'en', path: '/en/login' });
  await context.setOffline(true);
  await expect(page.getByText(dict.en.connectivity.disconnected())).toBeVisible();
  await saveScreenshot(page, 'offline-notice-en');
  await context.setOffline(false);
  await expect(page.getByText(dict.en.connectivity.restored())).toBeVisible();
  await expect(page.getByText(dict.en.connectivity.disconnected())).toHaveCount(0);
  // The restored notice goes away by itself (5000 ms).
  await expect(page.getByText(dict.en.connectivity.restored())).toHaveCount(0, { timeout: 8000 });
});

test('unknown routes show the 404 view', async ({ page }) => {
  await signIn(page, { ...admin, locale: 'en', path: '/en/login' });
  await page.goto('/en/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await saveScreenshot(page, 'not-found-en');
  await page.goto('/no-such-page');
  await expect(page.getByText(dict.kh.errors.notFoundRoute())).toBeVisible();
});

test('logout ends the session and returns to the login page', async ({ page }) => {
  await signIn(page, admin);
  await page.getByRole('button', { name: dict.kh.layout.userMenu() }).click();
  await page.getByRole('menuitem', { name: dict.kh.layout.logout() }).click();
  await expect(page.getByLabel(dict.kh.login.username(), { exact: true })).toBeVisible();
  // The old session is gone: the home page asks for sign-in again.
  await page.goto('/');
  await expect(page.getByLabel(dict.kh.login.username(), { exact: true })).toBeVisible();
});

test('a wrong password shows the server message on the form', async ({ page }) => {
  await page.goto('/en/login');
  await page.getByLabel(dict.en.login.username(), { exact: true }).fill('admin');
  await page.getByLabel(dict.en.login.password(), { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: dict.en.login.submit(), exact: true }).click();
  await expect(page.getByText(dict.en.server.invalidCredentials())).toBeVisible();
  await saveScreenshot(page, 'login-error-en');
});

/** A JWT-shaped token whose `exp` has passed: the client reads expiry without verifying. */
const expiredToken = (typ: string) => {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', typ, exp })}.signature`;
};

test('when both tokens have expired the session is reset with the spec message', async ({
  page,
  context,
}) => {
  await context.addCookies(
    [
      ['auth.access_token', expiredToken('access')],
      ['auth.refresh_token', expiredToken('refresh')],
    ].map(([name, value]) => ({ name, value, url: 'http://127.0.0.1' })),
  );
  await page.goto('/en');
  await expect(page.getByText(dict.en.login.bothExpired())).toBeVisible();
  await expect(page.getByLabel(dict.en.login.username(), { exact: true })).toBeVisible();
  const cookies = await context.cookies();
  expect(cookies.filter((cookie) => cookie.name.startsWith('auth.'))).toEqual([]);
  await saveScreenshot(page, 'both-expired-en');
});

test('the developer-only page refuses even the admin', async ({ page }) => {
  await signIn(page, { ...admin, locale: 'en', path: '/en/login' });
  await page.goto('/en/security/system-menu');
  await expect(page.getByText(dict.en.errors.forbidden())).toBeVisible();
});
