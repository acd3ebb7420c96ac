import { z } from 'zod';
import { matchingEventTypes, matchingMachine, type TMatchingEvent } from '../../machines/matching.machine';
import type { TFieldDef } from '../resource';
import { optionalText, requiredDay, requiredText } from '../rules';
import type { TWorkflowDefinition } from './workflow';

/**
 * A matching's workflow (DESIGN.md section 4 'Matching', spec section 7 'Adoptive matching':
 * `PATCH /adoptive-matching/{action}/{id}`): its machine and its 16 actions. Decisions need
 * `matchings:approve`; the steps that ask for one (pending-*, request-warrant, child-keep) need
 * `matchings:update`.
 */
export const matchingStepPermission = 'matchings:update';
export const matchingDecisionPermission = 'matchings:approve';

/** Longest reason, warrant reference or number kept. */
export const matchingTextMaxLength = 1000;

const ZDated = z.object({ date: requiredDay() });
const ZRejection = z.object({ date: requiredDay(), reason: requiredText(matchingTextMaxLength) });
const ZReason = z.object({ reason: requiredText(matchingTextMaxLength) });
const ZNothing = z.object({});
/** A trial shorter than the expected days needs the reason (`trialLength`, src/domain/matchingStage.ts). */
const ZConfirmTest = z.object({
  date: requiredDay(),
  reason: optionalText(matchingTextMaxLength).nullable().optional(),
});
const ZWarrantRequest = z.object({ date: requiredDay(), reference: requiredText(200) });
const ZWarrant = z.object({ date: requiredDay(), number: requiredText(200) });

const date: TFieldDef = { key: 'date', kind: 'date', label: 'stepDate', required: true };
const reason: TFieldDef = { key: 'reason', kind: 'textarea', label: 'reason', required: true };
const reference: TFieldDef = { key: 'reference', kind: 'text', label: 'warrantReference', required: true };
const number: TFieldDef = { key: 'number', kind: 'text', label: 'warrantNumber', required: true };

const step = matchingStepPermission;
const decision = matchingDecisionPermission;

/** The 16 actions, in menu order (stage by stage). */
export const matchingWorkflowActions = {
  'pending-adoption': {
    event: 'PENDING_ADOPTION',
    permission: step,
    body: ZNothing,
    fields: [],
    icon: 'arrowRight',
    does: 'request',
  },
  'confirm-adoption': {
    event: 'CONFIRM_ADOPTION',
    permission: decision,
    body: ZDated,
    fields: [date],
    icon: 'check',
    does: 'approve',
  },
  'reject-adoption': {
    event: 'REJECT_ADOPTION',
    permission: decision,
    body: ZRejection,
    fields: [date, reason],
    icon: 'close',
    does: 'reject',
  },
  'test-adoption': {
    event: 'TEST_ADOPTION',
    permission: decision,
    body: ZDated,
    fields: [date],
    icon: 'home',
    does: 'approve',
  },
  'skip-adoption': {
    event: 'SKIP_ADOPTION',
    permission: decision,
    body: ZReason,
    fields: [reason],
    icon: 'chevronsRight',
    does: 'skip',
  },
  'pending-test': {
    event: 'PENDING_TEST',
    permission: step,
    body: ZNothing,
    fields: [],
    icon: 'arrowRight',
    does: 'request',
  },
  'confirm-test': {
    event: 'CONFIRM_TEST',
    permission: decision,
    body: ZConfirmTest,
    // The reason is required when the trial is shorter than expected: the client's `actionNeeds`.
    fields: [date, { key: 'reason', kind: 'textarea', label: 'shortTrialReason' }],
    icon: 'check',
    does: 'approve',
  },
  'reject-test': {
    event: 'REJECT_TEST',
    permission: decision,
    body: ZRejection,
    fields: [date, reason],
    icon: 'close',
    does: 'reject',
  },
  'skip-test': {
    event: 'SKIP_TEST',
    permission: decision,
    body: ZReason,
    fields: [reason],
    icon: 'chevronsRight',
    does: 'skip',
  },
  'un-confirm-test': {
    event: 'UNCONFIRM_TEST',
    permission: decision,
    body: ZReason,
    fields: [reason],
    icon: 'chevronsLeft',
    does: 'undo',
  },
  'pending-warrant': {
    event: 'PENDING_WARRANT',
    permission: step,
    body: ZNothing,
    fields: [],
    icon: 'arrowRight',
    does: 'request',
  },
  'request-warrant': {
    event: 'REQUEST_WARRANT',
    permission: step,
    body: ZWarrantRequest,
    fields: [date, reference],
    icon: 'report',
    does: 'request',
  },
  'confirm-warrant': {
    event: 'CONFIRM_WARRANT',
    permission: decision,
    body: ZWarrant,
    fields: [date, number],
    icon: 'check',
    does: 'approve',
  },
  'reject-warrant': {
    event: 'REJECT_WARRANT',
    permission: decision,
    body: ZRejection,
    fields: [date, reason],
    icon: 'close',
    does: 'reject',
  },
  'child-keep': {
    event: 'CHILD_KEEP',
    permission: step,
    body: ZDated,
    fields: [date],
    icon: 'child',
    does: 'request',
  },
  'child-keep-approve': {
    event: 'CHILD_KEEP_APPROVE',
    permission: decision,
    body: ZDated,
    fields: [date],
    icon: 'check',
    does: 'approve',
  },
} as const;

