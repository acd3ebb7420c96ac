import { eq, isNull } from 'drizzle-orm';
import { areaActionText, areaStatusText } from '../../../src/domain/areas/areaWords';
import { parentArea } from '../../../src/domain/areas/parent.area';
import { acceptanceShortfalls, type TEligibilityCheck } from '../../../src/domain/parentEligibility';
import {
  defaultApprovedUntil,
  parentFourEyesStep,
  parentWorkflow,
} from '../../../src/domain/workflows/parent.workflow';
import type { TranslationFunctions } from '../../../src/i18n/i18n-types';
import { isEffectiveDate } from '../../../src/machines/eventChecks';
import { parentInfos } from '../../db/schema';
import { ApiError, fieldErrors } from '../../errors';
import { readSettings } from '../../settings/readSettings';
import type { TWorkflowBinding, TWorkflowRow } from '../../workflows/binding';

/** The day no step may go before: the last decision's, else the application's. */
const lastStepOf = (row: TWorkflowRow) =>
  (typeof row.decisionDate === 'string' ? row.decisionDate : null) ??
  (typeof row.applicationDate === 'string' ? row.applicationDate : null);

/** One failed eligibility check in the 400's words. */
const shortfallText = (t: TranslationFunctions, check: TEligibilityCheck, minimumAge: number) =>
  check.kind === 'checklist'
    ? t.server.parentShortfallChecklist({ done: check.done, all: check.all })
    : check.kind === 'age'
      ? t.server.parentShortfallAge({ n: check.n, age: check.age ?? '', min: minimumAge })
      : '';

/** The columns `acceptanceShortfalls` reads, read under the row lock. */
const eligibilityColumns = {
  applicationDate: parentInfos.applicationDate,
  applicantType: parentInfos.applicantType,
  applicant1DateOfBirth: parentInfos.applicant1DateOfBirth,
  applicant2DateOfBirth: parentInfos.applicant2DateOfBirth,
  homeStudyOn: parentInfos.homeStudyOn,
  policeRecordOn: parentInfos.policeRecordOn,
  medicalReportOn: parentInfos.medicalReportOn,
  referencesOn: parentInfos.referencesOn,
  trainingOn: parentInfos.trainingOn,
};

/** The acceptance an approver grants writes what an acceptance writes. */
const accepts = (action: string) => action === 'accept-parents-adoption' || action === 'approve-acceptance';

/**
 * A parent application's workflow as the server serves it: `PATCH /parent-infos/{action}/{id}` for
 * accept-parents-adoption, un-accept-parents-adoption and reject-adoption (spec section 7), and
 * request-acceptance, approve-acceptance and return-acceptance (issue 35: accepting an application
 * that fails eligibility takes two people), the status history and the allowed actions; kept by
 * office like the application.
 */
