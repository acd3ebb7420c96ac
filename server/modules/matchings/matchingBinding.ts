import { and, desc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { areaStatusText } from '../../../src/domain/areas/areaWords';
import { childArea } from '../../../src/domain/areas/child.area';
import { matchingArea } from '../../../src/domain/areas/matching.area';
import { parentArea } from '../../../src/domain/areas/parent.area';
import { compatibility, needsJustification } from '../../../src/domain/compatibility';
import { formatDate } from '../../../src/domain/dateFormat';
import { isoDateIn, programmeTimeZone } from '../../../src/domain/programmeTime';
import { matchingResource } from '../../../src/domain/resources/matching';
import { matchingStages } from '../../../src/domain/workflows/matching.workflow';
import { attachmentFilesOf, removeAttachmentRows } from '../../attachments/attachmentRoutes';
import type { TDbOrTx } from '../../audit';
import {
  adoptiveMatchings,
  childDisabilities,
  childInfos,
  headOffices,
  parentInfos,
  statusHistory,
} from '../../db/schema';
import { nameSortKeys } from '../../db/schema/nameSortKeys';
import { ApiError, fieldErrors } from '../../errors';
import { lockRecordCodes, nextRecordCode } from '../../resources/recordCode';
import { applicantNamesSql, byName, childNamesSql, recordFirstStatus } from '../../resources/recordSql';
import { childFilters, inOfficeProvince, whether, withinDays } from '../../resources/reportListFilters';
import type { TResourceBinding } from '../../resources/resourceBinding';
import type { TWriteContext } from '../../resources/writeContext';
import { readSettings } from '../../settings/readSettings';
import { moveMatchedRecords } from './matchingEffects';

/** A matching is active until it completes or is rejected: a child or a family is in one at most. */
export const finishedMatchingStatuses = ['completed', 'rejected'];

/** The active matching of a child or an application, if any (its code). */
const activeMatchingOf = async (db: TDbOrTx, column: 'childId' | 'parentId', id: number) => {
  const [row] = await db
    .select({ code: adoptiveMatchings.code })
    .from(adoptiveMatchings)
    .where(
      and(
        eq(adoptiveMatchings[column], id),
        not(inArray(adoptiveMatchings.status, finishedMatchingStatuses)),
      ),
    )
    .limit(1);
  return row?.code ?? null;
};

/**
 * What a proposal reads of its child and application, locked until the matching is saved, and the
 * compatibility found that day. Refuses (409, naming which and why) a child who is not adoptable
 * or already matched, an application not accepted, expired or already matched.
 */
const proposal = async ({
  db,
  body,
  actor,
  now,
  t,
}: Pick<TWriteContext, 'db' | 'body' | 'actor' | 'now' | 't'>) => {
  const today = isoDateIn(new Date(now));
  const [child] = await db
    .select({
      id: childInfos.id,
      code: childInfos.code,
      status: childInfos.status,
      sex: childInfos.sex,
      dateOfBirth: childInfos.dateOfBirth,
      provinceId: childInfos.birthProvinceId,
      headOfficeId: childInfos.headOfficeId,
    })
    .from(childInfos)
    // A child merged into another (issue 35) is no longer a record of its own.
    .where(and(eq(childInfos.id, Number(body.childId)), isNull(childInfos.mergedIntoId)))
    .for('update');
  // A child of another office does not exist for a provincial user.
  if (!child || (actor.officeScope !== null && child.headOfficeId !== actor.officeScope))
    throw fieldErrors((tr) => tr.server.invalidParent({ field: 'childId' }));
  const [application] = await db
    .select()
    .from(parentInfos)
    .where(and(eq(parentInfos.id, Number(body.parentId)), isNull(parentInfos.mergedIntoId)))
    .for('update');
  if (!application || (actor.officeScope !== null && application.headOfficeId !== actor.officeScope))
    throw fieldErrors((tr) => tr.server.invalidParent({ field: 'parentId' }));
  if (child.status !== 'adoptable') {
    const matching = child.status === 'matched' ? await activeMatchingOf(db, 'childId', child.id) : null;
    if (matching) throw new ApiError(409, 'matchingChildInMatching', { code: child.code, matching });
    throw new ApiError(409, 'matchingChildNotAdoptable', {
      code: child.code,
      status: areaStatusText(t, childArea, child.status),
    });
  }
  if (application.status !== 'accepted') {
    const matching =
      application.status === 'matched' ? await activeMatchingOf(db, 'parentId', application.id) : null;
    if (matching) throw new ApiError(409, 'matchingParentInMatching', { code: application.code, matching });
    throw new ApiError(409, 'matchingParentNotAccepted', {
      code: application.code,
      status: areaStatusText(t, parentArea, application.status),
    });
  }
  if (!application.approvedUntil || application.approvedUntil < today)
    throw new ApiError(409, 'matchingParentExpired', {
      code: application.code,
      date: formatDate(application.approvedUntil ?? ''),
    });
  const disabilities = await db
    .select({ id: childDisabilities.disabilityId })
    .from(childDisabilities)
    .where(eq(childDisabilities.childId, child.id));
  const settings = await readSettings(db);
  const checks = compatibility(
    { ...child, disabilityIds: disabilities.map((row) => row.id), siblingGroup: null },
    application,
    settings,
    today,
  );
  return { child, application, checks, today };
};

/** A history row's day: the date the step carried, else the programme's day it was taken on. */
const stepDaySql = sql<string>`coalesce(${statusHistory.payload}->>'date', ((${statusHistory.at} at time zone ${programmeTimeZone})::date)::text)`;

/** The day of the step that follows a matching's proposal (dated or not), if any. */
const firstStepDay = async (db: TDbOrTx, id: number): Promise<string | null> => {
  const [row] = await db
    .select({ day: sql<string | null>`min(${stepDaySql})` })
    .from(statusHistory)
    .where(
      and(
        eq(statusHistory.entity, matchingArea.entity),
        eq(statusHistory.entityId, id),
        not(eq(statusHistory.action, 'propose')),
      ),
    );
  return row?.day ?? null;
};

/**
 * A proposal is dated on or after the day its child became adoptable (the child's last step into
 * `adoptable`: its confirmation's date, the rejection's date of the matching that freed it; or its
 * adoption-confirmed date when it has no history) and the day its application was accepted (its
 * decision date): 400 naming the day, on create and on an edit of the date.
 */
const checkProposedDate = async (db: TDbOrTx, proposedDate: string, childId: number, parentId: number) => {
  // Freed by a rejected matching: from the rejection's date (a deleted proposal: the day it went).
  const rejectedOn = sql`(select ${adoptiveMatchings.rejectedOn}::text from ${adoptiveMatchings} where ${adoptiveMatchings.id} = (${statusHistory.payload}->>'matchingId')::int)`;
  const [adoptable] = await db
    .select({ day: sql<string>`coalesce(${statusHistory.payload}->>'date', ${rejectedOn}, ${stepDaySql})` })
    .from(statusHistory)
    .where(
      and(
        eq(statusHistory.entity, 'child_infos'),
        eq(statusHistory.entityId, childId),
        eq(statusHistory.toStatus, 'adoptable'),
      ),
    )
    .orderBy(desc(statusHistory.at), desc(statusHistory.id))
    .limit(1);
  const [child] = await db
    .select({ code: childInfos.code, adoptionConfirmedOn: childInfos.adoptionConfirmedOn })
    .from(childInfos)
    .where(eq(childInfos.id, childId));
  const adoptableOn = adoptable?.day ?? child?.adoptionConfirmedOn ?? null;
  if (child && adoptableOn && proposedDate < adoptableOn)
    throw fieldErrors((t) =>
      t.server.matchingProposedBeforeAdoptable({ date: formatDate(adoptableOn), code: child.code }),
    );
  const [application] = await db
    .select({ code: parentInfos.code, decisionDate: parentInfos.decisionDate })
    .from(parentInfos)
    .where(eq(parentInfos.id, parentId));
  const acceptedOn = application?.decisionDate ?? null;
  if (application && acceptedOn && proposedDate < acceptedOn)
    throw fieldErrors((t) =>
      t.server.matchingProposedBeforeAccepted({ date: formatDate(acceptedOn), code: application.code }),
    );
};

/** Statuses in which the proposal is still the matching's stage entry (asking for a decision stays in the stage). */
const proposalStartsStage = ['proposed', 'adoptionPending'];

/**
 * The rules of a matching (issue 13), in the write's transaction: a proposal's child and family
 * (above), a justification when they do not match, a proposed date not in the future, not before
 * the child became adoptable and the application was accepted, nor, on an edit, after the day of
 * the step that follows it (dated or not); only a proposed matching may be deleted (409 otherwise).
 */
const guardMatching = async (context: TWriteContext) => {
  const { mode, before, body, now } = context;
  if (mode === 'delete') {
    if (before?.status !== 'proposed') throw new ApiError(409, 'matchingDeleteStarted');
    return;
  }
  const today = isoDateIn(new Date(now));
  if (typeof body.proposedDate === 'string' && body.proposedDate > today)
    throw fieldErrors((t) => t.server.matchingProposedFuture());
  if (mode === 'update' && typeof body.proposedDate === 'string' && before) {
    await checkProposedDate(context.db, body.proposedDate, Number(before.childId), Number(before.parentId));
    // The proposal comes before every step that follows it: not moved past the next one's day.
    const next = await firstStepDay(context.db, Number(before.id));
    if (next && body.proposedDate > next)
      throw fieldErrors((t) => t.server.matchingProposedAfterStep({ date: formatDate(next) }));
  }
  if (mode !== 'create') return;
  const { checks, child, application } = await proposal(context);
  if (typeof body.proposedDate === 'string')
    await checkProposedDate(context.db, body.proposedDate, child.id, application.id);
  const justification = typeof body.justification === 'string' ? body.justification.trim() : '';
  if (needsJustification(checks) && !justification) {
    const criteria = checks
      .filter((entry) => entry.result === 'mismatch' && !entry.informational)
      .map((entry) => entry.criterion)
      .join(', ');
    throw fieldErrors((t) => t.server.matchingJustificationNeeded({ criteria }));
  }
};

const parentOffice = alias(headOffices, 'matching_office');

/** Matchings on the resource machinery (issue 13): `/adoptive-matching`. */
export const matchingBinding: TResourceBinding = {
  definition: matchingResource,
  table: adoptiveMatchings,
  selection: {
    id: adoptiveMatchings.id,
    code: adoptiveMatchings.code,
    childId: adoptiveMatchings.childId,
    childCode: childInfos.code,
    childName: childNamesSql,
    parentId: adoptiveMatchings.parentId,
    parentCode: parentInfos.code,
    applicants: applicantNamesSql,
    headOfficeId: adoptiveMatchings.headOfficeId,
    headOffice: { id: parentOffice.id, code: parentOffice.code, name: parentOffice.name },
    proposedDate: adoptiveMatchings.proposedDate,
    status: adoptiveMatchings.status,
    lastStepDate: adoptiveMatchings.lastStepDate,
    stageEnteredOn: adoptiveMatchings.stageEnteredOn,
    // The last step that was not a decision (kept on the matching, migration 0024): the working
    // page shows four-eyes by it.
    lastAskedAction: adoptiveMatchings.lastAskedAction,
    lastAskedBy: adoptiveMatchings.lastAskedBy,
    trialStart: adoptiveMatchings.trialStart,
    trialEnd: adoptiveMatchings.trialEnd,
    warrantRequestedOn: adoptiveMatchings.warrantRequestedOn,
    warrantReference: adoptiveMatchings.warrantReference,
    warrantedOn: adoptiveMatchings.warrantedOn,
    warrantNumber: adoptiveMatchings.warrantNumber,
    keepRequestedOn: adoptiveMatchings.keepRequestedOn,
    completedOn: adoptiveMatchings.completedOn,
    rejectedOn: adoptiveMatchings.rejectedOn,
    rejectionReason: adoptiveMatchings.rejectionReason,
    compatibility: adoptiveMatchings.compatibility,
    justification: adoptiveMatchings.justification,
    notes: adoptiveMatchings.notes,
    version: adoptiveMatchings.version,
    updatedAt: adoptiveMatchings.updatedAt,
  },
  joins: [
    { table: childInfos, on: sql`${childInfos.id} = ${adoptiveMatchings.childId}` },
    { table: parentInfos, on: sql`${parentInfos.id} = ${adoptiveMatchings.parentId}` },
    { table: parentOffice, on: sql`${parentOffice.id} = ${adoptiveMatchings.headOfficeId}` },
  ],
  // One column kept by triggers (schema/matchings.ts) with the codes and names of the matching,
  // its child and its family: a trigram index serves it, where a haystack over the three joined
  // tables read and joined every matching (about 190 ms over 20,000 on PGlite).
  search: [adoptiveMatchings.searchText],
  sort: {
    code: adoptiveMatchings.code,
    // The names as shown, in expressions their indexes hold (nameSortKeys.ts).
    childName: nameSortKeys.child(childInfos),
    applicants: nameSortKeys.applicants(parentInfos),
    status: adoptiveMatchings.status,
    proposedDate: adoptiveMatchings.proposedDate,
    stageEnteredOn: adoptiveMatchings.stageEnteredOn,
    headOffice: byName(parentOffice.name),
    updatedAt: adoptiveMatchings.updatedAt,
  },
  filters: {
    status: adoptiveMatchings.status,
    // A board's column: the statuses of one stage (completed and rejected are their own).
    stage: (value) =>
      inArray(adoptiveMatchings.status, [
        ...(matchingStages[value as keyof typeof matchingStages] ?? [value]),
      ]),
    headOfficeId: adoptiveMatchings.headOfficeId,
    officeProvinceId: inOfficeProvince(adoptiveMatchings.headOfficeId),
    ...childFilters,
    proposedIn: withinDays(adoptiveMatchings.proposedDate),
    // In its stage since a day in the span: an overdue figure's list (issue 35) is its stage entered
    // before the day its expected days ran out.
    stageEnteredIn: withinDays(adoptiveMatchings.stageEnteredOn),
    // Placed: moved in with the family, the trial's start or the keep request where it was skipped.
    placedIn: withinDays(
      sql`coalesce(${adoptiveMatchings.trialStart}, ${adoptiveMatchings.keepRequestedOn})`,
    ),
    completedIn: withinDays(adoptiveMatchings.completedOn),
    rejectedIn: (value) =>
      sql`(${adoptiveMatchings.status} = 'rejected' and ${withinDays(adoptiveMatchings.rejectedOn)(value)})`,
    // The stage it was rejected from: the status its last rejection step left (status history).
    rejectedStage: (value) =>
      inArray(
        sql`(select h.from_status from ${statusHistory} h where h.entity = 'adoptive_matchings' and h.entity_id = ${adoptiveMatchings.id} and h.to_status = 'rejected' order by h.at desc, h.id desc limit 1)`,
        [...(matchingStages[value as keyof typeof matchingStages] ?? [])],
      ),
    // The child's day in care and adoptable decision are known (the reports' averages need them).
    childAdmitted: whether(sql`${childInfos.admittedOn} is not null`),
    childConfirmed: whether(sql`${childInfos.adoptionConfirmedOn} is not null`),
  },
  parents: [
    { field: 'childId', table: childInfos },
    { field: 'parentId', table: parentInfos },
  ],
  kept: { statuses: matchingArea.keptStatuses, reason: 'keptMatching' },
  guard: guardMatching,
  // The code, the status, the office (the child's) and the compatibility as found today.
  toColumns: async (context) => {
    const { db, mode, body, before, now } = context;
    if (mode === 'update') {
      // Until a step follows it, the proposal is the last step; until the stage is left, it starts it.
      if (typeof body.proposedDate !== 'string') return body;
      return {
        ...body,
        ...(before?.status === 'proposed' ? { lastStepDate: body.proposedDate } : {}),
        ...(proposalStartsStage.includes(String(before?.status))
          ? { stageEnteredOn: body.proposedDate }
          : {}),
      };
    }
    if (mode !== 'create') return body;
    const { child, checks } = await proposal(context);
    await lockRecordCodes(db, matchingArea.entity);
    const year = isoDateIn(new Date(now)).slice(0, 4);
    return {
      ...body,
      code: await nextRecordCode(
        db,
        { entity: matchingArea.entity, code: adoptiveMatchings.code },
        `MA-${year}-`,
      ),
      status: 'proposed',
      headOfficeId: child.headOfficeId,
      lastStepDate: body.proposedDate,
      stageEnteredOn: body.proposedDate,
      compatibility: checks,
    };
  },
  // The child and the application move with it: matched when proposed, free again when deleted.
  afterChange: async ({ db, mode, body, before, actor, id, now, t }) => {
    const at = new Date(now);
    const who = { actorId: actor.id, at, today: isoDateIn(at) };
    if (mode === 'create') {
      await moveMatchedRecords(
        db,
        'MATCHED',
        { childId: Number(body.childId), parentId: Number(body.parentId), matchingId: id },
        who,
        t,
      );
      await recordFirstStatus(db, {
        entity: matchingArea.entity,
        entityId: id,
        action: 'propose',
        status: 'proposed',
        actorId: actor.id,
        at,
        payload: { date: body.proposedDate },
      });
    }
    // A deleted proposal's documents go with it (their files once the delete has committed).
    if (mode === 'delete') await removeAttachmentRows(db, matchingArea.entity, id);
    if (mode === 'delete' && before)
      await moveMatchedRecords(
        db,
        'MATCHING_REJECTED',
        { childId: Number(before.childId), parentId: Number(before.parentId), matchingId: id },
        who,
        t,
      );
  },
  filesOf: (db, id) => attachmentFilesOf(db, matchingArea.entity, id),
  timeline: {},
  accessLog: true,
  unique: { adoptive_matchings_code_unique: 'code' },
};
