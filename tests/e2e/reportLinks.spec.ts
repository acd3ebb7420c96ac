import { expect, test } from '@playwright/test';
import { adminPassword, dict, resumeSession, saveScreenshot } from './fixtures';

/**
 * A report's figure opens its list with the report's filters (issue 24): filters a list does not
 * offer every day show there as set, and can be cleared, in both languages.
 */
for (const locale of ['kh', 'en'] as const) {
  test(`a report link's filters show on the list as set and clear (${locale})`, async ({ page }) => {
    const words = dict[locale];
    await resumeSession(page, {
      username: 'admin',
      password: adminPassword,
      locale,
      path: `/${locale}/login`,
    });
    await page.goto(
      `/${locale}/adoptive-matching?completedIn=2025-01-01..2026-11-26&sex=female&childConfirmed=true`,
    );
    const from = page.getByLabel(words.listFilters.rangeFrom({ label: words.fields.completedIn() }));
    // The app's date field shows dd-mm-yyyy, as every date here.
    await expect(from).toHaveValue('01-01-2025');
    await expect(
      page.getByLabel(words.listFilters.rangeTo({ label: words.fields.completedIn() })),
    ).toHaveValue('26-11-2026');
    await expect(page.getByLabel(words.fields.childConfirmed(), { exact: true })).toHaveValue('true');
    await saveScreenshot(page, `report-link-filters-${locale}`);
    await page.getByRole('button', { name: words.list.clearFilters() }).first().click();
    // Cleared, the filters only a link sets leave the bar.
    await expect(from).toHaveCount(0);
    await expect(page.getByLabel(words.fields.childConfirmed(), { exact: true })).toHaveCount(0);
  });
}
