import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { serviceArea } from '../../../src/domain/areas/service.area';
import { serviceSettings } from '../../../src/domain/areas/service.settings';
import { formatDate } from '../../../src/domain/dateFormat';
import { isoDateIn } from '../../../src/domain/programmeTime';
import { serviceResource, type TServicePeriod } from '../../../src/domain/resources/service';
import { addDays } from '../../../src/domain/serviceSchedule';
import { attachmentFilesOf, removeAttachmentRows } from '../../attachments/attachmentRoutes';
import type { TDbOrTx } from '../../audit';
import type { TAuthUser } from '../../auth/service';
import {
  adoptiveMatchings,
  childInfos,
  headOffices,
  parentInfos,
  postAdoptionServices,
  provinces,
  systemSettings,
  users,
} from '../../db/schema';
import { nameSortKeys } from '../../db/schema/nameSortKeys';
import { ApiError, fieldErrors } from '../../errors';
import { lockRecordCodes, nextRecordCode } from '../../resources/recordCode';
import {
  applicantNamesSql,
  byName,
  childNamesSql,
  programmeToday,
  recordFirstStatus,
} from '../../resources/recordSql';
import { childFilters, inOfficeProvince, whether, withinDays } from '../../resources/reportListFilters';
import type { TResourceBinding } from '../../resources/resourceBinding';
import type { TWriteContext } from '../../resources/writeContext';
import { assertOfficerFits, assertOfficerFitsServices } from './serviceOfficer';

const services = postAdoptionServices;
const serviceOffice = alias(headOffices, 'service_office');
const officer = alias(users, 'service_officer');

/**
 * The setting `serviceDueSoonDays` read by the query itself, so that every list, count and export
 * judges 'due soon' by the value saved now (a value that does not fit reads as the default).
 */
const dueSoonField = serviceSettings.settings.serviceDueSoonDays;
// The bounds are the setting's own (src/domain/areas/service.settings.ts), written into the text.
const dueSoonBounds = sql.raw(
  dueSoonField.field.input === 'number'
    ? `${dueSoonField.field.min} and ${dueSoonField.field.max}`
    : '1 and 180',
);
const dueSoonDays = sql`coalesce((select case when jsonb_typeof(${systemSettings.value}) = 'number' and (${systemSettings.value} #>> '{}')::numeric between ${dueSoonBounds} then (${systemSettings.value} #>> '{}')::int end from ${systemSettings} where ${systemSettings.key} = 'serviceDueSoonDays'), ${dueSoonField.default})`;

/** A pending service whose planned day has passed (DESIGN.md section 6). */
export const serviceOverdueSql = sql<boolean>`(${services.status} = 'pending' and ${services.plannedDate} < ${programmeToday})`;
/** A pending service planned from today to `serviceDueSoonDays` ahead. */
export const serviceDueSoonSql = sql<boolean>`(${services.status} = 'pending' and ${services.plannedDate} >= ${programmeToday} and ${services.plannedDate} <= ${programmeToday} + ${dueSoonDays}::int)`;

/** The planned day within a period, counted where the programme works (weeks start on Monday). */
const periodCondition = (period: string | number): SQL => {
  const start = (unit: 'week' | 'month' | 'year', shift: string) =>
    sql`(date_trunc(${unit}, ${programmeToday}::timestamp) + ${shift}::interval)::date`;
  const between = (from: SQL, to: SQL) =>
    sql`(${services.plannedDate} >= ${from} and ${services.plannedDate} < ${to})`;
  const ranges: Record<TServicePeriod, SQL> = {
    thisWeek: between(start('week', '0 days'), start('week', '7 days')),
    nextWeek: between(start('week', '7 days'), start('week', '14 days')),
    thisMonth: between(start('month', '0 months'), start('month', '1 month')),
    nextMonth: between(start('month', '1 month'), start('month', '2 months')),
    lastMonth: between(start('month', '-1 month'), start('month', '0 months')),
    thisYear: between(start('year', '0 years'), start('year', '1 year')),
  };
  return ranges[period as TServicePeriod] ?? sql`false`;
};

