import type { TranslationFunctions } from '../i18n/i18n-types';
import { hasPermission, type TPermissionSubject } from './permissions';
import { isoDateIn } from './programmeTime';
import { resourceAddresses } from './resourceAddresses';

type TRecord = Record<string, unknown>;

/**
 * 'New matching for this child' on an adoptable child's page and 'for this family' on an accepted
 * application's whose approval holds: the new matching page with that one chosen. For users who
 * may open that page and save.
 */
export const newMatchingLink = (
  side: 'child' | 'parent',
  record: TRecord,
  LL: TranslationFunctions,
  user: TPermissionSubject | null,
) => {
  if (!hasPermission(user, 'matchings:write') || !hasPermission(user, 'matchings:update')) return [];
  const free =
    side === 'child'
      ? record.status === 'adoptable'
      : record.status === 'accepted' &&
        typeof record.approvedUntil === 'string' &&
        record.approvedUntil >= isoDateIn(new Date());
  if (!free) return [];
  return [
    {
      id: 'new-matching',
      title: side === 'child' ? LL.areas.matching.newForChild() : LL.areas.matching.newForFamily(),
      icon: 'matching',
      path: `${resourceAddresses.matching.routeBase}/create?${side === 'child' ? 'childId' : 'parentId'}=${String(record.id)}`,
    },
  ];
};
