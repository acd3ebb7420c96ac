import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptiveMatchings,
  attachments,
  childFamilies,
  childInfos,
  headOffices,
  parentInfos,
  postAdoptionServices,
  provinces,
  statusHistory,
  users,
} from '../../server/db/schema';
import { rebuildDuplicatePairs } from '../../server/duplicates/pairs';
import { isoDateIn } from '../../src/domain/childStatus';
import { yearsBefore } from '../../src/domain/resources/child';
import {
  insertChild,
  insertCompletedMatching,
  insertMatching,
  insertService,
} from './support/recordFixtures';
import { createTestApp, type TTestApp, userPassword } from './testApp';

/**
 * Issue 35: one child, one record. The duplicate check of children and applications (both scripts,
 * romanisations, estimated dates), the create refused with 409 and accepted with a reason, the
 * office scope, the review list's pairs, dismissal and merge (documents, history, services moved;
 * 410 with `mergedInto`; a search by the old code), their refusals and their permissions.
 */

let t: TTestApp;
const tokens: Record<string, string> = {};
let officeA: number;
let officeB: number;
let provinceA: number;
let provinceB: number;
let sokDara: { id: number; code: string };
let chanSophea: { id: number; code: string };
let couple: { id: number; code: string };

const today = () => isoDateIn(new Date(t.clock.now()));
const born = () => yearsBefore(today(), 6);

const api = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  username = 'clerk',
  locale = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...t.bearer(tokens[username]), locale },
  });

const child = (extra: Record<string, unknown> = {}) => ({
  familyNameKh: 'សុខ',
  givenNameKh: 'ដារា',
  familyNameEn: 'Sok',
  givenNameEn: 'Dara',
  sex: 'female',
  dateOfBirth: born(),
  dateOfBirthEstimated: false,
  birthProvinceId: provinceA,
  headOfficeId: officeA,
  disabilityIds: [],
  ...extra,
});

const application = (extra: Record<string, unknown> = {}) => ({
  applicantType: 'couple',
  applicant1FamilyNameKh: 'ចាន់',
  applicant1GivenNameKh: 'វិចិត្រ',
  applicant1FamilyNameEn: 'Chan',
  applicant1GivenNameEn: 'Vichet',
  applicant1Sex: 'male',
  applicant1DateOfBirth: '1985-03-02',
  applicant1IdNumber: '010203040',
  applicant2FamilyNameKh: 'លី',
  applicant2GivenNameKh: 'ស្រីមុំ',
  applicant2FamilyNameEn: 'Ly',
  applicant2GivenNameEn: 'Sreymom',
  applicant2Sex: 'female',
  applicant2DateOfBirth: '1987-09-14',
  headOfficeId: officeA,
  applicationDate: today(),
  preferredSex: 'any',
  childrenCount: 1,
  disabilityAccepted: 'no',
  acceptedDisabilityIds: [],
  ...extra,
});

const check = async (body: Record<string, unknown>, area = 'child-infos', username = 'clerk') => {
  const response = await api('POST', `/${area}/duplicate-check`, body, username);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; code: string; score: number; reasons: string[] }[];
};

