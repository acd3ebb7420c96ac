import { z } from 'zod';
import { parentEventTypes, parentMachine, type TParentEvent } from '../../machines/parent.machine';
import { addMonths } from '../addMonths';
import type { TFieldDef } from '../resource';
import { optionalText, requiredDay, requiredText } from '../rules';
import type { TWorkflowDefinition } from './workflow';

/**
 * A parent application's workflow (DESIGN.md section 4, spec section 7 'Parent infos':
 * `PATCH /parent-infos/{action}/{id}`): its machine and its action table. The decisions need
 * `adoptive_parents:update`, the permission of the application's edit page (spec section 6).
 * `matched` and `adopted` are the matching's system events.
 */
export const parentActionPermission = 'adoptive_parents:update';

/** Longest reason kept: a paragraph or two. */
export const parentReasonMaxLength = 1000;

/**
 * `{ date, approvedUntil?, justification?, version? }`: without `approvedUntil` the server adds the
 * settings' months; `justification` is required when the application fails its eligibility
 * (`acceptanceShortfalls`, src/domain/parentEligibility.ts), which the server judges on the record.
 */
export const ZAcceptParentBody = z.object({
  date: requiredDay(),
  approvedUntil: requiredDay().optional(),
  justification: optionalText(parentReasonMaxLength).nullable().optional(),
});
export const ZUnacceptParentBody = z.object({ reason: requiredText(parentReasonMaxLength) });
export const ZRejectParentBody = z.object({
  date: requiredDay(),
  reason: requiredText(parentReasonMaxLength),
});

const decisionDate: TFieldDef = { key: 'date', kind: 'date', label: 'decisionDate', required: true };
const reason: TFieldDef = { key: 'reason', kind: 'textarea', label: 'reason', required: true };
const permission = parentActionPermission;

export const parentWorkflowActions = {
  'accept-parents-adoption': {
    event: 'ACCEPT',
    permission,
    body: ZAcceptParentBody,
    fields: [
      decisionDate,
      { key: 'approvedUntil', kind: 'date', label: 'approvedUntil' },
      // Asked (and required) only when the application fails eligibility: the client's `actionNeeds`.
      { key: 'justification', kind: 'textarea', label: 'justification' },
    ],
    icon: 'check',
    // An approval's end is after the decision: the one date that may be ahead of today.
    laterDates: ['approvedUntil'],
  },
  'un-accept-parents-adoption': {
    event: 'UNACCEPT',
    permission,
    body: ZUnacceptParentBody,
    fields: [reason],
    icon: 'chevronsLeft',
  },
  'reject-adoption': {
    event: 'REJECT',
    permission,
    body: ZRejectParentBody,
    fields: [decisionDate, reason],
    icon: 'close',
  },
} as const;

export type TParentActionName = keyof typeof parentWorkflowActions;

export const parentSystemEventTypes = [
  'MATCHED',
  'MATCHING_COMPLETED',
  'MATCHING_REJECTED',
] as const satisfies readonly (typeof parentEventTypes)[number][];

/** The values of the application's status column, in workflow order (the API answers them). */
export const parentStatuses = ['pending', 'accepted', 'matched', 'adopted', 'rejected'] as const;
export type TParentStatus = (typeof parentStatuses)[number];

type TParentBody = { date?: string; approvedUntil?: string; reason?: string };

/** The event an action's (validated) body becomes; `today` is the server's or client's today. */
export const parentActionEvent = (
  action: TParentActionName,
  body: TParentBody,
  today: string,
): TParentEvent => {
  const type = parentWorkflowActions[action].event;
  switch (type) {
    case 'ACCEPT':
      return {
        type,
        date: body.date ?? '',
        today,
        ...(body.approvedUntil !== undefined ? { approvedUntil: body.approvedUntil } : {}),
      };
    case 'UNACCEPT':
      return { type, reason: body.reason ?? '' };
    default:
      return { type, date: body.date ?? '', reason: body.reason ?? '', today };
  }
};

export const parentWorkflow = {
  name: 'parent',
  machine: parentMachine,
  statuses: parentStatuses,
  actions: parentWorkflowActions,
  systemEvents: parentSystemEventTypes,
  eventOf: (action, body, today) =>
    parentActionEvent(action as TParentActionName, body as TParentBody, today),
} satisfies TWorkflowDefinition;

/**
 * The last day of an approval decided on `date` that holds `months` months (the setting
 * `parentApprovalMonths`): the same day of the month, `months` later (src/domain/addMonths.ts).
 */
export const defaultApprovedUntil = (date: string, months: number): string => addMonths(date, months);
