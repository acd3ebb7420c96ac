import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { areaStatusText } from '../../../src/domain/areas/areaWords';
import { childArea } from '../../../src/domain/areas/child.area';
import { childSexText } from '../../../src/domain/childSexText';
import { childRegisteredAction, isoDateIn } from '../../../src/domain/childStatus';
import {
  ageBandBirthDates,
  childResource,
  hasWholeName,
  isNewChildBirthDate,
  type TChildAgeBand,
} from '../../../src/domain/resources/child';
import { originFields } from '../../../src/domain/sealedOrigins';
import { removeAttachmentRows } from '../../attachments/attachmentRoutes';
import type { TDbOrTx } from '../../audit';
import {
  adoptiveMatchings,
  attachments,
  childDisabilities,
  childInfos,
  countries,
  headOffices,
  postAdoptionServices,
  provinces,
  referenceItems,
  statusHistory,
} from '../../db/schema';
import type { TReferenceListName } from '../../db/schema/reference';
import { duplicateCreateExtras, mergedRule } from '../../duplicates/createCheck';
import { refreshDuplicatePairs } from '../../duplicates/pairs';
import { ApiError, fieldErrors } from '../../errors';
import { fileAreas } from '../../files/fileStore';
import { isGeneratedName, thumbnailName } from '../../files/storeFile';
import { addressLevels } from '../../resources/addressLevels';
import { nameIn } from '../../resources/exportNames';
import { nextRecordCode } from '../../resources/recordCode';
import { byName, firstStatusValues, fullName, programmeToday } from '../../resources/recordSql';
import { childFilters, inOfficeProvince } from '../../resources/reportListFilters';
import type { TResourceBinding } from '../../resources/resourceBinding';
import type { TWriteContext } from '../../resources/writeContext';
import type { TWriteSession } from '../../resources/writeSession';
import { readSettings } from '../../settings/readSettings';
import { childDuplicates, childKeptRule } from './childDuplicates';
import { childAnswerFor, childTimelinePresent } from './sealedOrigins';

/** The fields the duplicate check compares (server/modules/children/childDuplicates.ts). */
const childIdentityFields = new Set([
  'familyNameKh',
  'givenNameKh',
  'familyNameEn',
  'givenNameEn',
  'sex',
  'dateOfBirth',
  'dateOfBirthEstimated',
  'birthProvinceId',
  'nationalityId',
]);

/** The ids of a child's disabilities, in id order (an empty array when none). */
const disabilityIdsOf = sql<
  number[]
>`coalesce((select json_agg(${childDisabilities.disabilityId} order by ${childDisabilities.disabilityId}) from ${childDisabilities} where ${childDisabilities.childId} = ${childInfos.id}), '[]'::json)`;

/** Where a child's code is given: `child_infos.code`, deleted codes under its audit entity. */
const childCodeTarget = { entity: childArea.entity, code: childInfos.code };

/** The next free code `{prefix}-{year}-{000001}` of `year`; callers creating it hold the code lock. */
export const nextChildCode = async (db: TDbOrTx, year: string): Promise<string> => {
  const { childCodePrefix } = await readSettings(db);
  return nextRecordCode(db, childCodeTarget, `${childCodePrefix}-${year}-`);
};

/** The reference list each reference field of a child must point into. */
const referenceFields: [field: string, list: TReferenceListName][] = [
  ['keepingReasonId', 'keeping_reasons'],
  ['livingWithId', 'living_with'],
  ['familyTypeId', 'family_types'],
  ['healthStatusId', 'health_status'],
];

/** Whether the reference item `id` is one of `list` (read through the write's session). */
export const isItemOf = async (session: TWriteSession, id: number, list: TReferenceListName) =>
  (await session.valueOf(referenceItems.list, id))?.value === list;

/** An item id of another list (or unknown) is a 400 on its field, like a missing parent. */
const checkReferenceLists = async (session: TWriteSession, body: Record<string, unknown>) => {
  for (const [field, list] of referenceFields) {
    const value = body[field];
    if (typeof value !== 'number') continue;
    if (!(await isItemOf(session, value, list))) throw fieldErrors((t) => t.server.invalidParent({ field }));
  }
  const ids = body.disabilityIds;
  if (Array.isArray(ids) && ids.length > 0) {
    const unique = [...new Set(ids as number[])];
    for (const id of unique)
      if (!(await isItemOf(session, id, 'child_disabilities')))
        throw fieldErrors((t) => t.server.invalidParent({ field: 'disabilityIds' }));
  }
};