beforeAll(async () => {
  t = await createTestApp();
  const children = ['read', 'write', 'update'].map((action) => `adoptive_children:${action}`);
  const parents = ['read', 'write', 'update'].map((action) => `adoptive_parents:${action}`);
  await t.createUser('clerk', [...children, ...parents]);
  await t.createUser('provincial', [...children, ...parents]);
  await t.createUser('supervisor', [
    ...children,
    ...parents,
    'adoptive_children:merge',
    'adoptive_parents:merge',
  ]);
  await t.createUser('supervisorB', [...children, 'adoptive_children:merge']);
  await t.createUser('reader', ['adoptive_children:read', 'adoptive_parents:read']);
  await t.createUser('nobody', ['users:read']);
  for (const username of ['clerk', 'provincial', 'supervisor', 'supervisorB', 'reader', 'nobody'])
    tokens[username] = (await t.signIn(username, userPassword)).accessToken;
  [provinceA, provinceB] = (
    await t.app.db.select({ id: provinces.id }).from(provinces).orderBy(provinces.code).limit(2)
  ).map((row) => row.id);
  [officeA, officeB] = (
    await t.app.db
      .insert(headOffices)
      .values([
        { code: 'DUP-A', name: { kh: 'ការិយាល័យក', en: 'Office A' }, class: 'national', provinceId: provinceA },
        {
          code: 'DUP-B',
          name: { kh: 'ការិយាល័យខ', en: 'Office B' },
          class: 'provincial',
          provinceId: provinceB,
        },
      ])
      .returning({ id: headOffices.id })
  ).map((row) => row.id);
  // The provincial caseworker sees office B's records only.
  await t.app.db
    .update(users)
    .set({ headOfficeId: officeB })
    .where(inArray(users.username, ['provincial', 'supervisorB']));

  const created = await api('POST', '/child-infos', child());
  expect(created.statusCode, created.body).toBe(201);
  sokDara = created.json().data;
  const second = await api(
    'POST',
    '/child-infos',
    child({
      familyNameKh: 'ចាន់',
      givenNameKh: 'សុភា',
      familyNameEn: 'Chan',
      givenNameEn: 'Sophea',
      sex: 'male',
      dateOfBirth: yearsBefore(today(), 3),
      dateOfBirthEstimated: true,
    }),
  );
  expect(second.statusCode, second.body).toBe(201);
  chanSophea = second.json().data;
  const family = await api('POST', '/parent-infos', application());
  expect(family.statusCode, family.body).toBe(201);
  couple = family.json().data;
});
afterAll(() => t?.close());

