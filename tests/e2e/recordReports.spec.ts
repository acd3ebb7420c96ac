import { spawnSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { pastAdoptionNote } from '../../server/modules/matchings/demoMatchings';
import { isoDateIn } from '../../src/domain/programmeTime';
import { reportStagePeriods, type TRecordReport } from '../../src/domain/recordReport';
import { adminPassword, dict, reader, resumeSession, saveScreenshot } from './fixtures';
import { api, tokenOf } from './matchingThroughApi';

/**
 * The printable report of one record (issue 24): a child found by its code and an application by
 * its code, from the search of `/reports/{child|parents}/show` (arrows and Enter), each with the
 * adoption scripts/e2e-prepare.ts completed 100 days ago: its stages with the days the status
 * history gives, its services; on paper (print media, an A4 PDF) without the app's chrome, with
 * the printing date and who printed. Both languages.
 */
const admin = { username: 'admin', password: adminPassword };
const locales = ['kh', 'en'] as const;
/** The settings' expected days as shipped (the e2e database keeps them). */
const expectedDays = { proposal: 30, trial: 90, warrant: 60, keeping: 30 };

type TAdoption = {
  id: number;
  code: string;
  child: { id: number; code: string };
  parent: { id: number; code: string };
  stages: { stage: string; days: number }[];
};
let adoption: TAdoption;
let adminName = '';

test.beforeAll(async ({ request }) => {
  const headers = await tokenOf(request, admin);
  const info = await request.get(`${api}/users/info`, { headers });
  expect(info.ok(), await info.text()).toBe(true);
  adminName = (await info.json()).data.name;
  const completed = await request.get(`${api}/adoptive-matching?status=completed&take=100`, { headers });
  expect(completed.ok(), await completed.text()).toBe(true);
  const row = ((await completed.json()).data as { id: number; notes: string | null; childId: number }[]).find(
    (candidate) => candidate.notes === pastAdoptionNote,
  );
  if (!row) throw new Error('The adoption completed 100 days ago is not seeded (scripts/e2e-prepare.ts).');
  const answer = await request.get(`${api}/record-reports/child/${row.childId}`, { headers });
  expect(answer.ok(), await answer.text()).toBe(true);
  const report = (await answer.json()).data as TRecordReport;
  const matching = report.matchings.find((candidate) => candidate.id === row.id);
  if (!matching) throw new Error('The adoption is not in its child’s report.');
  adoption = {
    id: matching.id,
    code: matching.code,
    child: { id: matching.child.id, code: matching.child.code },
    parent: { id: matching.parent.id, code: matching.parent.code },
    // What the status history says of each stage, as the matching's own page reads it.
    stages: reportStagePeriods(matching, isoDateIn(new Date()), expectedDays).map(({ stage, days }) => ({
      stage,
      days,
    })),
  };
  // Completed 100 days ago through its stages: days in them, not all zero.
  expect(adoption.stages.length).toBeGreaterThan(1);
  expect(adoption.stages.some((stage) => stage.days > 0)).toBe(true);
});

/** The text of the page printed to an A4 PDF (poppler's pdftotext); the PDF is kept beside the screenshots. */
const pdfText = async (page: Page, name: string) => {
  const pdf = await page.pdf({
    format: 'A4',
    printBackground: false,
    path: `test-results/screenshots/${name}.pdf`,
  });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const result = spawnSync('pdftotext', ['-layout', '-', '-'], { input: pdf });
  expect(result.status, String(result.stderr)).toBe(0);
  return String(result.stdout);
};

/** The matching's stages on the report: each row's stage, name and days, as the history gives them. */
const expectStages = async (page: Page, locale: (typeof locales)[number]) => {
  const words = dict[locale];
  const matching = page.locator(`[data-report-matching="${adoption.code}"]`);
  await expect(
    matching.getByRole('heading', { name: words.recordReport.matchingTitle({ code: adoption.code }) }),
  ).toBeVisible();
  const rows = matching.locator('tr[data-stage]');
  await expect(rows).toHaveCount(adoption.stages.length);
  for (const [index, { stage, days }] of adoption.stages.entries()) {
    const row = rows.nth(index);
    await expect(row).toHaveAttribute('data-stage', stage);
    await expect(row.locator('td').first()).toHaveText(
      words.options.stage[stage as keyof typeof expectedDays](),
    );
    await expect(row.locator('[data-stage-days]')).toHaveAttribute('data-stage-days', String(days));
    await expect(row.locator('[data-stage-days]')).toContainText(String(days));
  }
  // Its follow-ups, planned from the adoption's day.
  await expect(matching.locator('[data-report-services] tbody tr').first()).toBeVisible();
};

/** On paper: no chrome, no button, the printing line at the bottom; the PDF holds the report's text. */
const expectPaper = async (page: Page, locale: (typeof locales)[number], name: string, paper: string) => {
  const words = dict[locale];
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: words.recordReport.print() })).toBeHidden();
  await expect(page.getByRole('navigation', { name: words.layout.mainNavigation() })).toBeHidden();
  await expect(page.locator('[data-report-printed]')).toBeVisible();
  // Who printed and when, in both languages (Khmer first).
  const printed = { date: isoDateIn(new Date()).split('-').reverse().join('-'), name: adminName };
  await expect(page.locator('[data-report-printed]')).toContainText(dict.kh.recordReport.printedBy(printed));
  await expect(page.locator('[data-report-printed]')).toContainText(dict.en.recordReport.printedBy(printed));
  await saveScreenshot(page, `${name}-print-${locale}`);
  const text = await pdfText(page, `${name}-${locale}`);
  expect(text).toContain(adoption.code);
  expect(text).toContain(paper);
  expect(text).toContain('Printed on');
  await page.emulateMedia({ media: 'screen' });
};

