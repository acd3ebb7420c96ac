import { eq, isNull } from 'drizzle-orm';
import { areaActionText, areaStatusText } from '../../../src/domain/areas/areaWords';
import { parentArea } from '../../../src/domain/areas/parent.area';
import { acceptanceShortfalls, type TEligibilityCheck } from '../../../src/domain/parentEligibility';
import { defaultApprovedUntil, parentWorkflow } from '../../../src/domain/workflows/parent.workflow';
import type { TranslationFunctions } from '../../../src/i18n/i18n-types';
import { isEffectiveDate, isGivenText } from '../../../src/machines/eventChecks';
import { parentInfos } from '../../db/schema';
import { fieldErrors } from '../../errors';
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

/**
 * A parent application's workflow as the server serves it: `PATCH /parent-infos/{action}/{id}` for
 * accept-parents-adoption, un-accept-parents-adoption and reject-adoption (spec section 7), the
 * status history and the allowed actions; kept by office like the application.
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
  },
  facts: (row, today) => ({
    lastStepDate: lastStepOf(row),
    approvedUntil: typeof row.approvedUntil === 'string' ? row.approvedUntil : null,
    today,
  }),
  // Accepting without an end: the decision date plus the settings' months (DESIGN.md section 4).
  completeBody: async (db, action, body) => {
    if (action !== 'accept-parents-adoption' || body.approvedUntil !== undefined) return { ...body };
    if (typeof body.date !== 'string') return { ...body };
    const { parentApprovalMonths } = await readSettings(db);
    return { ...body, approvedUntil: defaultApprovedUntil(body.date, parentApprovalMonths) };
  },
  // Accepting an application that fails the eligibility its show page computes (the same
  // function, the settings' minimum age) needs a written justification (issue 22).
  checkStep: async (tx, step) => {
    if (step.action !== 'accept-parents-adoption' || isGivenText(step.body.justification)) return;
    const [record] = await tx
      .select({
        applicationDate: parentInfos.applicationDate,
        applicantType: parentInfos.applicantType,
        applicant1DateOfBirth: parentInfos.applicant1DateOfBirth,
        applicant2DateOfBirth: parentInfos.applicant2DateOfBirth,
        homeStudyOn: parentInfos.homeStudyOn,
        policeRecordOn: parentInfos.policeRecordOn,
        medicalReportOn: parentInfos.medicalReportOn,
        referencesOn: parentInfos.referencesOn,
        trainingOn: parentInfos.trainingOn,
      })
      .from(parentInfos)
      .where(eq(parentInfos.id, step.id));
    const { minimumAdopterAge } = await readSettings(tx);
    const shortfalls = acceptanceShortfalls(record ?? {}, minimumAdopterAge, step.today);
    if (shortfalls.length === 0) return;
    throw fieldErrors((t) =>
      t.server.parentAcceptJustificationNeeded({
        checks: shortfalls.map((check) => shortfallText(t, check, minimumAdopterAge)).join('; '),
      }),
    );
  },
  // A decision's date and reason, the approval's end while accepted, and the justification of an
  // acceptance that overrode eligibility while it stands (the history keeps every one).
  // The matching's system events change the status alone.
  sets: (action, body) => {
    if (action === 'accept-parents-adoption')
      return {
        decisionDate: body.date,
        decisionReason: null,
        approvedUntil: body.approvedUntil,
        acceptanceJustification: isGivenText(body.justification) ? String(body.justification).trim() : null,
      };
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