describe('the duplicate check of a child (POST /child-infos/duplicate-check)', () => {
  it('finds the same child, with each reason, best first', async () => {
    const [match, ...others] = await check(child());
    expect(match).toMatchObject({
      id: sokDara.id,
      code: sokDara.code,
      score: 1,
      reasons: ['sameDateOfBirth', 'similarNameKh', 'similarNameEn', 'sameBirthProvince'],
      nameKh: 'សុខ ដារា',
      nameEn: 'Sok Dara',
      dateOfBirth: born(),
      status: 'registered',
    });
    expect(others.map((other) => other.id)).not.toContain(chanSophea.id);
  });

  it('finds romanisations that differ (Sok/Sokh, Chan/Chanh) and a Khmer spelling that differs', async () => {
    const latin = await check({
      familyNameEn: 'Sokh',
      givenNameEn: 'Dara',
      sex: 'female',
      dateOfBirth: born(),
    });
    expect(latin[0]).toMatchObject({ id: sokDara.id, reasons: ['sameDateOfBirth', 'similarNameEn'] });
    expect(latin[0].score).toBeGreaterThanOrEqual(0.8);
    const khmer = await check({
      familyNameKh: 'សុក',
      givenNameKh: 'ដារា',
      sex: 'female',
      dateOfBirth: born(),
    });
    expect(khmer[0]).toMatchObject({ id: sokDara.id, reasons: ['sameDateOfBirth', 'similarNameKh'] });
    // Chan Sophea's date is estimated: a date within a year is a near match.
    const near = await check({
      familyNameEn: 'Chanh',
      givenNameEn: 'Sophea',
      sex: 'male',
      dateOfBirth: yearsBefore(today(), 3).replace(
        /-(\d\d)-/,
        (_, month) => `-${month === '01' ? '03' : '01'}-`,
      ),
    });
    expect(near[0]).toMatchObject({ id: chanSophea.id, reasons: ['nearDateOfBirth', 'similarNameEn'] });
  });

  it('answers while the form is filled in: names only; nothing when the sex differs or nothing is named', async () => {
    const typed = await check({ familyNameEn: 'Sok', givenNameEn: 'Dara' });
    expect(typed.map((match) => match.id)).toContain(sokDara.id);
    expect(await check({ familyNameEn: 'Sok', givenNameEn: 'Dara', sex: 'male' })).toEqual([]);
    expect(await check({ sex: 'female', dateOfBirth: born() })).toEqual([]);
    // The record being edited is not its own duplicate.
    expect((await check({ ...child(), excludeId: sokDara.id })).map((match) => match.id)).not.toContain(
      sokDara.id,
    );
  });

  it('keeps to the user’s office: another office’s caseworker does not see the match', async () => {
    expect(await check(child({ headOfficeId: officeB }), 'child-infos', 'provincial')).toEqual([]);
  });

  it('refuses a user who may not read children (403) and bad input (400), in the request’s language', async () => {
    expect((await api('POST', '/child-infos/duplicate-check', child(), 'nobody')).statusCode).toBe(403);
    const bad = await api('POST', '/child-infos/duplicate-check', { dateOfBirth: 'yesterday', sex: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.join(' ')).toMatch(/dateOfBirth/);
  });
});

describe('the duplicate check of an application (POST /parent-infos/duplicate-check)', () => {
  it('finds an applicant by a romanisation, in either order of the couple, and by the national id', async () => {
    const swapped = await check(
      {
        applicant1FamilyNameEn: 'Ly',
        applicant1GivenNameEn: 'Sreymom',
        applicant1Sex: 'female',
        applicant1DateOfBirth: '1987-09-14',
        applicant2FamilyNameEn: 'Chanh',
        applicant2GivenNameEn: 'Vichet',
        applicant2Sex: 'male',
        applicant2DateOfBirth: '1985-03-02',
      },
      'parent-infos',
    );
    expect(swapped[0]).toMatchObject({ id: couple.id, code: couple.code, dateOfBirth: '1985-03-02' });
    expect(swapped[0].reasons).toEqual(expect.arrayContaining(['sameDateOfBirth', 'similarNameEn']));
    const khmer = await check(
      {
        applicant1FamilyNameKh: 'ចន្ទ',
        applicant1GivenNameKh: 'វិចិត្រ',
        applicant1Sex: 'male',
        applicant1DateOfBirth: '1985-03-02',
      },
      'parent-infos',
    );
    expect(khmer[0]).toMatchObject({ id: couple.id, reasons: ['sameDateOfBirth', 'similarNameKh'] });
    const byId = await check(
      { applicant1FamilyNameEn: 'Someone', applicant1GivenNameEn: 'Else', applicant1IdNumber: '010203040' },
      'parent-infos',
    );
    expect(byId[0]).toMatchObject({ id: couple.id });
    expect(byId[0].reasons).toContain('sameNationalId');
    expect(byId[0].score).toBeGreaterThanOrEqual(0.95);
  });

  it('refuses the same application with 409 and takes it with a reason', async () => {
    const refused = await api('POST', '/parent-infos', application());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().duplicates[0]).toMatchObject({ id: couple.id, code: couple.code });
    const taken = await api(
      'POST',
      '/parent-infos',
      application({
        notDuplicateOf: [couple.id],
        duplicateReason: 'A second application of the same couple, by law',
      }),
    );
    expect(taken.statusCode, taken.body).toBe(201);
  });
});

describe('a new child like a stored one (POST /child-infos)', () => {
  it('is refused with 409 and the likely duplicates, in the request’s language', async () => {
    const before = (await t.app.db.select({ id: childInfos.id }).from(childInfos)).length;
    const refused = await api('POST', '/child-infos', child({ familyNameEn: 'Sokh' }), 'clerk', 'kh');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(sokDara.code);
    expect(refused.json().message).toMatch(/[\u1780-\u17FF]/);
    expect(refused.json().duplicates).toEqual([
      expect.objectContaining({ id: sokDara.id, code: sokDara.code }),
    ]);
    // Naming the duplicate without a reason is not enough.
    const noReason = await api('POST', '/child-infos', child({ notDuplicateOf: [sokDara.id] }));
    expect(noReason.statusCode).toBe(409);
    expect((await t.app.db.select({ id: childInfos.id }).from(childInfos)).length).toBe(before);
  });

  it('is created with a reason, the reason on its timeline, the pair not offered for review', async () => {
    const reason = 'Twin sister: same birth, another child';
    const created = await api(
      'POST',
      '/child-infos',
      child({ givenNameEn: 'Dara', notDuplicateOf: [sokDara.id], duplicateReason: reason }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const twin = created.json().data;
    expect(twin).not.toHaveProperty('notDuplicateOf');
    const timeline = (await api('GET', `/child-infos/timeline/${twin.id}`)).json().data;
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'notDuplicate',
          payload: { reason, notDuplicateOf: [sokDara.code] },
        }),
      ]),
    );
    const pairs = (
      await api('GET', '/child-infos/duplicates?page=1&take=50', undefined, 'supervisor')
    ).json();
    const ids = pairs.data.map((pair: { a: { id: number }; b: { id: number } }) => [pair.a.id, pair.b.id]);
    expect(ids).not.toContainEqual([sokDara.id, twin.id]);
  });

  it('is created in another office by a user who cannot see the stored child', async () => {
    const created = await api('POST', '/child-infos', child({ headOfficeId: officeB }), 'provincial');
    expect(created.statusCode, created.body).toBe(201);
  });
});

