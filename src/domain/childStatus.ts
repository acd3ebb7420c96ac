import { transition } from 'xstate';
import { z } from 'zod';
import { childMachine, isIsoDate, type TChildEvent, type TChildEventType } from '../machines/child.machine';
import { requiredId, requiredText } from './rules';

export type { TChildEvent, TChildEventType } from '../machines/child.machine';

/**
 * The child record's status and its actions (DESIGN.md section 4, spec section 4), shaped for both
 * sides: the client shows `allowedChildActions(status)`, the server validates a body with
 * `childActionBodies[action]` and, inside its transaction, calls `applyChildEvent` and writes the
 * new status and a history row only when it answers ok. Both ask the same machine.
 */

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

export const isChildStatus = (value: unknown): value is TChildStatus =>
  childStatuses.includes(value as TChildStatus);

/**
 * The permission every child action needs. Not `adoptive_children:approve`: the permission catalogue
 * (permissionCatalogue.ts) gives adoptive_children only read/write/update/delete, the spec names
 * `adoptive_children:update` as the permission of the child's edit page where these actions live,
 * and a new action would leave every existing role unable to act until an administrator granted it.
 * Supervisor-only decisions belong to the matching, which has `matchings:approve`.
 */
export const childActionPermission = 'adoptive_children:update';

/**
 * The status history's first row of every child: written with the record, from no status to
 * 'registered' (`fromStatus` is empty), so the history tells when the file was opened and by whom.
 */
export const childRegisteredAction = 'register';

/** The user actions by their API name (`PATCH /child-infos/<action>/{id}`, spec section 7), in menu order. */
export const childActionNames = [
  'confirm-adoption',
  'unconfirmed-adoption',
  'long-term',
  'international',
  're-adoption',
] as const;
export type TChildActionName = (typeof childActionNames)[number];

export const childActions = {
  'confirm-adoption': { event: 'CONFIRM_ADOPTION', permission: childActionPermission },
  'unconfirmed-adoption': { event: 'UNCONFIRM_ADOPTION', permission: childActionPermission },
  'long-term': { event: 'LONG_TERM', permission: childActionPermission },
  international: { event: 'INTERNATIONAL', permission: childActionPermission },
  're-adoption': { event: 'RE_ADOPTION', permission: childActionPermission },
} as const satisfies Record<TChildActionName, { event: TChildEventType; permission: string }>;

export type TChildUserEventType = (typeof childActions)[TChildActionName]['event'];

/** Raised by the matching workflow on the child of a matching (created, completed, rejected). */
export const childSystemEventTypes = [
  'MATCHED',
  'MATCHING_COMPLETED',
  'MATCHING_REJECTED',
] as const satisfies readonly TChildEventType[];

/** Longest reason kept: a paragraph or two of case notes. */
export const childReasonMaxLength = 1000;

/** yyyy-mm-dd; empty says 'required' only (the format refinement lets it through). */
const ZIsoDate = z
  .string()
  .min(1)
  .refine((value) => value.length === 0 || isIsoDate(value));

/** Spec section 3: the confirm-adoption payload is `id, date`; the id must equal the path's id. */
export const ZConfirmAdoptionBody = z.object({ id: requiredId(), date: ZIsoDate });
export type TConfirmAdoptionBody = z.infer<typeof ZConfirmAdoptionBody>;

/** Unconfirming needs nothing but the record. */
export const ZUnconfirmAdoptionBody = z.object({});
export type TUnconfirmAdoptionBody = z.infer<typeof ZUnconfirmAdoptionBody>;

/**
 * Long-term, international and re-adoption take a child out of the domestic programme or back into
 * it: a caseworker records the day it took effect and why.
 */
export const ZChildReasonBody = z.object({ date: ZIsoDate, reason: requiredText(childReasonMaxLength) });
export type TChildReasonBody = z.infer<typeof ZChildReasonBody>;

/** The body schema of each action, for the route and the action's dialog. */
export const childActionBodies = {
  'confirm-adoption': ZConfirmAdoptionBody,
  'unconfirmed-adoption': ZUnconfirmAdoptionBody,
  'long-term': ZChildReasonBody,
  international: ZChildReasonBody,
  're-adoption': ZChildReasonBody,
} as const satisfies Record<TChildActionName, z.ZodObject>;

export type TChildActionBody = TConfirmAdoptionBody | TUnconfirmAdoptionBody | TChildReasonBody;

/** The event an action's (validated) body becomes; `today` is the server's or client's today. */
export const childActionEvent = (
  action: TChildActionName,
  body: Partial<TConfirmAdoptionBody & TChildReasonBody>,
  today: string,
): TChildEvent => {
  const type = childActions[action].event;
  switch (type) {
    case 'UNCONFIRM_ADOPTION':
      return { type };
    case 'CONFIRM_ADOPTION':
      return { type, date: body.date ?? '', today };
    default:
      return { type, date: body.date ?? '', reason: body.reason ?? '', today };
  }
};

export { isoDateIn, programmeTimeZone } from './programmeTime';

/** A payload every guard accepts: used to ask whether an event type is allowed at all from a status. */
const sampleDay = '2000-01-01';
const representativeEvent = (type: TChildEventType) =>
  ({ type, date: sampleDay, today: sampleDay, reason: 'reason' }) as TChildEvent;

const snapshotAt = (status: TChildStatus) => childMachine.resolveState({ value: status, context: {} });

/** The user actions the machine accepts from `status` (none from a status it does not know). */
export const allowedChildActions = (status: string): TChildActionName[] => {
  if (!isChildStatus(status)) return [];
  const snapshot = snapshotAt(status);
  return childActionNames.filter((action) => snapshot.can(representativeEvent(childActions[action].event)));
};

export type TChildEventResult =
  | { ok: true; status: TChildStatus }
  /** notAllowed: no such transition from this status (409); invalidPayload: the event's date or reason is refused (400). */
  | { ok: false; reason: 'notAllowed' | 'invalidPayload' };

/**
 * The status `event` moves a child in `status` to, or why it does not. Pure: the caller writes the
 * new status and its history row. An event not allowed from the status is `notAllowed` whatever its
 * payload (the record's state, not the form, is what is wrong).
 */
export const applyChildEvent = (status: string, event: TChildEvent): TChildEventResult => {
  if (!isChildStatus(status)) return { ok: false, reason: 'notAllowed' };
  const snapshot = snapshotAt(status);
  if (!snapshot.can(representativeEvent(event.type))) return { ok: false, reason: 'notAllowed' };
  if (!snapshot.can(event)) return { ok: false, reason: 'invalidPayload' };
  const [next] = transition(childMachine, snapshot, event);
  return { ok: true, status: next.value as TChildStatus };
};
