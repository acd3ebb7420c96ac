import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { parentArea } from '../../../src/domain/areas/parent.area';
import { isoDateIn } from '../../../src/domain/programmeTime';
import {
  applicantFieldNames,
  applicantHasAnything,
  applicantHasWholeName,
  applicantKey,
  applicantNameFields,
  applicantNumbers,
  approvalExpiringDays,
  checklistDateKey,
  checklistItems,
  isOldEnoughToAdopt,
  parentResource,
} from '../../../src/domain/resources/parent';
import { parentUndecidedStatuses } from '../../../src/domain/workflows/parent.workflow';
import type { TranslationFunctions } from '../../../src/i18n/i18n-types';
import { attachmentFilesOf, removeAttachmentRows } from '../../attachments/attachmentRoutes';
import {
  adoptiveMatchings,
  countries,
  headOffices,
  parentInfos,
  provinces,
  referenceItems,
  statusHistory,
} from '../../db/schema';
import { duplicateCreateExtras, mergedRule } from '../../duplicates/createCheck';
import { refreshDuplicatePairs } from '../../duplicates/pairs';
import { ApiError, fieldErrors } from '../../errors';
import { addressLevels } from '../../resources/addressLevels';
import { officeAndProvinceJoins } from '../../resources/officeAndProvinceJoins';
import { nextRecordCode } from '../../resources/recordCode';
import { byName, firstStatusValues, fullName, programmeToday } from '../../resources/recordSql';
import { inOfficeProvince, withinDays } from '../../resources/reportListFilters';
import type { TResourceBinding } from '../../resources/resourceBinding';
import type { TWriteContext } from '../../resources/writeContext';
import { parentDuplicates } from './parentDuplicates';

/** The status history's first row of an application: it was received. */
export const parentReceivedAction = 'receive';

/** Both applicants' names in one script, `A & B`. */
const applicantsName = (script: 'Kh' | 'En') =>
  sql<string | null>`nullif(concat_ws(' & ', ${fullName(
    parentInfos[`applicant1FamilyName${script}`],
    parentInfos[`applicant1GivenName${script}`],
  )}, ${fullName(parentInfos[`applicant2FamilyName${script}`], parentInfos[`applicant2GivenName${script}`])}), '')`;

/** Where an application's code is given: `parent_infos.code`, deleted codes under its audit entity. */
const parentCodeTarget = { entity: parentArea.entity, code: parentInfos.code };

/** The next code `PA-{year}-{000001}`; callers creating it hold the code lock. */
export const nextParentCode = (db: Parameters<typeof nextRecordCode>[0], year: string) =>
  nextRecordCode(db, parentCodeTarget, `PA-${year}-`);

/** Each applicant's columns by field key (`applicant2GivenNameEn`), from the domain's field list. */
const applicantColumns = Object.fromEntries(
  applicantNumbers.flatMap((n) =>
    applicantFieldNames.map((field) => {
      const key = applicantKey(n, field) as keyof typeof parentInfos.$inferSelect;
      return [key, parentInfos[key as keyof typeof parentInfos] as PgColumn];
    }),
  ),
);

type TMessage = (t: TranslationFunctions) => string;

/**
 * The rules of an application (issue 12), in the write's transaction, on the record as it would be
 * saved: the first applicant named (Khmer or Latin), with sex and date of birth; a couple's second
 * applicant too, a single applicant's application without one; every applicant at least the
 * settings' minimum age on the application date; the age range from ≤ to; disabilities named only
 * when 'named' is chosen (and then at least one); no date in the future. Only a pending application
 * may be deleted: a decided one keeps its file (409).
 */
