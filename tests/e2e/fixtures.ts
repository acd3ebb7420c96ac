import { mkdirSync } from 'node:fs';
import { type Cookie, expect, type Page } from '@playwright/test';
import { i18nObject } from '../../src/i18n/i18n-util';
import { loadAllLocales } from '../../src/i18n/i18n-util.sync';

/** The same values playwright.config.ts gives the server and scripts/e2e-prepare.ts. */
export const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-pass-123';
export const reader = { username: 'reader', password: process.env.E2E_READER_PASSWORD || 'reader-pass-123' };

loadAllLocales();
/** The dictionaries the app renders: tests find controls by the words a person reads. */
export const dict = { kh: i18nObject('km'), en: i18nObject('en') } as const;

const screenshotDir = 'test-results/screenshots';
mkdirSync(screenshotDir, { recursive: true });

/** Screenshots saved for a person to look at (the issue asks for them). */
export const saveScreenshot = async (page: Page, name: string) => {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
};

/** Signs in through the login form, in the language of `path`'s prefix. */
export const signIn = async (
  page: Page,
  {
    username,
    password,
    locale = 'kh',
    path = '/login',
    timeout,
  }: {
    username: string;
    password: string;
    locale?: 'kh' | 'en';
    path?: string;
    /** How long the signed-in page may take to come (a test that loads a heavier home page). */
    timeout?: number;
  },
) => {
  const words = dict[locale];
  await page.goto(path);
  await page.getByLabel(words.login.username(), { exact: true }).fill(username);
  await page.getByLabel(words.login.password(), { exact: true }).fill(password);
  await page.getByRole('button', { name: words.login.submit(), exact: true }).click();
  await expect(page.getByRole('button', { name: words.layout.userMenu() })).toBeVisible({ timeout });
};

type TSignInOptions = Parameters<typeof signIn>[1];

/** The auth cookies of each user this worker signed in through the form (the app keeps its tokens only there). */
const sessions = new Map<string, Cookie[]>();

/** Whether a saved session still works: its access token is not near expiry and the server takes it. */
const sessionAlive = async (page: Page, cookies: Cookie[]) => {
  const access = cookies.find((cookie) => cookie.name === 'auth.access_token');
  // A token that would expire within the test would make the app refresh, rotating the saved pair.
  if (!access || access.expires * 1000 - Date.now() < 5 * 60_000) return false;
  const answer = await page.request.get('/api/v1/users/info', {
    headers: { authorization: `Bearer ${access.value}` },
  });
  return answer.ok();
};

/**
 * Signed in as this user, through the form only the first time in this worker: afterwards the
 * session's cookies go into the test's context (no login page, no home page), so the test opens its
 * own page next. A session a test ended (sign-out, a changed user) is noticed and signed in anew.
 * Tests about signing in, signing out, expiry or 401 use `signIn`.
 */
export const resumeSession = async (page: Page, options: TSignInOptions) => {
  const key = `${options.username}\n${options.password}`;
  const saved = sessions.get(key);
  if (saved && (await sessionAlive(page, saved))) {
    await page.context().addCookies(saved);
    return;
  }
  await signIn(page, options);
  sessions.set(
    key,
    (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('auth.')),
  );
};

/** A small portrait-like PNG drawn by the browser (a real image, as a camera's would be). */
export const drawPhoto = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 160;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#bfdbfe';
    context.fillRect(0, 0, 160, 160);
    context.fillStyle = '#1e3a8a';
    context.beginPath();
    context.arc(80, 62, 32, 0, Math.PI * 2);
    context.fill();
    context.beginPath();
    context.arc(80, 172, 64, Math.PI, 0);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1];
  });
