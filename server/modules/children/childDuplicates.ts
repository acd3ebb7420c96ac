import { and, eq, sql } from 'drizzle-orm';
import { childArea } from '../../../src/domain/areas/child.area';
import {
  adoptiveMatchings,
  childDisabilities,
  childFamilies,
  childInfos,
  originOpenings,
  postAdoptionServices,
} from '../../db/schema';
import { duplicateGivenKey, duplicateNameKey, givenKeyOf } from '../../db/schema/duplicateKeys';
import type { TDuplicateBinding } from '../../duplicates/binding';
import { dayOf, idOf, wholeNameOf } from '../../duplicates/findDuplicates';
import type { TKeptRule } from '../../resources/keptRecord';
import { fullName } from '../../resources/recordSql';

/** An adopted child, and one adopted once who re-entered the programme (its matching completed). */
export const childKeptRule: TKeptRule = {
  statuses: childArea.keptStatuses,
  reason: 'keptChild',
  alsoWhen: async (db, id) =>
    (
      await db
        .select({ id: adoptiveMatchings.id })
        .from(adoptiveMatchings)
        .where(and(eq(adoptiveMatchings.childId, id), eq(adoptiveMatchings.status, 'completed')))
        .limit(1)
    ).length > 0,
};

/**
 * How the duplicate engine (server/duplicates, issue 35) compares children: one person, its names
 * in both scripts, sex, date of birth (estimated or not), birth province and nationality. A child
 * has no national id number. A sealed child's birth province is compared too: the check answers
 * only that it matched, never the province itself.
 */
export const childDuplicates: TDuplicateBinding = {
  kind: 'child',
  table: childInfos,
  entity: childArea.entity,
  apiBase: childArea.apiBase,
  permissionResource: childArea.permission,
  tag: 'children',
  columns: {
    id: childInfos.id,
    code: childInfos.code,
    status: childInfos.status,
    headOffice: childInfos.headOfficeId,
    mergedInto: childInfos.mergedIntoId,
    mergedAt: childInfos.mergedAt,
    formerCodes: childInfos.formerCodes,
    version: childInfos.version,
  },
  persons: [
    {
      nameKh: duplicateNameKey(childInfos.familyNameKh, childInfos.givenNameKh),
      nameEn: duplicateNameKey(childInfos.familyNameEn, childInfos.givenNameEn),
      givenKh: duplicateGivenKey.kh(childInfos.givenNameKh),
      givenEn: duplicateGivenKey.en(childInfos.givenNameEn),
      sex: childInfos.sex,
      dateOfBirth: childInfos.dateOfBirth,
      estimated: childInfos.dateOfBirthEstimated,
      birthProvinceId: childInfos.birthProvinceId,
      nationalityId: childInfos.nationalityId,
    },
  ],
  candidatePersons: (body) => [
    {
      nameKh: wholeNameOf(body.familyNameKh, body.givenNameKh),
      nameEn: wholeNameOf(body.familyNameEn, body.givenNameEn),
      givenKh: givenKeyOf(body.givenNameKh, 'kh'),
      givenEn: givenKeyOf(body.givenNameEn, 'en'),
      sex: typeof body.sex === 'string' ? body.sex : null,
      dateOfBirth: dayOf(body.dateOfBirth),
      estimated: body.dateOfBirthEstimated === true,
      birthProvinceId: idOf(body.birthProvinceId),
      nationalityId: idOf(body.nationalityId),
      nationalId: null,
    },
  ],
  display: {
    nameKh: fullName(childInfos.familyNameKh, childInfos.givenNameKh),
    nameEn: fullName(childInfos.familyNameEn, childInfos.givenNameEn),
    dateOfBirth: sql`${childInfos.dateOfBirth}::text`,
  },
  merge: {
    fields: {
      name: [
        childInfos.familyNameKh,
        childInfos.givenNameKh,
        childInfos.familyNameEn,
        childInfos.givenNameEn,
      ],
      sex: [childInfos.sex],
      dateOfBirth: [childInfos.dateOfBirth, childInfos.dateOfBirthEstimated],
      birthPlace: [
        childInfos.birthProvinceId,
        childInfos.birthDistrictId,
        childInfos.birthCommuneId,
        childInfos.birthVillageId,
      ],
      nationality: [childInfos.nationalityId],
      admittedOn: [childInfos.admittedOn],
      care: [childInfos.keepingReasonId, childInfos.livingWithId, childInfos.familyTypeId],
      health: [childInfos.healthStatusId, childInfos.healthNotes],
      notes: [childInfos.notes],
    },
    kept: childKeptRule,
    matchingColumn: adoptiveMatchings.childId,
    singleSlots: ['photo'],
    move: async ({ db, keepId, mergeId, actor }) => {
      // Services after adoption and openings of sealed origins follow the child.
      await db
        .update(postAdoptionServices)
        .set({ childId: keepId })
        .where(eq(postAdoptionServices.childId, mergeId));
      await db.update(originOpenings).set({ childId: keepId }).where(eq(originOpenings.childId, mergeId));
      // Disabilities: the union of both.
      await db.execute(
        sql`insert into ${childDisabilities} (child_id, disability_id, created_by, updated_by)
            select ${keepId}, disability_id, ${actor.id}, ${actor.id} from ${childDisabilities} where child_id = ${mergeId}
            on conflict do nothing`,
      );
      await db.delete(childDisabilities).where(eq(childDisabilities.childId, mergeId));
      // The family (one row per child): moved when the kept child has none; else the kept one's
      // father and mother stay (the merged one's fill a gap), the siblings of both are kept.
      const [merged] = await db.select().from(childFamilies).where(eq(childFamilies.childId, mergeId));
      if (!merged) return;
      const [kept] = await db.select().from(childFamilies).where(eq(childFamilies.childId, keepId));
      if (!kept) {
        await db.update(childFamilies).set({ childId: keepId }).where(eq(childFamilies.id, merged.id));
        return;
      }
      await db
        .update(childFamilies)
        .set({
          father: kept.father ?? merged.father,
          mother: kept.mother ?? merged.mother,
          siblings: [...kept.siblings, ...merged.siblings],
          contactNotes: [kept.contactNotes, merged.contactNotes].filter(Boolean).join('\n') || null,
          version: sql`${childFamilies.version} + 1`,
          updatedBy: actor.id,
        })
        .where(eq(childFamilies.id, kept.id));
      await db.delete(childFamilies).where(eq(childFamilies.id, merged.id));
    },
  },
};
