import { allowedChildActions, childActions, type TChildActionName } from '@/domain/childStatus';
import { hasPermission, type TPermissionSubject } from '@/domain/permissions';

/**
 * The status actions a user is offered on a child: those the child machine allows from the status
 * (the server asks the same machine) that the user holds the permission of. Hiding them is for the
 * person's sake only: the server checks both again.
 */
export const visibleChildActions = (
  status: unknown,
  user: TPermissionSubject | null | undefined,
): TChildActionName[] =>
  typeof status === 'string'
    ? allowedChildActions(status).filter((action) => hasPermission(user, childActions[action].permission))
    : [];

/** The dictionary key of an action (`confirm-adoption` -> `confirmAdoption`), for LL.childStatus.*. */
export const childActionKey = (action: string): string =>
  action.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/** The actions whose dialog asks for a date and a reason (spec: long-term, international, re-adoption). */
export const actionNeedsReason = (action: TChildActionName): boolean =>
  action === 'long-term' || action === 'international' || action === 're-adoption';

/** The actions whose dialog asks for a date. */
export const actionNeedsDate = (action: TChildActionName): boolean =>
  action === 'confirm-adoption' || actionNeedsReason(action);
