import { type APIRequestContext, expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { formatInstantDate } from '../../src/domain/dateFormat';
import { isoDateIn } from '../../src/domain/programmeTime';
import { dict, resumeSession, saveScreenshot } from './fixtures';
import { api, caseworker, matchingAwaitingKeep, supervisor, tokenOf } from './matchingThroughApi';

/**
 * Sealed origins (issue 27 'Done when', in both languages): a caseworker opens an adopted child's
 * page and reads that its origins are sealed, without its birthplace or birth family; the
 * supervisor (who holds `sealed_records:read` in the demo) opens them with a written reason, sees
 * until when, and finds the opening with its reason on the child's timeline.
 */

/** Completes a matching awaiting the keep's approval: its child's origins are sealed. */
const completeAdoption = async (request: APIRequestContext, matching: { id: number; version: number }) => {
  const boss = await tokenOf(request, supervisor);
  const approved = await request.patch(`${api}/adoptive-matching/child-keep-approve/${matching.id}`, {
    headers: boss,
    data: { date: isoDateIn(new Date()), version: matching.version },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
};

/** A child of the caseworker's office, adopted today through the API: its origins are sealed. */
const adoptedChild = async (request: APIRequestContext) => {
  const matching = await matchingAwaitingKeep(request);
  await completeAdoption(request, matching);
  return matching.childId;
};

for (const locale of ['kh', 'en'] as const) {
  test(`sealed origins (${locale}): a caseworker sees the seal; the supervisor opens them with a reason, logged on the timeline`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const words = dict[locale];
    const sealed = words.areas.child.sealed;
    const childId = await adoptedChild(request);
    const address = `/${locale}/adoptive-child/child/show/${childId}`;
    const line = sealed.line({ date: formatInstantDate(new Date()) });

    // The caseworker: the line, no birth family, no button to open.
    await resumeSession(page, { ...caseworker, locale, path: `/${locale}/login` });
    await page.goto(address);
    const seal = page.locator('#child-sealed-origins');
    await expect(seal.getByText(line)).toBeVisible();
    await expect(
      page.getByRole('region', { name: words.formSections.family() }).getByText(line),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: sealed.open() })).toHaveCount(0);
    await saveScreenshot(page, `sealed-origins-caseworker-${locale}`);
    // Nor does the edit form offer them (an edit keeps them as they are).
    await page.goto(`/${locale}/adoptive-child/child/edit/${childId}`);
    await expect(page.getByLabel(words.fields.nationality(), { exact: true })).toBeVisible();
    await expect(page.getByLabel(words.fields.province(), { exact: true })).toHaveCount(0);
    await expect(page.getByText(line)).toBeVisible();
    await page.context().clearCookies();

    // The supervisor: opens them from the keyboard with a reason (blank refused first).
    await resumeSession(page, { ...supervisor, locale, path: `/${locale}/login` });
    await page.goto(address);
    await expect(seal.getByText(line)).toBeVisible();
    if (locale === 'kh') {
      // The button, from the keyboard.
      await page.getByRole('button', { name: sealed.open() }).focus();
      await page.keyboard.press('Enter');
    } else {
      // The palette's command of the same name.
      await page.keyboard.press('Control+k');
      await expect(page.locator('[cmdk-input]')).toBeFocused();
      await page.keyboard.type(sealed.open());
      const option = page.getByRole('option', { name: sealed.open() });
      await expect(option).toBeVisible();
      for (let step = 0; step < 8 && (await option.getAttribute('aria-selected')) !== 'true'; step += 1)
        await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    }
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(sealed.dialogTitle(), { exact: true })).toBeVisible();
    const reason = dialog.getByLabel(sealed.reason());
    await expect(reason).toBeFocused();
    await page.keyboard.press('Control+Enter');
    await expect(dialog.getByText(words.validation.required({ label: sealed.reason() }))).toBeVisible();
    const why = `Court order 27/${locale}: the adoptive family asks for the birth certificate`;
    await reason.fill(why);
    await page.keyboard.press('Control+Enter');
    await expect(dialog).toBeHidden();
    // Open until a time shown; the birth family card reads the family again (none recorded here).
    const [openPrefix] = sealed.openUntil({ time: '\u0000' }).split('\u0000');
    await expect(seal.getByText(openPrefix, { exact: false })).toBeVisible();
    await expect(page.getByRole('region', { name: words.formSections.family() }).getByText(line)).toHaveCount(
      0,
    );
    // The timeline tells who opened them, and why.
    const timeline = page.getByText(words.record.timeline.originsOpened({ who: 'Chan Piseth' }));
    await expect(timeline).toBeVisible();
    await expect(page.getByText(why)).toBeVisible();
    await timeline.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `sealed-origins-opened-${locale}`);
  });
}

test('sealed origins: a document kept already is marked as an origin document from the keyboard; the list shows the seal', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const locale = 'en';
  const words = dict[locale];
  const sealed = words.areas.child.sealed;
  const matching = await matchingAwaitingKeep(request);
  // A birth certificate uploaded before sealing existed: not marked.
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]);
  const name = 'old-birth-certificate.pdf';
  const uploaded = await request.post(`${api}/child-infos/upload-file/${matching.childId}`, {
    headers: await tokenOf(request, caseworker),
    multipart: { file: { name, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);

  await resumeSession(page, { ...caseworker, locale, path: `/${locale}/login` });
  await page.goto(`/${locale}/adoptive-child/child/show/${matching.childId}`);
  const documents = page.getByRole('region', { name: words.areas.child.documents.title() });
  const row = documents.getByRole('row').filter({ hasText: name });
  await expect(row.getByText(sealed.originDocument(), { exact: true })).toHaveCount(0);
  const mark = row.getByRole('button', { name: sealed.markOriginNamed({ name }) });
  await mark.focus();
  await page.keyboard.press('Enter');
  await expect(row.getByText(sealed.originDocument(), { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: sealed.unmarkOriginNamed({ name }) })).toBeVisible();
  await expect(page.getByText(sealed.marked({ name }))).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'sealed-origins-document-marked-en');

  // The adoption completes: the list shows the lock beside the child's status.
  await completeAdoption(request, matching);
  // The columns the seal is about (the status is past the screen's edge with them all).
  await page.goto(
    `/${locale}/adoptive-child/child?search=${matching.childCode}&page=1&length=10&columns=photo,code,nameEn,status,-nameKh,-sex,-age,-province,-headOffice`,
  );
  const lock = page.getByRole('img', { name: words.options.childSeal.sealed() });
  await expect(lock).toHaveCount(1);
  await lock.scrollIntoViewIfNeeded();
  await expect(lock).toBeInViewport();
  await saveScreenshot(page, 'sealed-origins-list-lock-en');
  // Sealed now: the caseworker no longer sees the origin document.
  await page.goto(`/${locale}/adoptive-child/child/show/${matching.childId}`);
  await expect(page.getByText(sealed.line({ date: formatInstantDate(new Date()) })).first()).toBeVisible();
  await expect(documents.getByText(name)).toHaveCount(0);
});