export const parentWorkflowBinding: TWorkflowBinding = {
  workflow: parentWorkflow,
  entity: parentArea.entity,
  apiBase: parentArea.apiBase,
  tag: 'parent infos',
  table: parentInfos,
  columns: {
    id: parentInfos.id,
    status: parentInfos.status,
    version: parentInfos.version,
    updatedBy: parentInfos.updatedBy,
    updatedAt: parentInfos.updatedAt,
  },
  readPermission: 'adoptive_parents:read',
  officeColumn: parentInfos.headOfficeId,
  // A record merged into another (issue 35) has no status actions left.
  rowsWhere: isNull(parentInfos.mergedIntoId),
  readColumns: {
    applicationDate: parentInfos.applicationDate,
    decisionDate: parentInfos.decisionDate,
    decisionReason: parentInfos.decisionReason,
    approvedUntil: parentInfos.approvedUntil,
    acceptanceRequestedBy: parentInfos.acceptanceRequestedBy,
  },
  facts: (row, today) => ({
    lastStepDate: lastStepOf(row),
    approvedUntil: typeof row.approvedUntil === 'string' ? row.approvedUntil : null,
    today,
  }),
  // Accepting without an end: the decision date plus the settings' months (DESIGN.md section 4).
  completeBody: async (db, action, body) => {
    if (!accepts(action) || body.approvedUntil !== undefined) return { ...body };
    if (typeof body.date !== 'string') return { ...body };
    const { parentApprovalMonths } = await readSettings(db);
    return { ...body, approvedUntil: defaultApprovedUntil(body.date, parentApprovalMonths) };
  },
  // Four-eyes (issue 35): the user who asked for the acceptance does not decide it, super users
  // included; the matchings' words. The row is locked, so the request read is the one decided.
  checkActor: async (_tx, step, before, t) => {
    // Only a request waiting is held (after a send-back the machine refuses the decision itself).
    if (before.status !== 'acceptanceRequested') return;
    const requestedBy =
      typeof before.acceptanceRequestedBy === 'number' ? before.acceptanceRequestedBy : null;
    const held = parentFourEyesStep(step.action, requestedBy, step.actorId);
    if (held) throw new ApiError(409, 'fourEyes', { action: areaActionText(t, parentArea, held) });
  },
  // An application that fails the eligibility its show page computes (the same function, the
  // settings' minimum age) is not accepted by one person: its acceptance is requested with a
  // justification and another approver decides (issue 35). The 409 says which checks fail and what
  // to do; the approver's decision is not asked again (it is the second pair of eyes).
  checkStep: async (tx, step) => {
    if (step.action !== 'accept-parents-adoption') return;
    const [record] = await tx.select(eligibilityColumns).from(parentInfos).where(eq(parentInfos.id, step.id));
    const { minimumAdopterAge } = await readSettings(tx);
    const shortfalls = acceptanceShortfalls(record ?? {}, minimumAdopterAge, step.today);
    if (shortfalls.length === 0) return;
    // The failed checks, one a line, under the message.
    throw new ApiError(
      409,
      'parentAcceptNeedsRequest',
      {},
      {},
      shortfalls.map((check) => (t: TranslationFunctions) => shortfallText(t, check, minimumAdopterAge)),
    );
  },
  // Who asked and when, for four-eyes and the work queue (the history keeps every request).
  afterEvent: async (tx, step) => {
    if (step.action !== 'request-acceptance') return;
    await tx
      .update(parentInfos)
      .set({ acceptanceRequestedBy: step.actorId, acceptanceRequestedAt: step.at })
      .where(eq(parentInfos.id, step.id));
  },
  // A decision's date and reason, the approval's end while accepted, and the justification of an
  // acceptance that overrode eligibility while it stands (the history keeps every one).
  // The matching's system events change the status alone.
  sets: (action, body) => {
    // Accepted directly, the application met the rules: no justification stands.
    if (action === 'accept-parents-adoption')
      return {
        decisionDate: body.date,
        decisionReason: null,
        approvedUntil: body.approvedUntil,
        acceptanceJustification: null,
      };
    if (action === 'request-acceptance')
      return { acceptanceJustification: String(body.justification).trim(), decisionReason: null };
    // Granted: the request's justification stands with the acceptance.
    if (action === 'approve-acceptance')
      return { decisionDate: body.date, decisionReason: null, approvedUntil: body.approvedUntil };
    if (action === 'return-acceptance') return { decisionReason: body.reason, acceptanceJustification: null };
    if (action === 'un-accept-parents-adoption')
      return { decisionReason: body.reason, approvedUntil: null, acceptanceJustification: null };
    if (action === 'reject-adoption')
      return {
        decisionDate: body.date,
        decisionReason: body.reason,
        approvedUntil: null,
        acceptanceJustification: null,
      };
    return {};
  },
  invalidPayload: (body, today, before) => {
    if ('date' in body && !isEffectiveDate(body.date, today))
      return fieldErrors((t) => t.server.workflow.dateFuture({ field: 'date', today }));
    const lastStep = lastStepOf(before);
    if (typeof body.date === 'string' && lastStep && body.date < lastStep)
      return fieldErrors((t) => t.server.parentDateBeforeStep({ day: lastStep }));
    if (typeof body.approvedUntil === 'string') return fieldErrors((t) => t.server.parentApprovalEnd());
    return fieldErrors((t) => t.validation.notBlank({ label: 'reason' }));
  },
  notAllowed: {
    messageKey: 'parentActionNotAllowed',
    statusText: (t, value) => areaStatusText(t, parentArea, value),
    actionText: (t, value) => areaActionText(t, parentArea, value),
  },
};
