import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { defaultDemoPassword } from '../../server/db/demo/demoUsers';
import { isoDateIn } from '../../src/domain/programmeTime';
import { yearsBefore } from '../../src/domain/resources/child';
import { adminPassword, dict, saveScreenshot, signIn } from './fixtures';

/**
 * A matching whose next step is the caseworker's (issue 22): `demo.caseworker` proposes one and
 * finds it in the bell's list, worded as the step awaited, in Khmer and in English, and among the
 * palette's commands. It registers its own child and family; the matching is deleted afterwards.
 */
const kh = dict.kh;
const en = dict.en;
const caseworker = { username: 'demo.caseworker', password: defaultDemoPassword };
const api = '/api/v1';

const tokenOf = async (request: APIRequestContext, who: { username: string; password: string }) => {
  const signedIn = await request.post(`${api}/auth/sign-in`, { data: who });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  return { authorization: `Bearer ${(await signedIn.json()).data.accessToken}`, locale: 'en' };
};

/** Opens the bell (its name is the dictionary's count sentence) and answers the matching's item. */
const openBell = async (page: Page, book: typeof kh, id: number) => {
  const pattern = book.workQueue.bell({ count: 0 }).replace('0', '\\d+');
  const bell = page.getByRole('button', { name: new RegExp(`^${pattern}$`) });
  await expect(bell).toBeVisible();
  await bell.focus();
  await page.keyboard.press('Enter');
  const item = page.locator(`[data-work-item="matching-${id}"]`).first();
  await expect(item).toBeVisible();
  return item;
};

/** A unique tail for names, so that a run or a retry never meets the duplicate check. */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * An adoptable child of four and an accepted application of the caseworker's office (its one office
 * in the head-office lookup), made as a caseworker makes them: registered, then taken by their steps.
 */
const childAndFamilyOf = async (request: APIRequestContext, worker: Record<string, string>) => {
  const today = isoDateIn(new Date());
  const call = async (method: 'get' | 'post' | 'patch', path: string, data?: unknown) => {
    const response = await request[method](`${api}${path}`, { headers: worker, data });
    expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
    return (await response.json()).data;
  };
  const [office] = await call('get', '/child-infos/head-offices');
  const tail = unique();
  const registered = await call('post', '/child-infos', {
    familyNameKh: 'ស៊ន',
    givenNameKh: 'បុប្ផា',
    familyNameEn: 'Son',
    givenNameEn: `Bopha ${tail}`,
    sex: 'female',
    dateOfBirth: yearsBefore(today, 4),
    dateOfBirthEstimated: false,
    headOfficeId: office.id,
    disabilityIds: [],
  });
  const child = await call('patch', `/child-infos/confirm-adoption/${registered.id}`, {
    id: registered.id,
    date: today,
    version: registered.version,
  });
  const application = await call('post', '/parent-infos', {
    applicantType: 'couple',
    applicant1FamilyNameKh: 'ចាន់',
    applicant1GivenNameKh: 'វិចិត្រ',
    applicant1FamilyNameEn: 'Chan',
    applicant1GivenNameEn: `Vichet ${tail}`,
    applicant1Sex: 'male',
    applicant1DateOfBirth: '1985-03-02',
    applicant2FamilyNameKh: 'លី',
    applicant2GivenNameKh: 'ស្រីមុំ',
    applicant2FamilyNameEn: 'Ly',
    applicant2GivenNameEn: `Sreymom ${tail}`,
    applicant2Sex: 'female',
    applicant2DateOfBirth: '1987-09-14',
    headOfficeId: office.id,
    applicationDate: today,
    preferredSex: 'any',
    childrenCount: 1,
    disabilityAccepted: 'no',
    acceptedDisabilityIds: [],
    // The assessment done: an application within the rules, which one caseworker may accept.
    homeStudyOn: today,
    policeRecordOn: today,
    medicalReportOn: today,
    referencesOn: today,
    trainingOn: today,
  });
  const family = await call('patch', `/parent-infos/accept-parents-adoption/${application.id}`, {
    date: today,
    version: application.version,
  });
  return { child: child as { id: number }, family: family as { id: number } };
};

test('the caseworker finds the step awaited of a matching they proposed in the bell, in both languages, and in the palette', async ({
  page,
  request,
}) => {
  const worker = await tokenOf(request, caseworker);
  // Its own child and family, registered here through the API (the other tests take the office's
  // demo children and families, a retried one more than once): a child confirmed adoptable and an
  // application accepted, both of the caseworker's office.
  const { child, family } = await childAndFamilyOf(request, worker);
  const created = await request.post(`${api}/adoptive-matching`, {
    headers: worker,
    data: {
      childId: child.id,
      parentId: family.id,
      proposedDate: isoDateIn(new Date()),
      justification: 'Assessed in person.',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, code } = (await created.json()).data as { id: number; code: string };
  try {
    await signIn(page, caseworker);
    const khItem = await openBell(page, kh, id);
    await expect(khItem).toContainText(
      kh.workQueue.nextStep({ actions: kh.areas.matching.workflow.actions.pendingAdoption() }),
    );
    await saveScreenshot(page, 'work-queue-next-step-kh');

    await page.goto('/en');
    const enItem = await openBell(page, en, id);
    await expect(enItem).toContainText(
      en.workQueue.nextStep({ actions: en.areas.matching.workflow.actions.pendingAdoption() }),
    );
    await saveScreenshot(page, 'work-queue-next-step-en');
    await page.keyboard.press('Escape');

    // The palette offers the matching with the step to take.
    await page.keyboard.press('Control+k');
    await expect(page.locator('[cmdk-input]')).toBeFocused();
    await page.keyboard.type(code);
    await expect(
      page.getByRole('option', {
        name: new RegExp(`${code}.*${en.areas.matching.workflow.actions.pendingAdoption()}`),
      }),
    ).toBeVisible();
    await saveScreenshot(page, 'work-queue-next-step-palette-en');
  } finally {
    const admin = await tokenOf(request, { username: 'admin', password: adminPassword });
    const removed = await request.delete(`${api}/adoptive-matching/${id}`, { headers: admin });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
});
