import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demoUsers } from '../../server/db/demo/demoUsers';
import { isoDateIn } from '../../src/domain/programmeTime';
import { addDays } from '../../src/domain/serviceSchedule';
import { dict, resumeSession, saveScreenshot } from './fixtures';
import { api, matchingAwaitingKeep, supervisor, tokenOf } from './matchingThroughApi';

/**
 * Bulk actions on a list (issue 26 'Done when'): a supervisor selects 20 services from the keyboard
 * (Space, then Shift+Down) and reassigns them at once to another officer from the palette; the result
 * says 20 changed and the list shows the new officer; in Khmer and in English.
 */
// The follow-ups are the caseworker's; the supervisor takes them over. An officer must be able to
// record the services (issue 35: a read-only user, demo.viewer before, is refused).
const newOfficer = demoUsers.find((user) => user.username === 'demo.supervisor')?.name ?? 'Chan Piseth';

/** A completed adoption with 20 pending services: the four of its schedule and 16 added by hand. */
const twentyServices = async (request: APIRequestContext) => {
  const matching = await matchingAwaitingKeep(request);
  const boss = await tokenOf(request, supervisor);
  const today = isoDateIn(new Date());
  const approved = await request.patch(`${api}/adoptive-matching/child-keep-approve/${matching.id}`, {
    headers: boss,
    data: { date: today, version: matching.version },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  // The four of the schedule are the caseworker's, who proposed the matching: so are the 16 added.
  const officers = await request.get(`${api}/service-after-adoption/officers`, { headers: boss });
  const caseworker = ((await officers.json()).data as { id: number; code: string }[]).find(
    (user) => user.code === 'demo.caseworker',
  );
  for (let n = 1; n <= 16; n += 1) {
    const added = await request.post(`${api}/service-after-adoption`, {
      headers: boss,
      data: {
        matchingId: matching.id,
        serviceType: 'homeVisit',
        plannedDate: addDays(today, n),
        officerId: caseworker?.id,
      },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  return matching;
};

const selectTwentyAndReassign = async (
  page: Page,
  request: APIRequestContext,
  locale: 'kh' | 'en',
  childCode: string,
  /** Done once the list shows its rows: someone else changes one of them meanwhile. */
  meanwhile?: () => Promise<void>,
) => {
  const words = dict[locale];
  await page.goto(`/${locale}/service-after-adoption?search=${childCode}&page=1&length=50`);
  await expect(page.getByRole('heading', { name: words.resources.service.many(), level: 1 })).toBeVisible();
  // (The grid draws the rows in view only: the count says how many there are.)
  await expect(page.getByText(words.list.total({ total: 20 }), { exact: true })).toBeVisible();
  await expect(page.locator('.ag-row[row-index="0"][row-id]')).toHaveCount(1);
  await meanwhile?.();
  const refused = meanwhile ? 1 : 0;

  // From the search box down into the rows; Space selects the first, Shift+Down extends to 20.
  await page.keyboard.press('/');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ag-row[row-index="0"] .ag-cell-focus')).toHaveCount(1);
  await page.keyboard.press('Space');
  for (let row = 1; row < 20; row += 1) {
    await page.keyboard.press('Shift+ArrowDown');
    // At a person's pace: the next row is drawn and focused before the next key.
    await expect(page.locator(`.ag-row[row-index="${row}"] .ag-cell-focus`)).toHaveCount(1);
  }
  const bar = page.getByRole('region', { name: words.bulk.toolbar() });
  await expect(bar.getByText(words.bulk.selected({ count: 20 }))).toBeVisible();
  await expect(page.locator('.ag-row[row-index="19"].ag-row-selected')).toHaveCount(1);
  await saveScreenshot(page, `bulk-selected-${locale}`);

  // Their summaries on paper: one per selected service, labels in both languages.
  await bar.getByRole('button', { name: words.bulk.printSelection() }).click();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('[data-bulk-summary]')).toHaveCount(20);
  await expect(page.locator('[data-bulk-summary]').first()).toBeVisible();
  await saveScreenshot(page, `bulk-print-${locale}`);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('[data-bulk-summary]').first()).toBeHidden();
  await expect(bar.getByText(words.bulk.selected({ count: 20 }))).toBeVisible();

  // The action from the palette, by its name.
  const action = words.areas.service.bulk.assignOfficer();
  await page.keyboard.press('Control+k');
  await expect(page.locator('[cmdk-input]')).toBeFocused();
  await page.keyboard.type(action);
  const option = page.getByRole('option', { name: words.bulk.command({ action, count: 20 }) });
  await expect(option).toBeVisible();
  for (let step = 0; step < 8 && (await option.getAttribute('aria-selected')) !== 'true'; step += 1)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: action })).toBeVisible();
  const officer = dialog.getByLabel(words.fields.officer());
  await expect(officer).toBeFocused();
  await expect(officer.locator('option', { hasText: newOfficer })).toHaveCount(1);
  await officer.selectOption({ label: newOfficer });
  // Tab past 'Cancel' to the button that runs it (Enter on a select opens its list).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: words.bulk.apply({ count: 20 }) })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(dialog.getByRole('heading', { name: words.bulk.resultTitle({ action }) })).toBeVisible();
  await expect(dialog.getByText(words.bulk.changed({ count: 20 - refused }))).toBeVisible();
  if (refused) {
    await expect(dialog.getByText(words.bulk.refused({ count: refused }))).toBeVisible();
    await expect(dialog.locator('[data-refused-row]')).toHaveText([
      new RegExp(words.server.staleVersion().slice(0, 30)),
    ]);
  }
  await saveScreenshot(page, `bulk-result-${locale}`);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);

  // The list has read its rows again: the new officer's name shows, and nothing is selected.
  await expect(page.locator('.ag-cell[col-id="officer"]', { hasText: newOfficer }).first()).toBeVisible();
  await expect(bar).toHaveCount(0);
  const boss = await tokenOf(request, supervisor);
  const listed = await request.get(`${api}/service-after-adoption?search=${childCode}&take=50`, {
    headers: boss,
  });
  const officers = ((await listed.json()).data as { officer: { name: string } | null }[]).map(
    (row) => row.officer?.name,
  );
  expect(officers.filter((name) => name === newOfficer)).toHaveLength(20 - refused);
  await saveScreenshot(page, `bulk-after-${locale}`);
};

