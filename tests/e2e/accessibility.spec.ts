import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { adminPassword, saveScreenshot, signIn } from './fixtures';

/**
 * Every screen a caseworker or an administrator meets, checked by axe-core: no serious or critical
 * violation. Every screen in Khmer, light (every rule); the sample (the first screen of each kind of
 * component: one list stands for the grid engine's lists, one configuration form for its forms) also
 * in dark and in English. One page load per walk: after signing in, the screens are opened inside
 * the app (as a link would), so the signed-in state is reused.
 */
const admin = { username: 'admin', password: adminPassword };

type TScreen = {
  name: string;
  path: string;
  /** Checked in dark and in English too: the first screen of each kind of component (see `walks`). */
  sample?: true;
  /** What shows once the screen has loaded (beyond its heading). */
  ready?: (page: Page) => Promise<void>;
};

const listReady = async (page: Page) => {
  await expect(page.locator('.ag-row').first()).toBeVisible();
};
/** The lists are one component (the resource engine's grid): two stand for all in dark and English. */
const sampleLists = ['/adoptive-child/child', '/configuration/village'];
const lists = [
  '/adoptive-child/child',
  '/adoptive-parents/parents',
  '/can-adopt-child',
  '/adoptive-matching',
  '/service-after-adoption',
  '/configuration/head-office',
  '/configuration/province',
  '/configuration/district',
  '/configuration/commune',
  '/configuration/village',
  '/configuration/state',
  '/configuration/organization',
  '/configuration/department',
  '/configuration/position',
  '/configuration/language',
  '/security/role',
  '/security/user',
];

const screens = (childId: string, languageId: string, parentId: string): TScreen[] => [
  { name: 'home', path: '/', sample: true },
  ...lists.map(
    (path): TScreen => ({
      name: `list ${path}`,
      path,
      ready: listReady,
      ...(sampleLists.includes(path) ? { sample: true } : {}),
    }),
  ),
  // The create form is the edit form empty: the sample has the edit form, its fields filled.
  { name: 'child create', path: '/adoptive-child/child/create' },
  {
    name: 'child edit',
    sample: true,
    path: `/adoptive-child/child/edit/${childId}`,
    ready: async (page) => {
      await expect(page.locator('#field-code')).not.toHaveValue('');
    },
  },
  { name: 'child show', path: `/adoptive-child/child/show/${childId}`, sample: true },
  { name: 'parent create', path: '/adoptive-parents/parents/create', sample: true },
  { name: 'parent show', path: `/adoptive-parents/parents/show/${parentId}`, sample: true },
  { name: 'matching board', path: '/adoptive-matching?view=board', sample: true },
  { name: 'matching create', path: '/adoptive-matching/create', sample: true },
  // The configuration forms are one component (the resource engine's form): the province's stands for them.
  { name: 'province create', path: '/configuration/province/create', sample: true },
  { name: 'head office create', path: '/configuration/head-office/create' },
  { name: 'user create', path: '/security/user/create', sample: true },
  { name: 'role create', path: '/security/role/create', sample: true },
  {
    name: 'language edit',
    sample: true,
    path: `/configuration/language/edit/${languageId}`,
    // The dictionary's hundreds of rows repeat one pattern: a search narrows them to a few.
    ready: async (page) => {
      await page.locator('#localization-filter').fill('login.');
      await expect(page.locator('tbody tr').first()).toBeVisible();
    },
  },
  { name: 'general information', path: '/configuration/general-information', sample: true },
  // Issue 24: a report with its charts and tables, and the printable report of one child.
  {
    name: 'children report',
    sample: true,
    path: '/reports/child',
    ready: async (page) => {
      await expect(page.locator('table caption').first()).toBeVisible();
    },
  },
  { name: 'child record report', path: `/reports/child/show/${childId}`, sample: true },
  { name: 'assign permission', path: '/security/assign-permission', sample: true },
  // The audit log may still be empty when this runs first: its list, rows or not.
  { name: 'audit log', path: '/security/audit', sample: true },
  { name: 'not found view', path: '/no-such-page', sample: true },
  // The system menus are the developer's: the administrator meets the forbidden view.
  { name: 'forbidden view', path: '/security/system-menu', sample: true },
];

/** Opens `path` inside the running app, as a link would (no new page load). */
const openInApp = async (page: Page, path: string) => {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
};

type TFound = { screen: string; rule: string; impact: string; help: string; targets: string[] };

/**
 * Light: WCAG A and AA, and axe's experimental rules (one of them, label-content-name-mismatch,
 * checks that a control's name holds its visible text). Dark changes colours only: the colour rules.
 */
const check = async (page: Page, screen: string, theme: 'light' | 'dark'): Promise<TFound[]> => {
  const builder = new AxeBuilder({ page });
  const result = await (theme === 'light'
    ? builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'experimental'])
    : builder.withRules(['color-contrast', 'link-in-text-block'])
  ).analyze();
  const found = result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  // Said at once, so a slow run that times out still tells what it found.
  for (const entry of found) console.log(JSON.stringify(entry));
  return found;
};

/**
 * Khmer light: every screen, every rule. Khmer dark (the colour rules) and English light (every
 * rule): the sample. The dark theme changes colours only, and its colour rules judge the same
 * colours whatever the language.
 */
const walks = [
  { locale: 'kh', theme: 'light', every: true },
  { locale: 'kh', theme: 'dark', every: false },
  { locale: 'en', theme: 'light', every: false },
] as const;

for (const { locale, theme, every } of walks) {
  test(`no serious or critical axe violation on ${every ? 'any screen' : 'a screen of each kind'}, ${locale}, ${theme}`, async ({
    page,
  }) => {
    test.setTimeout(420_000);
    const prefix = `/${locale}`;
    await page.addInitScript((dark) => localStorage.setItem('ui.darkMode', String(dark)), theme === 'dark');
    const found: TFound[] = [];

    await page.goto(`${prefix}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    found.push(...(await check(page, 'login', theme)));
    await saveScreenshot(page, `a11y-login-${locale}-${theme}`);

    await signIn(page, { ...admin, locale, path: `${prefix}/login` });

    // A child and a language to open: the first row of each list.
    const idOfFirstRow = async (listPath: string) => {
      await openInApp(page, `${prefix}${listPath}`);
      // A click on a row the grid is still filling in (or replacing) opens nothing: click again.
      await expect(async () => {
        await page.locator('.ag-row').first().click();
        await expect(page).toHaveURL(/\/(show|edit)\/\d+$/, { timeout: 2000 });
      }).toPass();
      return page.url().split('/').pop() ?? '';
    };
    const childId = await idOfFirstRow('/adoptive-child/child');
    const languageId = await idOfFirstRow('/configuration/language');
    const parentId = await idOfFirstRow('/adoptive-parents/parents');

    for (const screen of screens(childId, languageId, parentId)) {
      if (!every && !screen.sample) continue;
      await openInApp(page, `${prefix}${screen.path === '/' ? '' : screen.path}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await screen.ready?.(page);
      // Loading placeholders and transitions settle before the page is judged.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.waitForTimeout(150);
      found.push(...(await check(page, screen.name, theme)));
      if (
        ['home', 'list /adoptive-child/child', 'child show', 'parent show', 'language edit'].includes(
          screen.name,
        )
      ) {
        await saveScreenshot(page, `a11y-${screen.name.replace(/[^a-z]+/g, '-')}-${locale}-${theme}`);
      }
    }
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    await expect(page.locator('html')).toHaveAttribute('lang', locale === 'kh' ? 'km' : 'en-GB');
  });
}
