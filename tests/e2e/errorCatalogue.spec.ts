import { expect, type Page, type Route, test } from '@playwright/test';
import { adminPassword, dict, reader, resumeSession, saveScreenshot, signIn } from './fixtures';

/**
 * The error catalogue of spec section 8 on the screens (issue 10, section 5), in Khmer and English:
 * every read and navigation shows the catalogue's view inside the layout; a write keeps its form and
 * what was typed, with the same words over it; a screen whose code does not arrive recovers.
 */
const admin = { username: 'admin', password: adminPassword };
type TLocale = keyof typeof dict;

const provincePath = '/configuration/province';
const childPath = '/adoptive-child/child';

/** Moves inside the app (no page load), as a click on a link does. */
const goInApp = (page: Page, path: string) =>
  page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** Answers every call of `method` on exactly `pathname` with this status and body. */
const answer = (page: Page, pathname: string, status: number, body: unknown, method = 'GET') =>
  page.route(
    (url) => url.pathname === `/api/v1${pathname}`,
    (route: Route) =>
      route.request().method() === method
        ? route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) })
        : route.fallback(),
  );

const errorView = (page: Page) => page.getByTestId('error-view');
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** The layout is still there around a view: the top bar's user menu and the sidebar. */
const expectLayout = async (page: Page, locale: TLocale) => {
  await expect(page.getByRole('button', { name: dict[locale].layout.userMenu() })).toBeVisible();
  await expect(page.getByRole('navigation', { name: dict[locale].layout.mainNavigation() })).toBeAttached();
};

const expectOfflineView = async (page: Page, locale: TLocale) => {
  await expect(heading(page, dict[locale].errors.offlineTitle())).toBeVisible();
  await expect(errorView(page).locator('[data-icon="wifiOff"]')).toBeVisible();
  await expectLayout(page, locale);
};

const provinceLabels = (locale: TLocale) => {
  const words = dict[locale];
  return {
    code: words.fields.code(),
    nameKh: `${words.fields.name()} (${words.form.khmer()})`,
    nameEn: `${words.fields.name()} (${words.form.english()})`,
  };
};