const guardParent = async ({ mode, before, body, now, session }: TWriteContext) => {
  if (mode === 'delete') {
    if (before?.status !== 'pending') throw new ApiError(409, 'parentDeleteDecided');
    return;
  }
  const today = isoDateIn(new Date(now));
  const record = { ...before, ...body } as Record<string, unknown>;
  const errors: TMessage[] = [];
  const { minimumAdopterAge } = await session.settings();
  const onDay = typeof record.applicationDate === 'string' ? record.applicationDate : today;
  for (const n of applicantNumbers) {
    const needed = n === 1 || record.applicantType === 'couple';
    if (!needed) {
      if (applicantHasAnything(record, 2)) errors.push((t) => t.server.parentSingleSecond());
      continue;
    }
    if (!applicantHasWholeName(record, n)) errors.push((t) => t.server.parentApplicantName({ n }));
    const sexKey = applicantKey(n, 'Sex');
    if (!record[sexKey]) errors.push((t) => t.validation.required({ label: sexKey }));
    const birthKey = applicantKey(n, 'DateOfBirth');
    const born = record[birthKey];
    if (typeof born !== 'string') errors.push((t) => t.validation.required({ label: birthKey }));
    else if (born > today) errors.push((t) => t.server.workflow.dateFuture({ field: birthKey, today }));
    else if (
      (mode === 'create' || birthKey in body || 'applicationDate' in body) &&
      !isOldEnoughToAdopt(born, onDay, minimumAdopterAge)
    )
      errors.push((t) => t.server.parentApplicantAge({ field: birthKey, age: minimumAdopterAge }));
  }
  const dated = ['applicationDate', 'marriageDate', ...checklistItems.map(checklistDateKey)];
  for (const field of dated) {
    const value = body[field];
    if (typeof value === 'string' && value > today)
      errors.push((t) => t.server.workflow.dateFuture({ field, today }));
  }
  const { ageFrom, ageTo } = record;
  if (typeof ageFrom === 'number' && typeof ageTo === 'number' && ageFrom > ageTo)
    errors.push((t) => t.server.parentAgeRange());
  const named = Array.isArray(record.acceptedDisabilityIds) ? (record.acceptedDisabilityIds as number[]) : [];
  if (record.disabilityAccepted === 'named' && named.length === 0)
    errors.push((t) => t.server.parentNamedDisabilities());
  if (record.disabilityAccepted !== 'named' && named.length > 0)
    errors.push((t) => t.server.parentDisabilitiesNotNamed());
  if (errors.length > 0) throw fieldErrors(...errors);
  if (Array.isArray(body.acceptedDisabilityIds))
    for (const id of new Set(body.acceptedDisabilityIds as number[]))
      if ((await session.valueOf(referenceItems.list, id))?.value !== 'child_disabilities')
        throw fieldErrors((t) => t.server.invalidParent({ field: 'acceptedDisabilityIds' }));
};

/** The family's address: province, district, commune and village. */
const address = addressLevels();

/** An application whose approval holds on `today`... or no longer does. */
export const approvalFilter = (state: string | number): SQL => {
  const accepted = sql`${parentInfos.status} = 'accepted'`;
  if (state === 'expired') return sql`(${accepted} and ${parentInfos.approvedUntil} < ${programmeToday})`;
  // The parents' report's families approved and waiting: in no matching under way.
  if (state === 'waiting')
    return sql`(${accepted} and ${parentInfos.approvedUntil} >= ${programmeToday} and not exists (select 1 from ${adoptiveMatchings} am where am.parent_id = ${parentInfos.id} and am.status not in ('completed', 'rejected')))`;
  return sql`(${accepted} and ${parentInfos.approvedUntil} >= ${programmeToday} and ${parentInfos.approvedUntil} <= ${programmeToday} + ${approvalExpiringDays}::int)`;
};

/** Applications whose age range meets the band (an open end takes any age). */
const acceptsAgeBand = (band: string | number): SQL => {
  const [youngest, oldest] = String(band).split('-').map(Number);
  return sql`(coalesce(${parentInfos.ageFrom}, 0) <= ${oldest} and coalesce(${parentInfos.ageTo}, 17) >= ${youngest})`;
};

