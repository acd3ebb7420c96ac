import { z } from 'zod';
import { childEventTypes, childMachine, type TChildEvent } from '../../machines/child.machine';
import type { TFieldDef } from '../resource';
import { requiredDay, requiredId, requiredText } from '../rules';
import type { TWorkflowDefinition } from './workflow';

/**
 * The child record's workflow (DESIGN.md section 4, spec section 7 `PATCH /child-infos/<action>/{id}`):
 * its machine and its action table. Every action needs `adoptive_children:update`: the catalogue
 * gives adoptive_children read/write/update/delete only, the spec names `:update` as the permission
 * of the child's edit page where these actions live, and a new permission would leave every
 * existing role unable to act until an administrator granted it. Supervisor-only decisions belong
 * to the matching, which has `matchings:approve`.
 */
export const childActionPermission = 'adoptive_children:update';

/** Longest reason kept: a paragraph or two of case notes. */
export const childReasonMaxLength = 1000;

/** Spec section 3: the confirm-adoption payload is `id, date`; the id must equal the path's id. */
export const ZConfirmAdoptionBody = z.object({ id: requiredId(), date: requiredDay() });
export type TConfirmAdoptionBody = z.infer<typeof ZConfirmAdoptionBody>;

/** Unconfirming takes the child back to registered: a caseworker writes why (DESIGN.md section 4). */
export const ZUnconfirmAdoptionBody = z.object({ reason: requiredText(childReasonMaxLength) });
export type TUnconfirmAdoptionBody = z.infer<typeof ZUnconfirmAdoptionBody>;

/**
 * Long-term, international and re-adoption take a child out of the domestic programme or back into
 * it: a caseworker records the day it took effect and why.
 */
export const ZChildReasonBody = z.object({ date: requiredDay(), reason: requiredText(childReasonMaxLength) });
export type TChildReasonBody = z.infer<typeof ZChildReasonBody>;

const confirmFields: readonly TFieldDef[] = [
  { key: 'date', kind: 'date', label: 'confirmDate', required: true },
];
const unconfirmFields: readonly TFieldDef[] = [
  { key: 'reason', kind: 'textarea', label: 'reason', required: true },
];
const reasonFields: readonly TFieldDef[] = [
  { key: 'date', kind: 'date', label: 'effectiveDate', required: true },
  { key: 'reason', kind: 'textarea', label: 'reason', required: true },
];

const permission = childActionPermission;

/** The user actions by their API name, in menu order. */
export const childWorkflowActions = {
  'confirm-adoption': {
    event: 'CONFIRM_ADOPTION',
    permission,
    body: ZConfirmAdoptionBody,
    fields: confirmFields,
    icon: 'check',
    does: 'approve',
  },
  'unconfirmed-adoption': {
    event: 'UNCONFIRM_ADOPTION',
    permission,
    body: ZUnconfirmAdoptionBody,
    fields: unconfirmFields,
    icon: 'chevronsLeft',
    does: 'undo',
  },
  'long-term': {
    event: 'LONG_TERM',
    permission,
    body: ZChildReasonBody,
    fields: reasonFields,
    icon: 'home',
    does: 'move',
  },
  international: {
    event: 'INTERNATIONAL',
    permission,
    body: ZChildReasonBody,
    fields: reasonFields,
    icon: 'globe',
    does: 'move',
  },
  're-adoption': {
    event: 'RE_ADOPTION',
    permission,
    body: ZChildReasonBody,
    fields: reasonFields,
    icon: 'refresh',
    does: 'move',
  },
} as const;

export type TChildActionName = keyof typeof childWorkflowActions;

/** Raised by the matching workflow on the child of a matching (created, completed, rejected). */
export const childSystemEventTypes = [
  'MATCHED',
  'MATCHING_COMPLETED',
  'MATCHING_REJECTED',
] as const satisfies readonly (typeof childEventTypes)[number][];

/** The event an action's (validated) body becomes; `today` is the server's or client's today. */
export const childActionEvent = (
  action: TChildActionName,
  body: Readonly<Partial<TConfirmAdoptionBody & TChildReasonBody>>,
  today: string,
): TChildEvent => {
  const type = childWorkflowActions[action].event;
  switch (type) {
    case 'UNCONFIRM_ADOPTION':
      return { type, reason: body.reason ?? '' };
    case 'CONFIRM_ADOPTION':
      return { type, date: body.date ?? '', today };
    default:
      return { type, date: body.date ?? '', reason: body.reason ?? '', today };
  }
};

/** The values of the child record's status column, in workflow order. */
export const childStatuses = [
  'registered',
  'adoptable',
  'matched',
  'adopted',
  'longTerm',
  'international',
] as const;
export type TChildStatus = (typeof childStatuses)[number];

export const childWorkflow = {
  name: 'child',
  machine: childMachine,
  statuses: childStatuses,
  actions: childWorkflowActions,
  systemEvents: childSystemEventTypes,
  eventOf: (action, body, today) =>
    childActionEvent(
      action as TChildActionName,
      body as Partial<TConfirmAdoptionBody & TChildReasonBody>,
      today,
    ),
} satisfies TWorkflowDefinition;
