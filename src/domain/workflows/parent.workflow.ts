import { z } from 'zod';
import { parentEventTypes, parentMachine, type TParentEvent } from '../../machines/parent.machine';
import { addMonths } from '../addMonths';
import type { TFieldDef } from '../resource';
import { requiredDay, requiredText } from '../rules';
import type { TWorkflowDefinition } from './workflow';

/**
 * A parent application's workflow (DESIGN.md section 4, spec section 7 'Parent infos':
 * `PATCH /parent-infos/{action}/{id}`): its machine and its action table. The decisions need
 * `adoptive_parents:update`, the permission of the application's edit page (spec section 6).
 * `matched` and `adopted` are the matching's system events.
 */
export const parentActionPermission = 'adoptive_parents:update';
/**
 * Who decides a request to accept an application that fails the eligibility rules (issue 35): a
 * holder of this permission who did not ask (`parentFourEyesStep`).
 */
export const parentDecisionPermission = 'adoptive_parents:approve';

/** Longest reason kept: a paragraph or two. */
export const parentReasonMaxLength = 1000;

/**
 * `{ date, approvedUntil?, version? }`: without `approvedUntil` the server adds the settings'
 * months. An application that fails its eligibility (`acceptanceShortfalls`,
 * src/domain/parentEligibility.ts, judged by the server on the record) is not accepted so: its
 * acceptance is requested (`request-acceptance`) and another approver decides (issue 35).
 */
export const ZAcceptParentBody = z.object({
  date: requiredDay(),
  approvedUntil: requiredDay().optional(),
});
/** `{ justification }`: why the application is to be accepted though it fails the rules. */
export const ZRequestAcceptanceBody = z.object({ justification: requiredText(parentReasonMaxLength) });
/** The approver's decision: dated, with the approval's end as an acceptance takes it. */
export const ZApproveAcceptanceBody = ZAcceptParentBody;
export const ZUnacceptParentBody = z.object({ reason: requiredText(parentReasonMaxLength) });
export const ZRejectParentBody = z.object({
  date: requiredDay(),
  reason: requiredText(parentReasonMaxLength),
});

const decisionDate: TFieldDef = { key: 'date', kind: 'date', label: 'decisionDate', required: true };
const approvedUntil: TFieldDef = { key: 'approvedUntil', kind: 'date', label: 'approvedUntil' };
const reason: TFieldDef = { key: 'reason', kind: 'textarea', label: 'reason', required: true };
const permission = parentActionPermission;

export const parentWorkflowActions = {
  'accept-parents-adoption': {
    event: 'ACCEPT',
    permission,
    body: ZAcceptParentBody,
    fields: [decisionDate, approvedUntil],
    icon: 'check',
    does: 'approve',
    // An approval's end is after the decision: the one date that may be ahead of today.
    laterDates: ['approvedUntil'],
  },
  'request-acceptance': {
    event: 'REQUEST_ACCEPTANCE',
    permission,
    body: ZRequestAcceptanceBody,
    fields: [{ key: 'justification', kind: 'textarea', label: 'justification', required: true }],
    icon: 'arrowRight',
    does: 'request',
  },
  'approve-acceptance': {
    event: 'APPROVE_ACCEPTANCE',
    permission: parentDecisionPermission,
    body: ZApproveAcceptanceBody,
    fields: [decisionDate, approvedUntil],
    icon: 'check',
    does: 'approve',
    laterDates: ['approvedUntil'],
  },
  'return-acceptance': {
    event: 'RETURN_ACCEPTANCE',
    permission: parentDecisionPermission,
    body: ZUnacceptParentBody,
    fields: [reason],
    icon: 'chevronsLeft',
    does: 'undo',
  },
  'un-accept-parents-adoption': {
    event: 'UNACCEPT',
    permission,
    body: ZUnacceptParentBody,
    fields: [reason],
    icon: 'chevronsLeft',
    does: 'undo',
  },
  'reject-adoption': {
    event: 'REJECT',
    permission,
    body: ZRejectParentBody,
    fields: [decisionDate, reason],
    icon: 'close',
    does: 'reject',
  },
} as const;

export type TParentActionName = keyof typeof parentWorkflowActions;

export const parentSystemEventTypes = [
  'MATCHED',
  'MATCHING_COMPLETED',
  'MATCHING_REJECTED',
] as const satisfies readonly (typeof parentEventTypes)[number][];

/** The values of the application's status column, in workflow order (the API answers them). */
export const parentStatuses = [
  'pending',
  'acceptanceRequested',
  'accepted',
  'matched',
  'adopted',
  'rejected',
] as const;
export type TParentStatus = (typeof parentStatuses)[number];
/** Not decided yet: a request to accept is not a decision (the reports' decided applications leave them out). */
export const parentUndecidedStatuses = ['pending', 'acceptanceRequested'] as const;

/** The actions that decide a request (four-eyes: not by the user who asked). */
export const isParentDecision = (action: string): boolean =>
  parentWorkflowActions[action as TParentActionName]?.permission === parentDecisionPermission;

/**
 * The step four-eyes holds against `actorId` for `action`, or null (issue 35): a request to accept
 * an application is decided by another user than the one who asked (`requestedBy`, kept on the
 * application), whatever the setting `fourEyes` (which governs matchings) and super users included:
 * an acceptance that overrides the rules always has a second pair of eyes. The server refuses with it
 * (409, the matchings' words), the work queue leaves it out, the show page locks the buttons.
 */
export const parentFourEyesStep = (
  action: string,
  requestedBy: number | null | undefined,
  actorId: number | null,
): TParentActionName | null =>
  isParentDecision(action) && actorId !== null && requestedBy === actorId ? 'request-acceptance' : null;

type TParentBody = { date?: string; approvedUntil?: string; reason?: string; justification?: string };

/** The event an action's (validated) body becomes; `today` is the server's or client's today. */
export const parentActionEvent = (
  action: TParentActionName,
  body: TParentBody,
  today: string,
): TParentEvent => {
  const type = parentWorkflowActions[action].event;
  switch (type) {
    case 'ACCEPT':
    case 'APPROVE_ACCEPTANCE':
      return {
        type,
        date: body.date ?? '',
        today,
        ...(body.approvedUntil !== undefined ? { approvedUntil: body.approvedUntil } : {}),
      };
    case 'REQUEST_ACCEPTANCE':
      return { type, justification: body.justification ?? '' };
    case 'UNACCEPT':
    case 'RETURN_ACCEPTANCE':
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