test('in Khmer, a supervisor selects 20 services from the keyboard and reassigns them to another officer', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const matching = await twentyServices(request);
  await resumeSession(page, supervisor);
  await selectTwentyAndReassign(page, request, 'kh', matching.childCode);
});

test('in English, the same 20 at once, the refused ones told with why', async ({ page, request }) => {
  test.setTimeout(180_000);
  const matching = await twentyServices(request);
  await resumeSession(page, { ...supervisor, locale: 'en', path: '/en/login' });
  // Someone else edits one of them after the list has shown it: that one is refused, the others change.
  const editOne = async () => {
    const boss = await tokenOf(request, supervisor);
    const listed = await request.get(`${api}/service-after-adoption?search=${matching.childCode}&take=50`, {
      headers: boss,
    });
    const [first] = (await listed.json()).data as { id: number; version: number }[];
    const edited = await request.patch(`${api}/service-after-adoption/${first.id}`, {
      headers: boss,
      data: { notes: 'Changed while the list was open.', version: first.version },
    });
    expect(edited.ok(), await edited.text()).toBe(true);
  };
  await selectTwentyAndReassign(page, request, 'en', matching.childCode, editOne);
});

test('in Khmer, children move to another head office: Ctrl+A takes the page, Escape lets go, row boxes by the mouse; a child moved meanwhile is refused with why', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const words = dict.kh;
  const boss = await tokenOf(request, supervisor);
  const offices = (await (await request.get(`${api}/child-infos/head-offices`, { headers: boss })).json())
    .data as { id: number; code: string }[];
  const target = offices.find((office) => office.code === 'HO-08');
  const elsewhere = offices.find((office) => office.code === 'HO-02');
  if (!target || !elsewhere) throw new Error('the seeded head offices are missing');

  await resumeSession(page, supervisor);
  await page.goto('/kh/adoptive-child/child?page=1&length=10&filter=%7B%7D');
  await expect(page.getByRole('heading', { name: words.resources.child.many(), level: 1 })).toBeVisible();
  await expect(page.locator('.ag-row[row-index="9"][row-id]')).toHaveCount(1);
  const bar = page.getByRole('region', { name: words.bulk.toolbar() });

  // The keyboard: Ctrl+A takes the page's ten rows, Escape lets them go.
  await page.keyboard.press('/');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ag-row[row-index="0"] .ag-cell-focus')).toHaveCount(1);
  await page.keyboard.press('Control+a');
  await expect(bar.getByText(words.bulk.selected({ count: 10 }))).toBeVisible();
  await expect(page.locator('.ag-row.ag-row-selected')).toHaveCount(10);
  // The rows, not the page's words (the browser's own select-all).
  expect(await page.evaluate(() => String(window.getSelection()))).toBe('');
  await page.keyboard.press('Escape');
  await expect(bar).toHaveCount(0);
  await expect(page.locator('.ag-row.ag-row-selected')).toHaveCount(0);

  // The mouse: a row's box takes that row (and does not open it); a second click lets it go.
  const rowBox = (index: number) =>
    page.locator(`.ag-row[row-index="${index}"] .ag-selection-checkbox input`).first();
  const row = (index: number) => page.locator(`.ag-row[row-index="${index}"]`).first();
  await rowBox(1).click();
  await expect(row(1)).toHaveClass(/ag-row-selected/);
  await expect(page).toHaveURL(/\/kh\/adoptive-child\/child\?/);
  await rowBox(2).click();
  await rowBox(3).click();
  await expect(bar.getByText(words.bulk.selected({ count: 3 }))).toBeVisible();
  await rowBox(3).click();
  await expect(row(3)).not.toHaveClass(/ag-row-selected/);
  await expect(bar.getByText(words.bulk.selected({ count: 2 }))).toBeVisible();
  await rowBox(3).click();
  await expect(bar.getByText(words.bulk.selected({ count: 3 }))).toBeVisible();
  const ids = await Promise.all(
    [1, 2, 3].map(async (index) => Number(await row(index).getAttribute('row-id'))),
  );

  // Where they were, to put them back at the end: the dashboard's kept figures of the later
  // browser files count these offices (tests/e2e/dashboard.spec.ts).
  const officeOf = async (id: number) =>
    (
      (await (await request.get(`${api}/child-infos/${id}`, { headers: boss })).json()).data as {
        headOffice: { id: number };
      }
    ).headOffice.id;
  const before = await Promise.all(ids.map(officeOf));

  // Someone else moves the first of them meanwhile: the list's copy of it is stale.
  const moved = await request.post(`${api}/child-infos/bulk/move-head-office`, {
    headers: boss,
    data: { ids: [ids[0]], headOfficeId: elsewhere.id },
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  const action = words.areas.child.bulk.moveOffice();
  await bar.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: action })).toBeVisible();
  const office = dialog.getByLabel(words.fields.headOffice());
  await expect(office).toBeFocused();
  await expect(office.locator(`option[value="${target.id}"]`)).toHaveCount(1);
  // Nothing chosen: the form's own 'required' message, in Khmer, under the field.
  await dialog.getByRole('button', { name: words.bulk.apply({ count: 3 }) }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    words.validation.required({ label: words.fields.headOffice() }),
  );
  await expect(office).toHaveAttribute('aria-invalid', 'true');
  await saveScreenshot(page, 'bulk-move-office-kh');
  await office.selectOption(String(target.id));
  await dialog.getByRole('button', { name: words.bulk.apply({ count: 3 }) }).click();

  await expect(dialog.getByRole('heading', { name: words.bulk.resultTitle({ action }) })).toBeVisible();
  await expect(dialog.getByText(words.bulk.changed({ count: 2 }))).toBeVisible();
  await expect(dialog.getByText(words.bulk.refused({ count: 1 }))).toBeVisible();
  await expect(dialog.locator(`[data-refused-row="${ids[0]}"]`)).toContainText(
    words.server.staleVersion().slice(0, 30),
  );
  await saveScreenshot(page, 'bulk-move-office-result-kh');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(bar).toHaveCount(0);

  // The two others are in the new office; the refused one stayed where the other user put it.
  expect(await Promise.all(ids.map(officeOf))).toEqual([elsewhere.id, target.id, target.id]);

  // Each back in its office.
  for (const [index, id] of ids.entries()) {
    const back = await request.post(`${api}/child-infos/bulk/move-head-office`, {
      headers: boss,
      data: { ids: [id], headOfficeId: before[index] },
    });
    expect(back.ok(), await back.text()).toBe(true);
  }
  expect(await Promise.all(ids.map(officeOf))).toEqual(before);
});

