import { z } from 'zod';
import {
  serviceEventTypes,
  serviceMachine,
  type TServiceEvent,
  type TServiceFinding,
} from '../../machines/service.machine';
import type { TFieldDef } from '../resource';
import { optionalText, requiredDay, requiredText } from '../rules';
import type { TWorkflowDefinition } from './workflow';

/**
 * A service after adoption's workflow (DESIGN.md section 4 'Service', spec section 7 'Service after
 * adoption': `PATCH /service-after-adoption/{action}/{id}`): its machine and its three actions, all
 * under `post_adoption_services:update` (the permission of the service's edit page, spec section 6).
 */
export const serviceActionPermission = 'post_adoption_services:update';

/** Longest reason or findings' notes kept. */
export const serviceTextMaxLength = 2000;

/** How each of the child's findings is judged at a visit (DESIGN.md section 5). */
export const serviceFindings = [
  'good',
  'concern',
  'notAssessed',
] as const satisfies readonly TServiceFinding[];
/** What a visit looks at: the child's health, schooling and integration in the family. */
export const serviceFindingAreas = ['health', 'schooling', 'integration'] as const;
export type TServiceFindingArea = (typeof serviceFindingAreas)[number];

const ZFinding = z.enum(serviceFindings);

export const ZServiceFindings = z
  .object({
    health: ZFinding,
    schooling: ZFinding,
    integration: ZFinding,
    notes: optionalText(serviceTextMaxLength).nullable().optional(),
  })
  .strict();
export type TServiceFindings = z.infer<typeof ZServiceFindings>;

/** `{ date, findings, notes? }`: `notes` may sit in the findings or beside them (kept as one). */
export const ZConfirmServiceBody = z.object({
  date: requiredDay(),
  findings: ZServiceFindings,
  notes: optionalText(serviceTextMaxLength).nullable().optional(),
});
export const ZRejectServiceBody = z.object({
  date: requiredDay(),
  reason: requiredText(serviceTextMaxLength),
});
export const ZBackToPendingBody = z.object({ reason: requiredText(serviceTextMaxLength) });

/** Whether findings raise a concern: one area judged `concern` is enough. */
export const hasConcern = (findings: Partial<Record<TServiceFindingArea, unknown>> | null | undefined) =>
  Boolean(findings) && serviceFindingAreas.some((area) => findings?.[area] === 'concern');

const serviceDate: TFieldDef = { key: 'date', kind: 'date', label: 'serviceDate', required: true };
const reason: TFieldDef = { key: 'reason', kind: 'textarea', label: 'reason', required: true };
const finding = (area: TServiceFindingArea): TFieldDef => ({
  key: `findings.${area}`,
  kind: 'select',
  label: area,
  options: serviceFindings,
  optionsLabel: 'finding',
  required: true,
});
const permission = serviceActionPermission;

export const serviceWorkflowActions = {
  'confirm-service': {
    event: 'CONFIRM',
    permission,
    body: ZConfirmServiceBody,
    fields: [
      serviceDate,
      ...serviceFindingAreas.map(finding),
      { key: 'findings.notes', kind: 'textarea', label: 'findingNotes' },
    ],
    icon: 'check',
    does: 'approve',
  },
  'reject-service': {
    event: 'REJECT',
    permission,
    body: ZRejectServiceBody,
    fields: [serviceDate, reason],
    icon: 'close',
    does: 'reject',
  },
  'back-to-pending': {
    event: 'BACK_TO_PENDING',
    permission,
    body: ZBackToPendingBody,
    fields: [reason],
    icon: 'chevronsLeft',
    does: 'undo',
  },
} as const satisfies Record<string, { fields: readonly TFieldDef[] } & Record<string, unknown>>;

export type TServiceActionName = keyof typeof serviceWorkflowActions;

/** The values of the service's status column, in workflow order (the API answers them). */
export const serviceStatuses = ['pending', 'confirmed', 'rejected'] as const;
export type TServiceStatus = (typeof serviceStatuses)[number];

type TServiceBody = { date?: string; reason?: string; findings?: TServiceFindings };

/** The event an action's (validated) body becomes; `today` is the server's or client's today. */
export const serviceActionEvent = (
  action: TServiceActionName,
  body: TServiceBody,
  today: string,
): TServiceEvent => {
  const type = serviceWorkflowActions[action].event;
  switch (type) {
    case 'CONFIRM':
      return {
        type,
        date: body.date ?? '',
        today,
        ...(body.findings
          ? {
              findings: {
                health: body.findings.health,
                schooling: body.findings.schooling,
                integration: body.findings.integration,
              },
            }
          : {}),
      };
    case 'REJECT':
      return { type, date: body.date ?? '', reason: body.reason ?? '', today };
    default:
      return { type, reason: body.reason ?? '' };
  }
};

export const serviceWorkflow = {
  name: 'service',
  machine: serviceMachine,
  statuses: serviceStatuses,
  actions: serviceWorkflowActions,
  systemEvents: [] as const satisfies readonly (typeof serviceEventTypes)[number][],
  eventOf: (action, body, today) =>
    serviceActionEvent(action as TServiceActionName, body as TServiceBody, today),
} satisfies TWorkflowDefinition;
