import { isNull } from 'drizzle-orm';
import { areaActionText, areaStatusText } from '../../../src/domain/areas/areaWords';
import { childArea } from '../../../src/domain/areas/child.area';
import type { TChildActionName } from '../../../src/domain/childStatus';
import { childWorkflow } from '../../../src/domain/workflows/child.workflow';
import { isEffectiveDate } from '../../../src/machines/child.machine';
import { childInfos } from '../../db/schema';
import { fieldErrors } from '../../errors';
import type { TWorkflowBinding } from '../../workflows/binding';

/**
 * The child's workflow as the server serves it: `PATCH /child-infos/{action}/{id}` for the actions
 * of src/domain/workflows/child.workflow.ts, the status history and the allowed actions.
 */
export const childWorkflowBinding: TWorkflowBinding = {
  workflow: childWorkflow,
  entity: childArea.entity,
  apiBase: childArea.apiBase,
  tag: 'child',
  table: childInfos,
  columns: {
    id: childInfos.id,
    status: childInfos.status,
    version: childInfos.version,
    updatedBy: childInfos.updatedBy,
    updatedAt: childInfos.updatedAt,
  },
  readPermission: 'adoptive_children:read',
  officeColumn: childInfos.headOfficeId,
  // A record merged into another (issue 35) has no status actions left.
  rowsWhere: isNull(childInfos.mergedIntoId),
  readColumns: { adoptionConfirmedOn: childInfos.adoptionConfirmedOn },
  // The day adoption was confirmed: set by confirming, cleared by unconfirming and re-adoption.
  sets: (action, body, before) => ({
    adoptionConfirmedOn:
      action === 'confirm-adoption'
        ? (body.date ?? null)
        : action === 'unconfirmed-adoption' || action === 're-adoption'
          ? null
          : before.adoptionConfirmedOn,
  }),
  checkBody: (id, body) => {
    // Spec section 3: the confirm body repeats the child's id; it must be the address's.
    if ('id' in body && body.id !== id) throw fieldErrors((t) => t.server.childActionIdMismatch({ id }));
  },
  // The machine refused what the body carries: a date after today, or a reason that says nothing.
  invalidPayload: (body, today) =>
    'date' in body && !isEffectiveDate(body.date, today)
      ? fieldErrors((t) => t.server.workflow.dateFuture({ field: 'date', today }))
      : fieldErrors((t) => t.validation.notBlank({ label: 'reason' })),
  notAllowed: {
    messageKey: 'childActionNotAllowed',
    statusText: (t, value) => areaStatusText(t, childArea, value),
    actionText: (t, action) => areaActionText(t, childArea, action as TChildActionName),
  },
};