describe('the review list, dismissal and merge', () => {
  let keep: { id: number; code: string };
  let merge: { id: number; code: string };

  it('lists a pair an edit made, to a holder of :merge only', async () => {
    const name = { familyNameKh: 'ម៉ៅ', givenNameKh: 'ស្រីនាង', familyNameEn: 'Mao', givenNameEn: 'Sreyneang' };
    const birth = yearsBefore(today(), 9);
    keep = (await api('POST', '/child-infos', child({ ...name, dateOfBirth: birth }))).json().data;
    const other = await api(
      'POST',
      '/child-infos',
      child({
        familyNameKh: 'ពេជ្រ',
        givenNameKh: 'រតនា',
        familyNameEn: 'Pich',
        givenNameEn: 'Rathana',
        dateOfBirth: birth,
      }),
    );
    expect(other.statusCode, other.body).toBe(201);
    merge = other.json().data;
    // An edit makes the second one like the first (a clerk corrects a name): the pair is found.
    const edited = await api('PATCH', `/child-infos/${merge.id}`, {
      version: other.json().data.version,
      familyNameEn: 'Mau',
      givenNameEn: 'Sreyneang',
      familyNameKh: 'ម៉ៅ',
      givenNameKh: 'ស្រីនាង',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const listed = await api('GET', '/child-infos/duplicates?page=1&take=10', undefined, 'supervisor');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          a: { id: keep.id, code: keep.code, nameKh: 'ម៉ៅ ស្រីនាង', nameEn: 'Mao Sreyneang' },
          b: expect.objectContaining({ id: merge.id, code: merge.code }),
          reasons: expect.arrayContaining(['sameDateOfBirth', 'similarNameKh']),
        }),
      ]),
    );
    expect(listed.json().paginateMeta).toMatchObject({ page: 1 });
    expect((await api('GET', '/child-infos/duplicates?page=1&take=10', undefined, 'clerk')).statusCode).toBe(
      403,
    );
    expect((await api('GET', '/child-infos/duplicates?page=0', undefined, 'supervisor')).statusCode).toBe(
      400,
    );
  });

  it('dismisses a pair with a reason: kept, on both timelines, no longer listed; refused without :merge', async () => {
    const body = { aId: sokDara.id, bId: keep.id, reason: 'Different mothers' };
    expect((await api('POST', '/child-infos/duplicates/dismiss', body, 'clerk')).statusCode).toBe(403);
    expect(
      (await api('POST', '/child-infos/duplicates/dismiss', { ...body, reason: '' }, 'supervisor'))
        .statusCode,
    ).toBe(400);
    const dismissed = await api('POST', '/child-infos/duplicates/dismiss', body, 'supervisor');
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const timeline = (await api('GET', `/child-infos/timeline/${keep.id}`)).json().data;
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'notDuplicate',
          payload: { reason: 'Different mothers', notDuplicateOf: [sokDara.code] },
        }),
      ]),
    );
  });

  it('refuses to merge without :merge (403), a record of another office (404), an active matching and a kept record (409)', async () => {
    const body = { keepId: keep.id, mergeId: merge.id, fields: {}, reason: 'Registered twice' };
    expect((await api('POST', '/child-infos/merge', body, 'reader')).statusCode).toBe(403);
    expect((await api('POST', '/child-infos/merge', body, 'clerk')).statusCode).toBe(403);
    expect(
      (await api('POST', '/child-infos/merge', { ...body, mergeId: keep.id }, 'supervisor')).statusCode,
    ).toBe(400);
    // A supervisor kept to office B: office A's children do not exist for them.
    expect((await api('POST', '/child-infos/merge', body, 'supervisorB')).statusCode).toBe(404);
    const matching = await insertMatching(
      t.app.db,
      { headOfficeId: officeA, childId: merge.id },
      { prefix: 'DUP' },
    );
    const active = await api('POST', '/child-infos/merge', body, 'supervisor');
    expect(active.statusCode).toBe(409);
    expect(active.json().message).toContain(merge.code);
    await t.app.db.delete(adoptiveMatchings).where(eq(adoptiveMatchings.id, matching.id));
    const adopted = await insertCompletedMatching(t.app.db, { headOfficeId: officeA }, { prefix: 'DUP' });
    const kept = await api('POST', '/child-infos/merge', { ...body, mergeId: adopted.childId }, 'supervisor');
    expect(kept.statusCode).toBe(409);
  });

  it('merges: documents, history, family, services moved in one transaction; the merged child 410, found by its code', async () => {
    await t.app.db.insert(attachments).values({
      entity: 'child_infos',
      entityId: merge.id,
      storedName: 'dup-merge-document.pdf',
      originalName: 'birth certificate.pdf',
      mimeType: 'application/pdf',
      size: 10,
    });
    await t.app.db.insert(childFamilies).values({ childId: merge.id, siblings: [{ name: 'Brother' }] });
    // A service of an adoption of another child, pointed at this one (the move is what is checked).
    const adopted = await insertCompletedMatching(t.app.db, { headOfficeId: officeA }, { prefix: 'DUP2' });
    const service = await insertService(t.app.db, adopted, { childId: merge.id }, { prefix: 'DUP' });
    const historyBefore = await t.app.db
      .select({ id: statusHistory.id })
      .from(statusHistory)
      .where(and(eq(statusHistory.entity, 'child_infos'), eq(statusHistory.entityId, merge.id)));
    expect(historyBefore.length).toBeGreaterThan(0);

    const registered = async () => {
      const data = (await api('GET', '/dashboard', undefined, 'supervisor')).json().data;
      return data.children.byStatus.find((figure: { key: string }) => figure.key === 'registered').value;
    };
    const registeredBefore = await registered();
    const merged = await api(
      'POST',
      '/child-infos/merge',
      { keepId: keep.id, mergeId: merge.id, fields: { name: 'merge' }, reason: 'Registered twice' },
      'supervisor',
    );
    // The dashboard (from the reports' kept counts) counts the child once.
    expect(await registered()).toBe(registeredBefore - 1);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data).toMatchObject({ id: keep.id, code: keep.code, familyNameEn: 'Mau' });

    const [document] = await t.app.db
      .select({ entityId: attachments.entityId })
      .from(attachments)
      .where(eq(attachments.storedName, 'dup-merge-document.pdf'));
    expect(document.entityId).toBe(keep.id);
    const [family] = await t.app.db.select().from(childFamilies).where(eq(childFamilies.childId, keep.id));
    expect(family.siblings).toEqual([{ name: 'Brother' }]);
    const [moved] = await t.app.db
      .select({ childId: postAdoptionServices.childId })
      .from(postAdoptionServices)
      .where(eq(postAdoptionServices.id, service.id));
    expect(moved.childId).toBe(keep.id);
    for (const { id } of historyBefore) {
      const [row] = await t.app.db
        .select({ entityId: statusHistory.entityId })
        .from(statusHistory)
        .where(eq(statusHistory.id, id));
      expect(row.entityId).toBe(keep.id);
    }

    const gone = await api('GET', `/child-infos/${merge.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().mergedInto).toEqual({ id: keep.id, code: keep.code });
    // Nothing acts on it any more: no status action, no change.
    expect((await api('GET', `/child-infos/allowed-actions/${merge.id}`)).statusCode).toBe(404);
    expect((await api('PATCH', `/child-infos/${merge.id}`, { version: 5, notes: 'x' })).statusCode).toBe(404);
    const [stored] = await t.app.db
      .select({ mergedIntoId: childInfos.mergedIntoId })
      .from(childInfos)
      .where(eq(childInfos.id, merge.id));
    expect(stored.mergedIntoId).toBe(keep.id);
    const search = (await api('GET', `/child-infos?page=1&take=10&search=${merge.code}`)).json();
    expect(search.data.map((row: { id: number }) => row.id)).toEqual([keep.id]);
    const list = (await api('GET', '/child-infos?page=1&take=100')).json();
    expect(list.data.map((row: { id: number }) => row.id)).not.toContain(merge.id);
    const exported = await api('GET', '/child-infos/export?format=csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(keep.code);
    expect(exported.body).not.toMatch(new RegExp(`^"?${merge.code}`, 'm'));
    const timeline = (await api('GET', `/child-infos/timeline/${keep.id}`)).json().data;
    expect(timeline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'merge',
          payload: { reason: 'Registered twice', merged: merge.code, fields: ['name'] },
        }),
      ]),
    );
    // Merged twice is refused; the merged child is not offered again.
    const again = await api(
      'POST',
      '/child-infos/merge',
      { keepId: keep.id, mergeId: merge.id, fields: {}, reason: 'Again' },
      'supervisor',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(merge.code);
    expect(
      (
        await check(
          child({
            ...{ familyNameEn: 'Mau', givenNameEn: 'Sreyneang' },
            dateOfBirth: yearsBefore(today(), 9),
          }),
        )
      ).map((m) => m.id),
    ).not.toContain(merge.id);
  });

  it('merges two applications; the merged one answers 410', async () => {
    const other = await api(
      'POST',
      '/parent-infos',
      application({
        applicant1FamilyNameEn: 'Som',
        applicant1GivenNameEn: 'Rith',
        applicant1FamilyNameKh: 'សំ',
        applicant1GivenNameKh: 'រិទ្ធ',
        applicant1IdNumber: null,
        applicant2FamilyNameKh: 'សុខ',
        applicant2GivenNameKh: 'ពៅ',
        applicant2FamilyNameEn: 'Sok',
        applicant2GivenNameEn: 'Pov',
      }),
    );
    expect(other.statusCode, other.body).toBe(201);
    const merged = await api(
      'POST',
      '/parent-infos/merge',
      { keepId: couple.id, mergeId: other.json().data.id, fields: { notes: 'merge' }, reason: 'Same family' },
      'supervisor',
    );
    expect(merged.statusCode, merged.body).toBe(200);
    const gone = await api('GET', `/parent-infos/${other.json().data.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().mergedInto).toEqual({ id: couple.id, code: couple.code });
    const found = (await api('GET', `/parent-infos?page=1&take=10&search=${other.json().data.code}`)).json();
    expect(found.data.map((row: { id: number }) => row.id)).toEqual([couple.id]);
    const [stored] = await t.app.db
      .select({ mergedIntoId: parentInfos.mergedIntoId })
      .from(parentInfos)
      .where(eq(parentInfos.id, other.json().data.id));
    expect(stored.mergedIntoId).toBe(couple.id);
  });

  it('rebuilds the pairs of records written without the API (the import, older data)', async () => {
    const birth = yearsBefore(today(), 11);
    const first = await insertChild(
      t.app.db,
      {
        headOfficeId: officeA,
        familyNameEn: 'Keo',
        givenNameEn: 'Bopha',
        dateOfBirth: birth,
        status: 'registered',
      },
      { prefix: 'DUP' },
    );
    const second = await insertChild(
      t.app.db,
      {
        headOfficeId: officeA,
        familyNameEn: 'Keo',
        givenNameEn: 'Bopha',
        dateOfBirth: birth,
        status: 'registered',
      },
      { prefix: 'DUP' },
    );
    await rebuildDuplicatePairs(t.app.db, 'child');
    const listed = (
      await api('GET', '/child-infos/duplicates?page=1&take=50', undefined, 'supervisor')
    ).json().data;
    expect(
      listed.map((pair: { a: { id: number }; b: { id: number } }) => [pair.a.id, pair.b.id]),
    ).toContainEqual([first.id, second.id]);
  });
});