export type TMatchingActionName = keyof typeof matchingWorkflowActions;

/** The decisions: the actions that need `matchings:approve` (DESIGN.md section 4). */
export const isMatchingDecision = (action: string): boolean =>
  matchingWorkflowActions[action as TMatchingActionName]?.permission === matchingDecisionPermission;

/**
 * The steps that are not decisions, as the status history names them: the proposal (`propose`) and
 * the actions that need `matchings:update` (the pending steps, the warrant request, the keep
 * request). Four-eyes holds every decision against whoever took the last of them.
 */
export const matchingAskingSteps: readonly string[] = [
  'propose',
  ...(Object.keys(matchingWorkflowActions) as TMatchingActionName[]).filter(
    (action) => !isMatchingDecision(action),
  ),
];

/** The values of the matching's status column, stage by stage (the API answers them). */
export const matchingStatuses = [
  'proposed',
  'adoptionPending',
  'adoptionConfirmed',
  'testing',
  'testPending',
  'testConfirmed',
  'warrantPending',
  'warrantRequested',
  'warranted',
  'keepRequested',
  'completed',
  'rejected',
] as const;
export type TMatchingStatus = (typeof matchingStatuses)[number];

/** The stages a board shows, and the statuses each holds (completed and rejected fold away). */
export const matchingStages = {
  proposal: ['proposed', 'adoptionPending', 'adoptionConfirmed'],
  trial: ['testing', 'testPending', 'testConfirmed'],
  warrant: ['warrantPending', 'warrantRequested', 'warranted'],
  keeping: ['keepRequested'],
} as const satisfies Record<string, readonly TMatchingStatus[]>;

type TMatchingBody = { date?: string; reason?: string; reference?: string; number?: string };

/** The event an action's (validated) body becomes; `today` is the server's or client's today. */
export const matchingActionEvent = (
  action: TMatchingActionName,
  body: TMatchingBody,
  today: string,
): TMatchingEvent => {
  const type = matchingWorkflowActions[action].event;
  const dated = { date: body.date ?? '', today };
  switch (type) {
    case 'PENDING_ADOPTION':
    case 'PENDING_TEST':
    case 'PENDING_WARRANT':
      return { type };
    case 'SKIP_ADOPTION':
    case 'SKIP_TEST':
    case 'UNCONFIRM_TEST':
      return { type, reason: body.reason ?? '' };
    case 'REJECT_ADOPTION':
    case 'REJECT_TEST':
    case 'REJECT_WARRANT':
      return { type, ...dated, reason: body.reason ?? '' };
    case 'REQUEST_WARRANT':
      return { type, ...dated, reference: body.reference ?? '' };
    case 'CONFIRM_WARRANT':
      return { type, ...dated, number: body.number ?? '' };
    default:
      return { type, ...dated };
  }
};

export const matchingWorkflow = {
  name: 'matching',
  machine: matchingMachine,
  statuses: matchingStatuses,
  actions: matchingWorkflowActions,
  // The matching raises the child's and the application's system events; it has none of its own.
  systemEvents: [],
  eventOf: (action, body, today) =>
    matchingActionEvent(action as TMatchingActionName, body as TMatchingBody, today),
} satisfies TWorkflowDefinition;

export { matchingEventTypes };

/**
 * The step four-eyes holds against a decision (`propose`, `pending-adoption`...), or null when the
 * user may take it. With the setting `fourEyes` on (DESIGN.md section 4), a decision may not be taken
 * by the user who took the matching's last step that was not a decision (`lastAsked`, the newest
 * status-history row whose action is in `matchingAskingSteps`); nobody is exempt, super users
 * included. The server refuses with it (409), the work queue leaves it out, the working page shows it.
 */
export const fourEyesStep = (
  action: string,
  lastAsked: { action: string; userId: number | null } | null | undefined,
  actorId: number | null,
  fourEyesOn: boolean,
): string | null => {
  if (!fourEyesOn || !isMatchingDecision(action) || actorId === null || !lastAsked) return null;
  return lastAsked.userId === actorId ? lastAsked.action : null;
};
