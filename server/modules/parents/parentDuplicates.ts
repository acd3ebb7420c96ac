import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { parentArea } from '../../../src/domain/areas/parent.area';
import {
  applicantFieldNames,
  applicantKey,
  applicantNumbers,
  checklistDateKey,
  checklistItems,
} from '../../../src/domain/resources/parent';
import { adoptiveMatchings, parentFamilies, parentInfos } from '../../db/schema';
import { duplicateGivenKey, duplicateNameKey, givenKeyOf } from '../../db/schema/duplicateKeys';
import type { TDuplicateBinding } from '../../duplicates/binding';
import { dayOf, idOf, wholeNameOf } from '../../duplicates/findDuplicates';
import { fullName } from '../../resources/recordSql';

const parentColumns: Readonly<Record<string, PgColumn>> = getTableColumns(parentInfos);
const column = (key: string) => parentColumns[key];
/** Every column of applicant `n` (a merge takes an applicant whole). */
const applicantColumns = (n: 1 | 2) => applicantFieldNames.map((field) => column(applicantKey(n, field)));

/** The stored columns of applicant `n`. */
const applicant = (n: 1 | 2) => ({
  nameKh: duplicateNameKey(parentInfos[`applicant${n}FamilyNameKh`], parentInfos[`applicant${n}GivenNameKh`]),
  nameEn: duplicateNameKey(parentInfos[`applicant${n}FamilyNameEn`], parentInfos[`applicant${n}GivenNameEn`]),
  givenKh: duplicateGivenKey.kh(parentInfos[`applicant${n}GivenNameKh`]),
  givenEn: duplicateGivenKey.en(parentInfos[`applicant${n}GivenNameEn`]),
  sex: parentInfos[`applicant${n}Sex`],
  dateOfBirth: parentInfos[`applicant${n}DateOfBirth`],
  nationalityId: parentInfos[`applicant${n}NationalityId`],
  nationalId: parentInfos[`applicant${n}IdNumber`],
});

/** `A & B` in one script, either alone, null when neither is written. */
const joined = (script: 'Kh' | 'En') =>
  sql<
    string | null
  >`nullif(concat_ws(' & ', ${fullName(parentInfos[`applicant1FamilyName${script}`], parentInfos[`applicant1GivenName${script}`])}, ${fullName(parentInfos[`applicant2FamilyName${script}`], parentInfos[`applicant2GivenName${script}`])}), '')`;

/**
 * How the duplicate engine (server/duplicates, issue 35) compares applications: by their applicants
 * (docs/decisions.md 'Issue 35: duplicate check, server'), each one's names in both scripts, sex,
 * date of birth, nationality and national id number; either applicant of a candidate against either
 * of a stored application. The household, address and terms do not identify an application.
 */
export const parentDuplicates: TDuplicateBinding = {
  kind: 'parent',
  table: parentInfos,
  entity: parentArea.entity,
  apiBase: parentArea.apiBase,
  permissionResource: parentArea.permission,
  tag: 'parents',
  columns: {
    id: parentInfos.id,
    code: parentInfos.code,
    status: parentInfos.status,
    headOffice: parentInfos.headOfficeId,
    mergedInto: parentInfos.mergedIntoId,
    mergedAt: parentInfos.mergedAt,
    formerCodes: parentInfos.formerCodes,
    version: parentInfos.version,
  },
  persons: [applicant(1), applicant(2)],
  candidatePersons: (body) =>
    applicantNumbers.map((n) => ({
      nameKh: wholeNameOf(body[applicantKey(n, 'FamilyNameKh')], body[applicantKey(n, 'GivenNameKh')]),
      nameEn: wholeNameOf(body[applicantKey(n, 'FamilyNameEn')], body[applicantKey(n, 'GivenNameEn')]),
      givenKh: givenKeyOf(body[applicantKey(n, 'GivenNameKh')], 'kh'),
      givenEn: givenKeyOf(body[applicantKey(n, 'GivenNameEn')], 'en'),
      sex: typeof body[applicantKey(n, 'Sex')] === 'string' ? (body[applicantKey(n, 'Sex')] as string) : null,
      dateOfBirth: dayOf(body[applicantKey(n, 'DateOfBirth')]),
      estimated: false,
      birthProvinceId: null,
      nationalityId: idOf(body[applicantKey(n, 'NationalityId')]),
      nationalId:
        typeof body[applicantKey(n, 'IdNumber')] === 'string'
          ? (body[applicantKey(n, 'IdNumber')] as string).trim() || null
          : null,
    })),
  display: {
    nameKh: joined('Kh'),
    nameEn: joined('En'),
    dateOfBirth: sql`${parentInfos.applicant1DateOfBirth}::text`,
  },
  merge: {
    fields: {
      applicant1: applicantColumns(1),
      applicant2: [parentInfos.applicantType, ...applicantColumns(2)],
      address: [
        parentInfos.provinceId,
        parentInfos.districtId,
        parentInfos.communeId,
        parentInfos.villageId,
        parentInfos.addressDetail,
      ],
      marriage: [parentInfos.marriageDate],
      income: [parentInfos.monthlyIncome, parentInfos.ownChildren],
      terms: [
        parentInfos.preferredSex,
        parentInfos.ageFrom,
        parentInfos.ageTo,
        parentInfos.childrenCount,
        parentInfos.disabilityAccepted,
        parentInfos.acceptedDisabilityIds,
      ],
      checklist: checklistItems.map((item) => column(checklistDateKey(item))),
      notes: [parentInfos.notes],
    },
    kept: { statuses: parentArea.keptStatuses, reason: 'keptApplication' },
    matchingColumn: adoptiveMatchings.parentId,
    move: async ({ db, keepId, mergeId, actor }) => {
      // The household (one row per application): moved when the kept one has none, else both
      // households' members are kept on it.
      const [merged] = await db.select().from(parentFamilies).where(eq(parentFamilies.parentId, mergeId));
      if (!merged) return;
      const [kept] = await db.select().from(parentFamilies).where(eq(parentFamilies.parentId, keepId));
      if (!kept) {
        await db.update(parentFamilies).set({ parentId: keepId }).where(eq(parentFamilies.id, merged.id));
        return;
      }
      await db
        .update(parentFamilies)
        .set({
          members: [...kept.members, ...merged.members],
          version: sql`${parentFamilies.version} + 1`,
          updatedBy: actor.id,
        })
        .where(eq(parentFamilies.id, kept.id));
      await db.delete(parentFamilies).where(eq(parentFamilies.id, merged.id));
    },
  },
};
