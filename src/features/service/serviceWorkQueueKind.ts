import { formatDate } from '@/domain/dateFormat';
import { resourceAddresses } from '@/domain/resourceAddresses';
import type { TWorkQueueItem } from '@/domain/workQueue';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TWorkQueueKind } from '../featureRoutes';

/** A service's type in words (the raw value when the dictionary has none). */
const serviceTypeText = (LL: TranslationFunctions, type: string | undefined): string => {
  if (!type) return '';
  const types = LL.options.serviceType as Record<string, (() => string) | undefined>;
  return types[type]?.() ?? type;
};

/** A service's reason, after its type: 'Home visit · Overdue since 3 May 2026'. */
const serviceReason = (LL: TranslationFunctions, item: TWorkQueueItem): string => {
  const date = formatDate(item.since);
  const reason =
    item.reason === 'serviceOverdue'
      ? LL.workQueue.serviceOverdue({ date })
      : item.reason === 'serviceConcern'
        ? LL.workQueue.serviceConcern({ date })
        : LL.workQueue.serviceDueSoon({ date });
  const type = serviceTypeText(LL, item.serviceType);
  return type ? `${type} · ${reason}` : reason;
};

/** A service after adoption on the work queue: overdue, given with a concern, due soon; it opens the service. */
export const workQueueKind: TWorkQueueKind = {
  entity: 'service',
  icon: 'service',
  path: (item) => `${resourceAddresses.service.routeBase}/show/${item.entityId}`,
  reasonText: serviceReason,
  reasons: {
    serviceOverdue: { icon: 'clock', className: 'text-rose-700 dark:text-rose-300', order: 3, since: false },
    serviceConcern: {
      icon: 'alert',
      className: 'text-amber-800 dark:text-amber-300',
      order: 4,
      since: false,
    },
    serviceDueSoon: {
      icon: 'calendar',
      className: 'text-slate-700 dark:text-slate-300',
      order: 6,
      since: false,
    },
  },
};