/**
 * The rules of a child record (issue 5), in the write's transaction:
 * - a whole name in Khmer or in Latin letters;
 * - a new record's date of birth is today or within the last 18 years; an edit's is not in the
 *   future (an older record may be corrected as it is); the admission date is not in the future;
 * - reference fields point into their own list;
 * - only a child still 'registered' may be deleted: one in the workflow keeps its file (409).
 */
const guardChild = async ({ mode, before, body, now, session }: TWriteContext) => {
  if (mode === 'delete') {
    if (before?.status !== 'registered') throw new ApiError(409, 'childDeleteInWorkflow');
    return;
  }
  const today = isoDateIn(new Date(now));
  const record = { ...before, ...body };
  const errors: Parameters<typeof fieldErrors> = [];
  if (!hasWholeName(record)) errors.push((t) => t.server.childWholeName());
  const dateOfBirth = body.dateOfBirth;
  if (typeof dateOfBirth === 'string') {
    if (mode === 'create' && !isNewChildBirthDate(dateOfBirth, today))
      errors.push((t) => t.server.childNewBirthDate());
    if (mode === 'update' && dateOfBirth > today) errors.push((t) => t.server.childBirthDateFuture());
  }
  if (typeof body.admittedOn === 'string' && body.admittedOn > today)
    errors.push((t) => t.server.childAdmittedFuture());
  if (errors.length > 0) throw fieldErrors(...errors);
  await checkReferenceLists(session, body);
};

/** A column of the child's origins, null when the child is sealed. */
const unlessSealed = (column: PgColumn) =>
  sql<number | null>`(case when ${childInfos.sealedAt} is null then ${column} end)`;

/** The body's columns less the child's origins. */
const withoutOrigins = (columns: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(columns).filter(([key]) => !(originFields as readonly string[]).includes(key)),
  );

/** Where a child was born, by the four levels of an address. */
const birthPlace = addressLevels({
  province: 'birthProvinceId',
  district: 'birthDistrictId',
  commune: 'birthCommuneId',
  village: 'birthVillageId',
});