/** Parent applications on the resource machinery (issue 12): `/parent-infos`. */
export const parentBinding: TResourceBinding = {
  definition: parentResource,
  table: parentInfos,
  selection: {
    id: parentInfos.id,
    code: parentInfos.code,
    applicantType: parentInfos.applicantType,
    ...applicantColumns,
    applicantsKh: applicantsName('Kh'),
    applicantsEn: applicantsName('En'),
    provinceId: parentInfos.provinceId,
    province: { id: provinces.id, name: provinces.name },
    districtId: parentInfos.districtId,
    communeId: parentInfos.communeId,
    villageId: parentInfos.villageId,
    addressDetail: parentInfos.addressDetail,
    marriageDate: parentInfos.marriageDate,
    monthlyIncome: parentInfos.monthlyIncome,
    ownChildren: parentInfos.ownChildren,
    headOfficeId: parentInfos.headOfficeId,
    headOffice: { id: headOffices.id, code: headOffices.code, name: headOffices.name },
    applicationDate: parentInfos.applicationDate,
    preferredSex: parentInfos.preferredSex,
    ageFrom: parentInfos.ageFrom,
    ageTo: parentInfos.ageTo,
    childrenCount: parentInfos.childrenCount,
    disabilityAccepted: parentInfos.disabilityAccepted,
    acceptedDisabilityIds: parentInfos.acceptedDisabilityIds,
    homeStudyOn: parentInfos.homeStudyOn,
    policeRecordOn: parentInfos.policeRecordOn,
    medicalReportOn: parentInfos.medicalReportOn,
    referencesOn: parentInfos.referencesOn,
    trainingOn: parentInfos.trainingOn,
    notes: parentInfos.notes,
    status: parentInfos.status,
    decisionDate: parentInfos.decisionDate,
    decisionReason: parentInfos.decisionReason,
    approvedUntil: parentInfos.approvedUntil,
    acceptanceJustification: parentInfos.acceptanceJustification,
    acceptanceRequestedBy: parentInfos.acceptanceRequestedBy,
    version: parentInfos.version,
    updatedAt: parentInfos.updatedAt,
  },
  joins: officeAndProvinceJoins(parentInfos.headOfficeId, parentInfos.provinceId),
  // The code, each applicant's names in both scripts, then their ID numbers.
  search: [
    parentInfos.code,
    ...applicantNumbers.flatMap((n) =>
      applicantNameFields.map((field) => applicantColumns[applicantKey(n, field)]),
    ),
    ...applicantNumbers.map((n) => applicantColumns[applicantKey(n, 'IdNumber')]),
    // The codes of applications merged into this one (issue 35): a search by one finds it.
    parentInfos.formerCodes,
  ],
  sort: {
    code: parentInfos.code,
    applicantsKh: applicantsName('Kh'),
    applicantsEn: applicantsName('En'),
    applicantType: parentInfos.applicantType,
    province: byName(provinces.name),
    headOffice: byName(headOffices.name),
    applicationDate: parentInfos.applicationDate,
    status: parentInfos.status,
    approvedUntil: parentInfos.approvedUntil,
    updatedAt: parentInfos.updatedAt,
  },
  filters: {
    status: parentInfos.status,
    applicantType: parentInfos.applicantType,
    provinceId: parentInfos.provinceId,
    headOfficeId: parentInfos.headOfficeId,
    approval: approvalFilter,
    preferredSex: parentInfos.preferredSex,
    ageBand: acceptsAgeBand,
    officeProvinceId: inOfficeProvince(parentInfos.headOfficeId),
    // The parents' report's sex (issue 35): the first applicant's, as its 'By sex' breakdown.
    applicantSex: parentInfos.applicant1Sex,
    receivedIn: withinDays(parentInfos.applicationDate),
    // Decided: no longer pending, its decision's day in the span (the report's average's families).
    decidedIn: (value) =>
      sql`(${parentInfos.status} not in (${sql.join(
        parentUndecidedStatuses.map((status) => sql`${status}`),
        sql`, `,
      )}) and ${withinDays(parentInfos.decisionDate)(value)})`,
    // Matched: a matching of the family proposed in the span.
    matchedIn: (value) =>
      sql`exists (select 1 from ${adoptiveMatchings} am where am.parent_id = ${parentInfos.id} and ${withinDays(sql`am.proposed_date`)(value)})`,
  },
  parents: [
    ...address.parents,
    { field: 'applicant1NationalityId', table: countries },
    { field: 'applicant2NationalityId', table: countries },
    { field: 'headOfficeId', table: headOffices },
  ],
  consistency: address.agree,
  children: [
    { table: adoptiveMatchings, column: adoptiveMatchings.parentId, resource: 'matching' },
    // An application merged into this one points at it (issue 35): the kept record stays while it does.
    { table: parentInfos, column: parentInfos.mergedIntoId, resource: 'parent' },
  ],
  timeline: {
    related: [
      { entity: 'parent_family', key: 'parentId', about: 'family' },
      { entity: 'attachments', key: 'entityId', about: 'document', match: { entity: parentArea.entity } },
    ],
  },
  accessLog: true,
  kept: { statuses: parentArea.keptStatuses, reason: 'keptApplication' },
  // An application merged into another is hidden (issue 35); a new one like a stored one is refused (409).
  merged: mergedRule(parentDuplicates),
  createExtras: duplicateCreateExtras('parent'),
  guard: guardParent,
  // The code and the first status are the server's.
  toColumns: async ({ mode, body, now, session }) => {
    if (mode !== 'create') return body;
    const year = isoDateIn(new Date(now)).slice(0, 4);
    return { ...body, code: await session.nextCode(parentCodeTarget, `PA-${year}-`), status: 'pending' };
  },
  afterChange: async ({ db, mode, id, actor, now, session, body }) => {
    if (mode === 'delete') {
      await removeAttachmentRows(db, parentArea.entity, id);
      return;
    }
    // An edited application's pairs for the review list are found again when an applicant changed
    // (issue 35): a bulk action on other fields does not search every application per row.
    if (mode === 'update' && Object.keys(body).some((key) => key.startsWith('applicant')))
      await refreshDuplicatePairs(db, 'parent', id);
    // A new application's history starts with its receipt, in the same transaction as the record.
    if (mode === 'create')
      await session.add(statusHistory, [
        firstStatusValues({
          entity: parentArea.entity,
          entityId: id,
          action: parentReceivedAction,
          status: 'pending',
          actorId: actor.id,
          at: new Date(now),
        }),
      ]);
  },
  lookups: [
    // A provincial caseworker files applications of their own office: it is the one offered.
    { path: 'head-offices', table: headOffices, ownOfficeOnly: true },
    { path: 'countries', table: countries, orderBy: 'name' },
    ...address.lookups,
  ],
  unique: { parent_infos_code_unique: 'code' },
  // An application's rules judge it alone: the bulk import writes its applications together.
  batchCreate: true,
  filesOf: (db, id) => attachmentFilesOf(db, parentArea.entity, id),
};