test('in Khmer, the replan dialog checks its number as the forms do, and Escape closes it', async ({
  page,
}) => {
  const words = dict.kh;
  await resumeSession(page, supervisor);
  await page.goto('/kh/service-after-adoption?page=1&length=10&filter=%7B%7D');
  await expect(page.locator('.ag-row[row-index="0"][row-id]')).toHaveCount(1);
  await page.keyboard.press('/');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ag-row[row-index="0"] .ag-cell-focus')).toHaveCount(1);
  await page.keyboard.press('Space');
  const bar = page.getByRole('region', { name: words.bulk.toolbar() });
  await expect(bar.getByText(words.bulk.selected({ count: 1 }))).toBeVisible();

  const action = words.areas.service.bulk.replan();
  await bar.getByRole('button', { name: action }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: action })).toBeVisible();
  const days = dialog.getByLabel(words.areas.service.bulk.days());
  await expect(days).toBeFocused();
  // A year and a day: refused before it is sent, in Khmer, under the field; Enter submits.
  await page.keyboard.type('366');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('365');
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await saveScreenshot(page, 'bulk-replan-kh');
  // Escape closes the dialog; the selection stays for another action.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(bar.getByText(words.bulk.selected({ count: 1 }))).toBeVisible();
});

test('in English, the children selected print as their record reports, one a page, after a line says how far it is', async ({
  page,
}) => {
  const words = dict.en;
  await resumeSession(page, { ...supervisor, locale: 'en', path: '/en/login' });
  await page.goto('/en/adoptive-child/child?page=1&length=10&filter=%7B%7D');
  await expect(page.locator('.ag-row[row-index="2"][row-id]')).toHaveCount(1);
  await page.keyboard.press('/');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ag-row[row-index="0"] .ag-cell-focus')).toHaveCount(1);
  await page.keyboard.press('Space');
  for (const row of [1, 2]) {
    await page.keyboard.press('Shift+ArrowDown');
    await expect(page.locator(`.ag-row[row-index="${row}"] .ag-cell-focus`)).toHaveCount(1);
  }
  const bar = page.getByRole('region', { name: words.bulk.toolbar() });
  await expect(bar.getByText(words.bulk.selected({ count: 3 }))).toBeVisible();
  const codes = await Promise.all(
    [0, 1, 2].map(
      async (index) =>
        (
          await page.locator(`.ag-row[row-index="${index}"] .ag-cell[col-id="code"]`).first().textContent()
        )?.trim() ?? '',
    ),
  );

  await bar.getByRole('button', { name: words.bulk.printReports() }).click();
  // On screen: how far the papers are, then ready.
  await expect(page.getByRole('status').filter({ hasText: words.bulk.reportsReady() })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const reports = page.locator('[data-selection-report]');
  await expect(reports).toHaveCount(3);
  // Each is the child's record report: its identity, its history, its matchings; a page each.
  for (const [index, code] of codes.entries()) {
    const report = reports.nth(index);
    await expect(report.locator('[data-report-identity]')).toContainText(code);
    await expect(report.locator('[data-report-printed]')).toBeVisible();
  }
  expect(await reports.nth(1).evaluate((element) => getComputedStyle(element).breakBefore)).toBe('page');
  await expect(page.locator('[data-bulk-summary]')).toHaveCount(0);
  await saveScreenshot(page, 'bulk-print-reports-en');
  await page.emulateMedia({ media: 'screen' });
  await expect(reports.first()).toBeHidden();
  // Stopped from its line: the papers go, the selection stays.
  await page.getByRole('status').getByRole('button', { name: words.bulk.reportsCancel() }).click();
  await expect(reports).toHaveCount(0);
  await expect(bar.getByText(words.bulk.selected({ count: 3 }))).toBeVisible();

  // The applications list the same: Ctrl+A, then each application's report.
  await page.goto('/en/adoptive-parents/parents?page=1&length=10&filter=%7B%7D');
  await expect(page.locator('.ag-row[row-index="1"][row-id]')).toHaveCount(1);
  const shown = await page.locator('.ag-row[row-id]').count();
  await page.keyboard.press('/');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ag-row[row-index="0"] .ag-cell-focus')).toHaveCount(1);
  await page.keyboard.press('Control+a');
  await expect(bar.getByText(words.bulk.selected({ count: shown }))).toBeVisible();
  const firstCode =
    (await page.locator('.ag-row[row-index="0"] .ag-cell[col-id="code"]').first().textContent())?.trim() ??
    '';
  await bar.getByRole('button', { name: words.bulk.printReports() }).click();
  await expect(page.getByRole('status').filter({ hasText: words.bulk.reportsReady() })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('[data-selection-reports="parent"] [data-selection-report]')).toHaveCount(shown);
  await expect(page.locator('[data-selection-report] [data-report-identity]').first()).toContainText(
    firstCode,
  );
  await page.emulateMedia({ media: 'screen' });
});
