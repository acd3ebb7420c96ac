import type { TranslationFunctions } from '../i18n/i18n-types';
import { hasPermission, type TPermissionSubject } from './permissions';
import { resourceAddresses } from './resourceAddresses';

type TRecord = Record<string, unknown>;

/**
 * The new service page for a child (`?childId=`) or a matching (`?matchingId=`), with it chosen:
 * for users who may open that page (`post_adoption_services:update`) and save (`:write`).
 */
export const serviceCreateLink = (
  side: 'child' | 'matching',
  id: unknown,
  LL: TranslationFunctions,
  user: TPermissionSubject | null,
) =>
  hasPermission(user, 'post_adoption_services:write') &&
  hasPermission(user, 'post_adoption_services:update') &&
  (typeof id === 'number' || typeof id === 'string')
    ? [
        {
          id: 'new-service',
          title: side === 'child' ? LL.areas.service.newForChild() : LL.areas.service.newForAdoption(),
          icon: 'service',
          path: `${resourceAddresses.service.routeBase}/create?${side === 'child' ? 'childId' : 'matchingId'}=${String(id)}`,
        },
      ]
    : [];

/**
 * 'New follow-up for this child' on an adopted child's page and 'for this adoption' on a completed
 * matching's: the follow-ups of an adoption that happened.
 */
export const newServiceLink = (
  side: 'child' | 'matching',
  record: TRecord,
  LL: TranslationFunctions,
  user: TPermissionSubject | null,
) =>
  (side === 'child' ? record.status === 'adopted' : record.status === 'completed')
    ? serviceCreateLink(side, record.id, LL, user)
    : [];