/** Child records on the resource machinery (issue 5): `/child-infos`. */
export const childBinding: TResourceBinding = {
  definition: childResource,
  table: childInfos,
  selection: {
    id: childInfos.id,
    code: childInfos.code,
    familyNameKh: childInfos.familyNameKh,
    givenNameKh: childInfos.givenNameKh,
    familyNameEn: childInfos.familyNameEn,
    givenNameEn: childInfos.givenNameEn,
    nameKh: fullName(childInfos.familyNameKh, childInfos.givenNameKh),
    nameEn: fullName(childInfos.familyNameEn, childInfos.givenNameEn),
    sex: childInfos.sex,
    dateOfBirth: childInfos.dateOfBirth,
    dateOfBirthEstimated: childInfos.dateOfBirthEstimated,
    age: sql<number>`extract(year from age(${programmeToday}, ${childInfos.dateOfBirth}))::int`,
    // A sealed child's birthplace is left out here, in SQL (its province is not even joined): every
    // read of the selection (lists, get, export, a workflow's answer, an audit row) is without it;
    // the get adds it back for a user who opened the origins (sealedOrigins.ts).
    birthProvinceId: unlessSealed(childInfos.birthProvinceId),
    birthProvince: { id: provinces.id, name: provinces.name },
    birthDistrictId: unlessSealed(childInfos.birthDistrictId),
    birthCommuneId: unlessSealed(childInfos.birthCommuneId),
    birthVillageId: unlessSealed(childInfos.birthVillageId),
    nationalityId: childInfos.nationalityId,
    headOfficeId: childInfos.headOfficeId,
    headOffice: { id: headOffices.id, code: headOffices.code, name: headOffices.name },
    admittedOn: childInfos.admittedOn,
    keepingReasonId: childInfos.keepingReasonId,
    livingWithId: childInfos.livingWithId,
    familyTypeId: childInfos.familyTypeId,
    healthStatusId: childInfos.healthStatusId,
    disabilityIds: disabilityIdsOf,
    healthNotes: childInfos.healthNotes,
    notes: childInfos.notes,
    // The stored photo name stays on the server; the client fetches the photo through its route.
    hasPhoto: sql<boolean>`exists (select 1 from ${attachments} where ${attachments.entity} = 'child_infos' and ${attachments.entityId} = ${childInfos.id} and ${attachments.slot} = 'photo')`,
    status: childInfos.status,
    adoptionConfirmedOn: childInfos.adoptionConfirmedOn,
    sealed: sql<boolean>`(${childInfos.sealedAt} is not null)`,
    sealedAt: childInfos.sealedAt,
    version: childInfos.version,
    updatedAt: childInfos.updatedAt,
  },
  joins: [
    { table: headOffices, on: sql`${headOffices.id} = ${childInfos.headOfficeId}` },
    // A sealed child has no birth province to show, sort or filter by.
    {
      table: provinces,
      on: sql`${provinces.id} = ${childInfos.birthProvinceId} and ${childInfos.sealedAt} is null`,
      left: true,
    },
  ],
  // The code and the four names, kept in one column by the database (schema/children.ts).
  search: [childInfos.searchText],
  sort: {
    code: childInfos.code,
    nameKh: fullName(childInfos.familyNameKh, childInfos.givenNameKh),
    nameEn: fullName(childInfos.familyNameEn, childInfos.givenNameEn),
    sex: childInfos.sex,
    // Days lived: ascending is youngest first, as the age column reads.
    age: sql`${programmeToday} - ${childInfos.dateOfBirth}`,
    province: byName(provinces.name),
    headOffice: byName(headOffices.name),
    status: childInfos.status,
    updatedAt: childInfos.updatedAt,
  },
  filters: {
    status: childInfos.status,
    sex: childInfos.sex,
    ageBand: (band) => {
      const { after, upTo } = ageBandBirthDates(band as TChildAgeBand, isoDateIn(new Date()));
      return sql`(${childInfos.dateOfBirth} > ${after} and ${childInfos.dateOfBirth} <= ${upTo})`;
    },
    // A search by birthplace does not find a sealed child (it would tell where the child was born).
    provinceId: (id) => sql`(${childInfos.birthProvinceId} = ${id} and ${childInfos.sealedAt} is null)`,
    headOfficeId: childInfos.headOfficeId,
    officeProvinceId: inOfficeProvince(childInfos.headOfficeId),
    disability: childFilters.disability,
    disabilityId: (id) =>
      sql`exists (select 1 from ${childDisabilities} where ${childDisabilities.childId} = ${childInfos.id} and ${childDisabilities.disabilityId} = ${id})`,
  },
  parents: [
    ...birthPlace.parents,
    { field: 'nationalityId', table: countries },
    { field: 'headOfficeId', table: headOffices },
    ...referenceFields.map(([field]) => ({ field, table: referenceItems })),
  ],
  // A sealed child's birthplace is not changed (toColumns): the levels sent are not judged.
  consistency: async (db, record, session) => {
    if (record.sealed !== true) await birthPlace.agree(db, record, session);
  },
  // A child in a matching keeps its record (the matching's delete rule frees it first).
  children: [
    { table: adoptiveMatchings, column: adoptiveMatchings.childId, resource: 'matching' },
    { table: postAdoptionServices, column: postAdoptionServices.childId, resource: 'service' },
    // A child merged into this one points at it (issue 35): the kept record stays while it does.
    { table: childInfos, column: childInfos.mergedIntoId, resource: 'child' },
  ],
  // Its timeline shows its documents and family too, and who opened the child (DESIGN.md section 7).
  timeline: {
    related: [
      { entity: 'child_documents', key: 'childId', about: 'document' },
      { entity: 'child_family', key: 'childId', about: 'family' },
    ],
    // A sealed child's origins are not told to a reader who has not opened them (issue 27).
    present: childTimelinePresent,
  },
  answerFor: childAnswerFor,
  accessLog: true,
  export: {
    filename: 'children',
    sheetTitle: { kh: 'កុមារ', en: 'Children' },
    columns: [
      { key: 'code', heading: (t) => t.fields.code(), width: 18 },
      { key: 'nameKh', heading: (t) => t.fields.nameKh(), width: 28 },
      { key: 'nameEn', heading: (t) => t.fields.nameLatin(), width: 28 },
      {
        key: 'sex',
        heading: (t) => t.fields.sex(),
        value: (sex, t) => childSexText(t, String(sex)),
        width: 10,
      },
      { key: 'dateOfBirth', heading: (t) => t.fields.dateOfBirth(), date: true, width: 14 },
      { key: 'age', heading: (t) => t.fields.age(), width: 8 },
      {
        key: 'birthProvince',
        heading: (t) => t.fields.province(),
        value: (place, _t, locale) => nameIn(place, locale),
        width: 24,
      },
      {
        key: 'headOffice',
        heading: (t) => t.fields.headOffice(),
        value: (office, _t, locale) => nameIn(office, locale),
        width: 28,
      },
      {
        key: 'status',
        heading: (t) => t.fields.status(),
        value: (status, t) => areaStatusText(t, childArea, String(status)),
        width: 18,
      },
    ],
  },
  // An adopted child, and one adopted once who re-entered the programme (its matching completed).
  kept: childKeptRule,
  // A child merged into another is hidden (issue 35); a new one like a stored child is refused (409).
  merged: mergedRule(childDuplicates),
  createExtras: duplicateCreateExtras('child'),
  guard: guardChild,
  // The code and the first status are the server's; disabilities live in their own table.
  toColumns: async ({ mode, before, body, now, session }) => {
    const { disabilityIds: _disabilityIds, ...columns } = body;
    // A sealed child's origins are kept as they were when its adoption completed: an edit (whose
    // form never had them) leaves them as they are.
    if (mode !== 'create') return before?.sealed === true ? withoutOrigins(columns) : columns;
    const year = isoDateIn(new Date(now)).slice(0, 4);
    const { childCodePrefix } = await session.settings();
    const code = await session.nextCode(childCodeTarget, `${childCodePrefix}-${year}-`);
    return { ...columns, code, status: 'registered' };
  },
  afterChange: async ({ db, mode, body, id, actor, now, session }) => {
    // Its documents have no foreign key to cascade by (the attachments engine keys any record).
    if (mode === 'delete') {
      await removeAttachmentRows(db, childArea.entity, id);
      return;
    }
    // A new child's history starts with its registration, in the same transaction as the record.
    if (mode === 'create') {
      await session.add(statusHistory, [
        firstStatusValues({
          entity: childArea.entity,
          entityId: id,
          action: childRegisteredAction,
          status: 'registered',
          actorId: actor.id,
          at: new Date(now),
        }),
      ]);
    }
    // An edited child's pairs for the review list are found again when what identifies it changed
    // (issue 35): a bulk move to another office does not search a million children per row.
    if (mode === 'update' && Object.keys(body).some((key) => childIdentityFields.has(key)))
      await refreshDuplicatePairs(db, 'child', id);
    if (!Array.isArray(body.disabilityIds)) return;
    // A new child has none yet; a change replaces them.
    if (mode === 'update') await db.delete(childDisabilities).where(eq(childDisabilities.childId, id));
    const ids = [...new Set(body.disabilityIds as number[])];
    await session.add(
      childDisabilities,
      ids.map((disabilityId) => ({
        childId: id,
        disabilityId,
        createdBy: actor.id,
        updatedBy: actor.id,
      })),
    );
  },
  lookups: [
    // A provincial caseworker registers children of their own office: it is the one offered.
    { path: 'head-offices', table: headOffices, ownOfficeOnly: true },
    { path: 'countries', table: countries, orderBy: 'name' },
    ...birthPlace.lookups,
  ],
  unique: { child_infos_code_unique: 'code' },
  // A child's rules judge it alone: the bulk import writes its children together.
  batchCreate: true,
  // A deleted child's photo and documents go with it (afterChange removes the document rows).
  filesOf: async (db, id) => {
    // The photo (with its thumbnail) and the documents: the child's attachments.
    const files = await db
      .select({ storedName: attachments.storedName, slot: attachments.slot })
      .from(attachments)
      .where(and(eq(attachments.entity, childArea.entity), eq(attachments.entityId, id)));
    return files
      .flatMap((file) =>
        file.slot === 'photo' ? [file.storedName, thumbnailName(file.storedName)] : [file.storedName],
      )
      .filter(isGeneratedName)
      .map((name) => ({ area: fileAreas.children, name }));
  },
};

export const childBindings: TResourceBinding[] = [childBinding];