/** The completed matching a new service follows: the one named, or the child's latest. */
const followedMatching = async ({ db, body, actor }: Pick<TWriteContext, 'db' | 'body' | 'actor'>) => {
  const childId = typeof body.childId === 'number' ? body.childId : undefined;
  const matchingId = typeof body.matchingId === 'number' ? body.matchingId : undefined;
  if (childId === undefined && matchingId === undefined)
    throw fieldErrors((t) => t.server.serviceNeedsChild());
  const inScope = (office: number) => actor.officeScope === null || office === actor.officeScope;
  const columns = {
    id: adoptiveMatchings.id,
    code: adoptiveMatchings.code,
    childId: adoptiveMatchings.childId,
    status: adoptiveMatchings.status,
    headOfficeId: adoptiveMatchings.headOfficeId,
    completedOn: adoptiveMatchings.completedOn,
    createdBy: adoptiveMatchings.createdBy,
  };
  if (matchingId !== undefined) {
    const [matching] = await db
      .select(columns)
      .from(adoptiveMatchings)
      .where(eq(adoptiveMatchings.id, matchingId));
    // A matching of another office does not exist for a provincial user.
    if (!matching || !inScope(matching.headOfficeId))
      throw fieldErrors((t) => t.server.invalidParent({ field: 'matchingId' }));
    if (matching.status !== 'completed' || !matching.completedOn)
      throw fieldErrors((t) => t.server.serviceMatchingNotCompleted());
    if (childId !== undefined && matching.childId !== childId)
      throw fieldErrors((t) => t.server.serviceChildAndMatching());
    return { ...matching, completedOn: matching.completedOn };
  }
  const [child] = await db
    .select({ id: childInfos.id, headOfficeId: childInfos.headOfficeId })
    .from(childInfos)
    .where(eq(childInfos.id, Number(childId)));
  if (!child || (child.headOfficeId !== null && !inScope(child.headOfficeId)))
    throw fieldErrors((t) => t.server.invalidParent({ field: 'childId' }));
  const [matching] = await db
    .select(columns)
    .from(adoptiveMatchings)
    .where(and(eq(adoptiveMatchings.childId, child.id), eq(adoptiveMatchings.status, 'completed')))
    .orderBy(desc(adoptiveMatchings.completedOn), desc(adoptiveMatchings.id))
    .limit(1);
  if (!matching?.completedOn || !inScope(matching.headOfficeId))
    throw fieldErrors((t) => t.server.serviceNoAdoption());
  return { ...matching, completedOn: matching.completedOn };
};

/** Only a service not yet given or refused may be deleted; the others keep their history. */
const guardService = async (context: TWriteContext) => {
  const { mode, before, body, db } = context;
  if (mode === 'delete') {
    if (before?.status !== 'pending') throw new ApiError(409, 'serviceDeleteDone');
    return;
  }
  const followed = mode === 'create' ? await followedMatching(context) : null;
  // An officer named, or changed: one who may record the service and whose office keeps it (a new
  // service is kept by its adoption's office, named by the matching's code).
  if (followed) await assertOfficerFits(db, body.officerId, [followed]);
  else if (body.officerId !== before?.officerId)
    await assertOfficerFits(db, body.officerId, [
      { code: String(before?.code ?? ''), headOfficeId: Number(before?.headOfficeId) },
    ]);
  // A follow-up is planned on or after the adoption it follows.
  const adoptedOn = followed ? followed.completedOn : String(before?.adoptedOn ?? '');
  if (typeof body.plannedDate === 'string' && adoptedOn && body.plannedDate < adoptedOn)
    throw fieldErrors((t) => t.server.servicePlannedBeforeAdoption({ day: formatDate(adoptedOn) }));
};

/** The next code of a service: `SV-{year}-{000001}`. */
export const nextServiceCode = async (db: TDbOrTx, now: number) => {
  await lockRecordCodes(db, serviceArea.entity);
  return nextRecordCode(
    db,
    { entity: serviceArea.entity, code: services.code },
    `SV-${isoDateIn(new Date(now)).slice(0, 4)}-`,
  );
};

/** 'Mine': the services the user gives. */
const mine = (_value: string | number, user?: Pick<TAuthUser, 'id'>) =>
  user ? eq(services.officerId, user.id) : sql`false`;