for (const locale of ['kh', 'en'] as const) {
  const words = dict[locale];
  const at = (path: string) => `/${locale}${path}`;
  const signInHere = (page: Page) => signIn(page, { ...admin, locale, path: at('/login') });
  /** The admin's session saved from one form sign-in; the test opens its own page next. */
  const sessionHere = (page: Page) => resumeSession(page, { ...admin, locale, path: at('/login') });

  test.describe(`error catalogue (${locale})`, () => {
    test('a list that fails offline shows the offline view and reloads when the connection returns', async ({
      page,
      context,
    }) => {
      await sessionHere(page);
      await page.goto(at(provincePath));
      const listHeading = page.getByRole('heading', { name: words.resources.province.many(), level: 1 });
      await expect(listHeading).toBeVisible();
      await expect(page.locator('.ag-row[row-index]').first()).toBeVisible();

      await context.setOffline(true);
      await page.getByLabel(words.list.searchLabel({ things: words.resources.province.many() })).fill('Kep');
      await expectOfflineView(page, locale);
      // Not the list's own line any more.
      await expect(page.getByText(words.list.failed())).toHaveCount(0);
      await saveScreenshot(page, `errors-offline-list-${locale}`);

      await context.setOffline(false);
      await expect(listHeading).toBeVisible();
      // The search typed while offline is in the address: the reloaded list shows its one row.
      await expect(page.getByText(words.list.total({ total: 1 }), { exact: true })).toBeVisible();
      await expect(errorView(page)).toHaveCount(0);
    });

    test('a show page whose record cannot be read offline shows the offline view, then the record', async ({
      page,
    }) => {
      await sessionHere(page);
      let offline = true;
      await page.route(
        (url) => url.pathname === '/api/v1/child-infos/3',
        (route) => (offline ? route.abort('internetdisconnected') : route.fallback()),
      );
      await page.goto(at(`${childPath}/show/3`));
      await expectOfflineView(page, locale);
      await expect(page.getByText(words.areas.child.show.loadFailed())).toHaveCount(0);
      await saveScreenshot(page, `errors-offline-show-${locale}`);
      offline = false;
      await errorView(page).getByRole('button', { name: words.errors.retry() }).click();
      await expect(errorView(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: words.record.print() })).toBeVisible();
    });

    test('an unknown record on an edit or show page and an unmatched route show 404 Not Found', async ({
      page,
    }) => {
      await sessionHere(page);
      await page.goto(at(`${provincePath}/edit/999999`));
      await expect(heading(page, words.errors.notFoundTitle())).toBeVisible();
      await expect(page.getByText(words.errors.notFoundPage())).toBeVisible();
      await expect(errorView(page).getByRole('link', { name: words.errors.homepage() })).toBeVisible();
      // Not under a 'New Province' heading.
      await expect(
        page.getByText(words.form.createTitle({ thing: words.resources.province.one() })),
      ).toHaveCount(0);
      await expectLayout(page, locale);
      await saveScreenshot(page, `errors-not-found-edit-${locale}`);

      await page.goto(at(`${childPath}/show/999999`));
      await expect(heading(page, words.errors.notFoundTitle())).toBeVisible();
      // An id that is no number names no record either.
      await page.goto(at(`${childPath}/show/not-a-number`));
      await expect(heading(page, words.errors.notFoundTitle())).toBeVisible();
      await page.goto(at(`${childPath}/edit/999999`));
      await expect(heading(page, words.errors.notFoundTitle())).toBeVisible();

      await page.goto(at('/no-such-page'));
      await expect(heading(page, words.errors.notFoundTitle())).toBeVisible();
      await expect(page.getByText(words.errors.notFoundRoute())).toBeVisible();
      await expectLayout(page, locale);
    });

    test('403 shows the forbidden view with No Permission.', async ({ page }) => {
      await sessionHere(page);
      await answer(page, '/provinces/1', 403, { statusCode: 403, message: words.errors.noPermission() });
      await page.goto(at(`${provincePath}/edit/1`));
      await expect(heading(page, words.errors.forbidden())).toBeVisible();
      await expect(errorView(page).getByText(words.errors.noPermission(), { exact: true })).toBeVisible();
      await expectLayout(page, locale);
      await saveScreenshot(page, `errors-forbidden-${locale}`);
    });

    test('the reader, whose role lacks the permission, gets the forbidden view', async ({ page }) => {
      await resumeSession(page, { ...reader, locale, path: at('/login') });
      await page.goto(at(provincePath));
      await expect(heading(page, words.errors.forbidden())).toBeVisible();
      await expect(page.getByText(words.errors.noPermission(), { exact: true })).toBeVisible();
    });

    test('500 shows Internal Server Error; any other status the blank generic view', async ({ page }) => {
      await sessionHere(page);
      await answer(page, '/provinces', 500, { statusCode: 500, message: 'Internal Server Error' });
      await page.goto(at(provincePath));
      await expect(heading(page, words.errors.serverErrorTitle())).toBeVisible();
      await expectLayout(page, locale);
      await saveScreenshot(page, `errors-server-error-${locale}`);

      await page.unrouteAll();
      await answer(page, '/provinces', 502, { statusCode: 502, message: 'upstream said no' });
      await page.goto(at(provincePath));
      await expect(heading(page, words.errors.generic())).toBeVisible();
      await expect(page.getByText('upstream said no')).toHaveCount(0);
      await saveScreenshot(page, `errors-generic-${locale}`);

      await page.unrouteAll();
      await answer(page, '/child-infos/2', 418, { statusCode: 418, message: "I'm a teapot" });
      await page.goto(at(`${childPath}/show/2`));
      await expect(heading(page, words.errors.generic())).toBeVisible();
      await expect(page.getByText("I'm a teapot")).toHaveCount(0);
    });

    test('401 ends the session and opens the login page', async ({ page }) => {
      await signInHere(page);
      await answer(page, '/provinces', 401, { statusCode: 401, message: 'Unauthorized' });
      await page.goto(at(provincePath));
      await expect(page).toHaveURL(new RegExp(`/${locale}/login\\?redirect=`));
      await expect(page.getByLabel(words.login.username(), { exact: true })).toBeVisible();
    });

    test('both tokens expired: the session is reset and the login page says so', async ({
      page,
      context,
    }) => {
      // Tokens the client reads as expired (it checks `exp`; the server never sees them).
      const expired = (typ: string) =>
        [
          Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url'),
          Buffer.from(JSON.stringify({ sub: '1', typ, exp: Math.floor(Date.now() / 1000) - 3600 })).toString(
            'base64url',
          ),
          'signature',
        ].join('.');
      const base = test.info().project.use.baseURL ?? '';
      await context.addCookies([
        { name: 'auth.access_token', value: expired('access'), url: base },
        { name: 'auth.refresh_token', value: expired('refresh'), url: base },
      ]);
      await page.goto(at(provincePath));
      await expect(page).toHaveURL(new RegExp(`/${locale}/login`));
      await expect(page.getByText(words.login.bothExpired())).toBeVisible();
      await saveScreenshot(page, `errors-both-tokens-expired-${locale}`);
      const cookies = await context.cookies();
      expect(cookies.filter((cookie) => cookie.name.startsWith('auth.'))).toEqual([]);
    });

    test('a write keeps the form and what was typed, with the catalogue words over it', async ({
      page,
      context,
    }) => {
      const labels = provinceLabels(locale);
      const code = `E${Date.now().toString(36)}`.toUpperCase().slice(0, 10);
      await sessionHere(page);
      await page.goto(at(`${provincePath}/create`));
      await page.getByLabel(labels.code).fill(code);
      await page.getByLabel(labels.nameKh).fill('ខេត្តសាកល្បង');
      await page.getByLabel(labels.nameEn).fill('Test province');
      const save = page.getByRole('button', { name: words.form.save(), exact: true });
      const notice = page.locator('form [role="alert"]');
      const expectTypedKept = async () => {
        await expect(page.getByLabel(labels.code)).toHaveValue(code);
        await expect(page.getByLabel(labels.nameKh)).toHaveValue('ខេត្តសាកល្បង');
        await expect(page.getByLabel(labels.nameEn)).toHaveValue('Test province');
        await expect(errorView(page)).toHaveCount(0);
      };

      // Offline: 'You are offline.' over the form.
      await context.setOffline(true);
      await save.click();
      await expect(notice).toHaveText(words.errors.offlineTitle());
      await expectTypedKept();
      await saveScreenshot(page, `errors-write-offline-${locale}`);
      await context.setOffline(false);
      // The connection coming back does not reload a form.
      await expect(page.getByText(words.connectivity.restored())).toBeVisible();
      await expectTypedKept();

      // 400: handed back to the form, the message under its field.
      await answer(
        page,
        '/provinces',
        400,
        { statusCode: 400, message: 'Validation failed', errors: ['code marker-400'] },
        'POST',
      );
      await save.click();
      await expect(page.getByText(`${labels.code} marker-400`)).toBeVisible();
      await expectTypedKept();
      await saveScreenshot(page, `errors-write-400-${locale}`);

      for (const [status, text] of [
        [403, words.errors.noPermission()],
        [500, words.errors.serverErrorTitle()],
        [502, words.errors.generic()],
      ] as const) {
        await page.unrouteAll();
        await answer(page, '/provinces', status, { statusCode: status, message: 'server words' }, 'POST');
        await save.click();
        await expect(notice).toContainText(text);
        if (status !== 403) await expect(notice).not.toContainText('server words');
        await expectTypedKept();
      }

      // And it saves once the server takes it.
      await page.unrouteAll();
      await save.click();
      await expect(page).toHaveURL(new RegExp(`/${locale}${provincePath}(\\?|$)`));
    });

    test('a screen whose code cannot load offline shows the offline view in the layout and loads when back online', async ({
      page,
      context,
    }) => {
      await sessionHere(page);
      await page.goto(at('/'));
      await expect(page.getByRole('button', { name: words.layout.userMenu() })).toBeVisible();
      await context.setOffline(true);
      await goInApp(page, at('/configuration/general-information'));
      await expectOfflineView(page, locale);
      await saveScreenshot(page, `errors-chunk-offline-${locale}`);
      await context.setOffline(false);
      await expect(errorView(page)).toHaveCount(0);
      await expect(
        page.getByRole('heading', { name: words.generalInformation.title(), level: 1 }),
      ).toBeVisible();
    });

    test('a screen whose code fails twice within 60 s shows the error view in the layout and recovers', async ({
      page,
    }) => {
      await sessionHere(page);
      await page.goto(at('/'));
      await expect(page.getByRole('button', { name: words.layout.userMenu() })).toBeVisible();
      const chunk = (url: URL) => /\/assets\/GeneralInformationPage-[^/]+\.js$/.test(url.pathname);
      await page.route(chunk, (route) => route.abort('failed'));
      // The first failure reloads the page once (spec: at most once per 60 s); the second shows the view.
      await goInApp(page, at('/configuration/general-information'));
      await expect(errorView(page).getByText(words.errors.loadFailed())).toBeVisible();
      await expect(heading(page, words.errors.generic())).toBeVisible();
      await expectLayout(page, locale);
      await saveScreenshot(page, `errors-chunk-failed-${locale}`);
      await page.unroute(chunk);
      await errorView(page).getByRole('button', { name: words.errors.retry() }).click();
      await expect(
        page.getByRole('heading', { name: words.generalInformation.title(), level: 1 }),
      ).toBeVisible();
    });
  });
}
