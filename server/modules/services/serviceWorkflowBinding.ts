import { areaActionText, areaStatusText } from '../../../src/domain/areas/areaWords';
import { serviceArea } from '../../../src/domain/areas/service.area';
import { formatDate } from '../../../src/domain/dateFormat';
import {
  hasConcern,
  serviceWorkflow,
  type TServiceActionName,
  type TServiceFindings,
} from '../../../src/domain/workflows/service.workflow';
import { isEffectiveDate } from '../../../src/machines/eventChecks';
import { postAdoptionServices } from '../../db/schema';
import { fieldErrors } from '../../errors';
import type { TWorkflowBinding } from '../../workflows/binding';

/** The findings kept: the three areas and the notes, written beside them or in them. */
const keptFindings = (body: Readonly<Record<string, unknown>>) => {
  const findings = body.findings as TServiceFindings;
  const notes = findings.notes ?? (typeof body.notes === 'string' ? body.notes : null);
  return {
    health: findings.health,
    schooling: findings.schooling,
    integration: findings.integration,
    notes: notes && notes.trim() !== '' ? notes : null,
  };
};

/** What each action writes besides the status. */
const stepColumns = (action: string, body: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  switch (action as TServiceActionName) {
    case 'confirm-service': {
      const findings = keptFindings(body);
      return {
        actualDate: body.date,
        findings,
        concern: hasConcern(findings),
        decisionDate: body.date,
        decisionReason: null,
      };
    }
    case 'reject-service':
      return { actualDate: null, decisionDate: body.date, decisionReason: body.reason };
    case 'back-to-pending':
      // Pending again: what was recorded stays in the status history, not on the record.
      return { actualDate: null, findings: null, concern: false, decisionDate: null, decisionReason: null };
    default:
      return {};
  }
};

/**
 * A service's workflow as the server serves it: `PATCH /service-after-adoption/{action}/{id}` for
 * confirm-service, reject-service and back-to-pending (spec section 7), the status history and the
 * allowed actions; kept by the matching's office. A confirmation with a concern goes on the work
 * queue (server/workQueue).
 */
export const serviceWorkflowBinding: TWorkflowBinding = {
  workflow: serviceWorkflow,
  entity: serviceArea.entity,
  apiBase: serviceArea.apiBase,
  tag: 'service after adoption',
  table: postAdoptionServices,
  columns: {
    id: postAdoptionServices.id,
    status: postAdoptionServices.status,
    version: postAdoptionServices.version,
    updatedBy: postAdoptionServices.updatedBy,
    updatedAt: postAdoptionServices.updatedAt,
  },
  readPermission: 'post_adoption_services:read',
  officeColumn: postAdoptionServices.headOfficeId,
  readColumns: { adoptedOn: postAdoptionServices.adoptedOn },
  facts: (row, today) => ({ adoptedOn: row.adoptedOn, today }),
  sets: (action, body) => stepColumns(action, body),
  invalidPayload: (body, today, before) => {
    if ('date' in body && !isEffectiveDate(body.date, today))
      return fieldErrors((t) => t.server.workflow.dateFuture({ field: 'date', today }));
    const adoptedOn = typeof before.adoptedOn === 'string' ? before.adoptedOn : null;
    if (typeof body.date === 'string' && adoptedOn && body.date < adoptedOn)
      return fieldErrors((t) => t.server.serviceDateBeforeAdoption({ day: formatDate(adoptedOn) }));
    return fieldErrors((t) => t.validation.notBlank({ label: 'reason' }));
  },
  notAllowed: {
    messageKey: 'serviceActionNotAllowed',
    statusText: (t, value) => areaStatusText(t, serviceArea, value),
    actionText: (t, value) => areaActionText(t, serviceArea, value),
  },
};