for (const locale of locales) {
  test.describe(`record reports (${locale})`, () => {
    const words = dict[locale];

    test("a child's report: found by its code, its matching's stages and days, printed", async ({ page }) => {
      // Signed in from the report's address: the sign-in leads back to it.
      await resumeSession(page, { ...admin, locale, path: `/${locale}/login` });
      await page.goto(`/${locale}/reports/child/show`);
      await expect(page).toHaveURL(new RegExp(`/${locale}/reports/child/show$`));
      await expect(
        page.getByRole('heading', { name: words.recordReport.childTitle(), level: 1 }),
      ).toBeVisible();
      const field = page.getByRole('combobox', { name: words.recordReport.searchChild() });
      await expect(field).toBeFocused();
      await field.fill(adoption.child.code);
      const option = page.getByRole('option').filter({ hasText: adoption.child.code });
      await expect(option).toHaveCount(1);
      // The keyboard: the arrows move through the results, Enter opens the chosen one.
      const count = await page.getByRole('option').count();
      const index = await page
        .getByRole('option')
        .evaluateAll(
          (options, code) => options.findIndex((element) => element.textContent?.includes(code)),
          adoption.child.code,
        );
      for (let step = 0; step < index; step += 1) await field.press('ArrowDown');
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await saveScreenshot(page, `record-report-search-${locale}`);
      expect(count).toBeGreaterThan(0);
      await field.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${locale}/reports/child/show/${adoption.child.id}$`));
      await expect(page.locator('[data-report-identity]')).toContainText(adoption.child.code);
      await expect(page.getByRole('heading', { name: words.workflow.statusHistory() })).toBeVisible();
      await expectStages(page, locale);
      await saveScreenshot(page, `record-report-child-${locale}`);
      await expectPaper(page, locale, 'record-report-child', 'Child report');
    });

    test("an application's report: found by its code, opened from its page too, printed", async ({
      page,
    }) => {
      await resumeSession(page, { ...admin, locale, path: `/${locale}/login` });
      await page.goto(`/${locale}/reports/parents/show`);
      await expect(page).toHaveURL(new RegExp(`/${locale}/reports/parents/show$`));
      const field = page.getByRole('combobox', { name: words.recordReport.searchParent() });
      await field.fill(adoption.parent.code);
      await expect(page.getByRole('option').filter({ hasText: adoption.parent.code })).toHaveCount(1);
      await expect(page.getByRole('option')).toHaveCount(1);
      await field.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${locale}/reports/parents/show/${adoption.parent.id}$`));
      await expect(page.locator('[data-report-identity]')).toContainText(adoption.parent.code);
      await expectStages(page, locale);
      await saveScreenshot(page, `record-report-parent-${locale}`);
      await expectPaper(page, locale, 'record-report-parent', 'Application report');

      // The application's page links to it.
      await page.goto(`/${locale}/adoptive-parents/parents/show/${adoption.parent.id}`);
      await page.getByRole('link', { name: words.recordReport.link() }).click();
      await expect(page).toHaveURL(new RegExp(`/${locale}/reports/parents/show/${adoption.parent.id}$`));
      await expect(page.locator(`[data-report-matching="${adoption.code}"]`)).toBeVisible();
    });

    test('a record that does not exist is not found; a reader of children sees no matching', async ({
      page,
    }) => {
      await resumeSession(page, { ...reader, locale, path: `/${locale}/login` });
      await page.goto(`/${locale}/reports/child/show/999999`);
      await expect(
        page.getByRole('heading', { name: words.errors.notFoundTitle(), exact: true }),
      ).toBeVisible();
      await page.goto(`/${locale}/reports/child/show/${adoption.child.id}`);
      await expect(page.locator('[data-report-identity]')).toContainText(adoption.child.code);
      await expect(page.locator('[data-section-hidden="matchings"]')).toHaveText(
        words.recordReport.matchingsHidden(),
      );
      await expect(page.locator('[data-report-matching]')).toHaveCount(0);
    });
  });
}
