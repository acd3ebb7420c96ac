import { parentActionText, parentStatusText } from '../../../src/domain/parentLabels';
import { defaultApprovedUntil, parentWorkflow } from '../../../src/domain/workflows/parent.workflow';
import { isEffectiveDate } from '../../../src/machines/eventChecks';
import { parentInfos } from '../../db/schema';
import { fieldErrors } from '../../errors';
import { readSettings } from '../../routes/settings';
import type { TWorkflowBinding, TWorkflowRow } from '../../workflows/binding';

/** The day no step may go before: the last decision's, else the application's. */
const lastStepOf = (row: TWorkflowRow) =>
  (typeof row.decisionDate === 'string' ? row.decisionDate : null) ??
  (typeof row.applicationDate === 'string' ? row.applicationDate : null);

/**
 * A parent application's workflow as the server serves it: `PATCH /parent-infos/{action}/{id}` for
 * accept-parents-adoption, un-accept-parents-adoption and reject-adoption (spec section 7), the
 * status history and the allowed actions; kept by office like the application.
 */
export const parentWorkflowBinding: TWorkflowBinding = {
  workflow: parentWorkflow,
  entity: 'parent_infos',
  apiBase: '/parent-infos',
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
  // A decision's date and reason, and the approval's end while accepted.
  // The matching's system events change the status alone.
  sets: (action, body) => {
    if (action === 'accept-parents-adoption')
      return { decisionDate: body.date, decisionReason: null, approvedUntil: body.approvedUntil };
    if (action === 'un-accept-parents-adoption') return { decisionReason: body.reason, approvedUntil: null };
    if (action === 'reject-adoption')
      return { decisionDate: body.date, decisionReason: body.reason, approvedUntil: null };
    return {};
  },
  invalidPayload: (body, today, before) => {
    if ('date' in body && !isEffectiveDate(body.date, today))
      return fieldErrors((t) => t.server.childDateFuture({ field: 'date', today }));
    const lastStep = lastStepOf(before);
    if (typeof body.date === 'string' && lastStep && body.date < lastStep)
      return fieldErrors((t) => t.server.parentDateBeforeStep({ day: lastStep }));
    if (typeof body.approvedUntil === 'string') return fieldErrors((t) => t.server.parentApprovalEnd());
    return fieldErrors((t) => t.validation.notBlank({ label: 'reason' }));
  },
  notAllowed: {
    messageKey: 'parentActionNotAllowed',
    statusText: parentStatusText,
    actionText: parentActionText,
  },
};