/** Services after adoption on the resource machinery (issue 14): `/service-after-adoption`. */
export const serviceBinding: TResourceBinding = {
  definition: serviceResource,
  table: services,
  selection: {
    id: services.id,
    code: services.code,
    matchingId: services.matchingId,
    matchingCode: adoptiveMatchings.code,
    childId: services.childId,
    childCode: childInfos.code,
    childName: childNamesSql,
    parentId: adoptiveMatchings.parentId,
    parentCode: parentInfos.code,
    applicants: applicantNamesSql,
    serviceType: services.serviceType,
    plannedDate: services.plannedDate,
    actualDate: services.actualDate,
    officerId: services.officerId,
    officer: { id: officer.id, name: officer.name },
    status: services.status,
    findings: services.findings,
    concern: services.concern,
    decisionDate: services.decisionDate,
    decisionReason: services.decisionReason,
    adoptedOn: services.adoptedOn,
    origin: services.origin,
    headOfficeId: services.headOfficeId,
    headOffice: { id: serviceOffice.id, code: serviceOffice.code, name: serviceOffice.name },
    provinceId: parentInfos.provinceId,
    dueSoon: serviceDueSoonSql,
    overdue: serviceOverdueSql,
    notes: services.notes,
    version: services.version,
    createdAt: services.createdAt,
    updatedAt: services.updatedAt,
  },
  joins: [
    { table: adoptiveMatchings, on: sql`${adoptiveMatchings.id} = ${services.matchingId}` },
    { table: childInfos, on: sql`${childInfos.id} = ${services.childId}` },
    { table: parentInfos, on: sql`${parentInfos.id} = ${adoptiveMatchings.parentId}` },
    { table: serviceOffice, on: sql`${serviceOffice.id} = ${services.headOfficeId}` },
    { table: officer, on: sql`${officer.id} = ${services.officerId}`, left: true },
  ],
  // The service's code, and the codes and names of its matching, child and family (the matching's
  // search column, kept by triggers: schema/matchings.ts).
  search: [services.code, adoptiveMatchings.searchText],
  sort: {
    code: services.code,
    childName: nameSortKeys.child(childInfos),
    applicants: nameSortKeys.applicants(parentInfos),
    serviceType: services.serviceType,
    plannedDate: services.plannedDate,
    actualDate: services.actualDate,
    officer: officer.name,
    status: services.status,
    headOffice: byName(serviceOffice.name),
    updatedAt: services.updatedAt,
  },
  filters: {
    mine,
    status: services.status,
    due: (value) => (value === 'overdue' ? serviceOverdueSql : serviceDueSoonSql),
    serviceType: services.serviceType,
    period: periodCondition,
    officerId: services.officerId,
    provinceId: parentInfos.provinceId,
    headOfficeId: services.headOfficeId,
    childId: services.childId,
    matchingId: services.matchingId,
    officeProvinceId: inOfficeProvince(services.headOfficeId),
    ...childFilters,
    // Given: confirmed, its actual day in the span (the report's services given).
    givenIn: (value) => sql`(${services.status} = 'confirmed' and ${withinDays(services.actualDate)(value)})`,
    concern: whether(sql`${services.concern}`),
  },
  lookups: [
    // A provincial user's services are of their own office: it is the one offered.
    { path: 'head-offices', table: headOffices, ownOfficeOnly: true },
    { path: 'provinces', table: provinces },
    {
      path: 'officers',
      table: users,
      columns: { code: users.username, name: users.name },
      orderBy: 'name',
      where: eq(users.active, true),
      permission: 'post_adoption_services:read',
    },
  ],
  kept: { statuses: serviceArea.keptStatuses, reason: 'keptService' },
  guard: guardService,
  // The code, the adoption it follows (its matching, child, office and day), pending; the officer
  // is the user adding it unless another is named.
  toColumns: async (context) => {
    const { db, mode, body, now, actor } = context;
    if (mode !== 'create') return body;
    const matching = await followedMatching(context);
    const { childId: _child, ...rest } = body;
    return {
      ...rest,
      code: await nextServiceCode(db, now),
      matchingId: matching.id,
      childId: matching.childId,
      headOfficeId: matching.headOfficeId,
      adoptedOn: matching.completedOn,
      officerId: typeof body.officerId === 'number' ? body.officerId : actor.id,
      status: 'pending',
      origin: 'manual',
    };
  },
  afterChange: async ({ db, mode, body, actor, id, now }) => {
    // A deleted service's documents go with it (their files once the delete has committed).
    if (mode === 'delete') await removeAttachmentRows(db, serviceArea.entity, id);
    if (mode !== 'create') return;
    await recordFirstStatus(db, {
      entity: serviceArea.entity,
      entityId: id,
      action: 'create',
      status: 'pending',
      actorId: actor.id,
      at: new Date(now),
      payload: { plannedDate: body.plannedDate },
    });
  },
  // Replanning moves a pending service's planned day by the days sent (the guard still keeps it on or
  // after the adoption); a service given or found not given keeps its day.
  // The officer is judged once for every row (a 400, nothing written), before any row is.
  bulkCheck: {
    'assign-officer': ({ db, body, ids, actor }) => assertOfficerFitsServices(db, body.officerId, ids, actor),
  },
  bulkChanges: {
    replan: async ({ before, body }) => {
      if (before.status !== 'pending') throw new ApiError(409, 'bulkServiceNotPending');
      const days = Number(body.days);
      return days === 0 ? null : { plannedDate: addDays(String(before.plannedDate), days) };
    },
  },
  filesOf: (db, id) => attachmentFilesOf(db, serviceArea.entity, id),
  timeline: {},
  accessLog: true,
  unique: { post_adoption_services_code_unique: 'code' },
};
