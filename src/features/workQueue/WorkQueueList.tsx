import { AppLink } from '@/components/AppLink';
import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';
import { formatDate } from '@/domain/dateFormat';
import { matchingActionText } from '@/domain/matchingLabels';
import { isoDateIn } from '@/domain/programmeTime';
import { resourceAddresses } from '@/domain/resourceAddresses';
import type { TWorkQueueItem } from '@/domain/workQueue';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useRefreshWorkQueue } from './useRefreshWorkQueue';
import type { TWorkQueueState } from './workQueueState';
import { shownQueue } from './workQueueState';

/** Where an item opens: a matching's working page, an application's or a service's page. */
export const workQueuePath = (item: TWorkQueueItem) =>
  item.entity === 'matching'
    ? `${resourceAddresses.matching.routeBase}/matching/${item.entityId}`
    : item.entity === 'service'
      ? `${resourceAddresses.service.routeBase}/show/${item.entityId}`
      : `${resourceAddresses.parent.routeBase}/show/${item.entityId}`;

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

/** Why an item is on the queue, in words: the decisions or the step to take, the stage's days, the approval's end. */
export const workQueueReason = (LL: TranslationFunctions, item: TWorkQueueItem): string => {
  const actions = (item.actions ?? []).map((action) => matchingActionText(LL, action)).join(', ');
  if (item.reason === 'decision') return LL.workQueue.decision({ actions });
  if (item.reason === 'nextStep') return LL.workQueue.nextStep({ actions });
  if (item.entity === 'service') return serviceReason(LL, item);
  if (item.reason === 'overdue') {
    const stage = item.stage as keyof TranslationFunctions['options']['stage'] | undefined;
    return LL.workQueue.overdue({
      days: item.days ?? 0,
      stage: stage ? LL.options.stage[stage]() : '',
      expected: item.expected ?? 0,
    });
  }
  return item.since < isoDateIn(new Date())
    ? LL.workQueue.approvalEnded({ date: formatDate(item.since) })
    : LL.workQueue.approvalEnding({ date: formatDate(item.since) });
};

/** Each reason's colour and icon: a sentence that wraps (a Khmer decision list is long), not a pill. */
const reasonLook = {
  decision: { icon: 'check', className: 'text-blue-800 dark:text-blue-300' },
  overdue: { icon: 'clock', className: 'text-amber-800 dark:text-amber-300' },
  approvalExpiring: { icon: 'calendar', className: 'text-rose-700 dark:text-rose-300' },
  serviceOverdue: { icon: 'clock', className: 'text-rose-700 dark:text-rose-300' },
  serviceConcern: { icon: 'alert', className: 'text-amber-800 dark:text-amber-300' },
  serviceDueSoon: { icon: 'calendar', className: 'text-slate-700 dark:text-slate-300' },
  nextStep: { icon: 'arrowRight', className: 'text-primary-700 dark:text-primary-300' },
} as const satisfies Record<TWorkQueueItem['reason'], { icon: string; className: string }>;

/**
 * Decisions first (only this user can clear them; 'Awaiting my decision' opens this list), then
 * the next steps that are theirs as caseworker, overdue stages, overdue services, services with a
 * concern, approvals ending, services due soon; each kind oldest first, as the server answers.
 */
const reasonOrder = {
  decision: 0,
  nextStep: 1,
  overdue: 2,
  serviceOverdue: 3,
  serviceConcern: 4,
  approvalExpiring: 5,
  serviceDueSoon: 6,
} as const satisfies Record<TWorkQueueItem['reason'], number>;
const byReason = (items: readonly TWorkQueueItem[]) =>
  [...items].sort((a, b) => reasonOrder[a.reason] - reasonOrder[b.reason]);

/**
 * The work queue's items (the bell's list and the home card): each names its record, why it is
 * there and since when, and opens the record. Loading, failure (with a retry) and empty say so.
 */
export const WorkQueueList = ({
  current,
  limit,
  onOpen,
}: {
  current: TWorkQueueState;
  /** Items shown at most; the rest are counted. */
  limit?: number;
  onOpen?: () => void;
}) => {
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const retry = useRefreshWorkQueue();
  const queue = shownQueue(current);
  if (!queue) {
    if (current.state === 'failed')
      return (
        <p className="flex flex-wrap items-center gap-2 p-3 text-error text-sm">
          <Icon name="alert" className="size-4" />
          {LL.workQueue.failed()}
          <button type="button" className={secondaryButton} onClick={retry}>
            <Icon name="refresh" className="size-4" />
            {LL.list.retry()}
          </button>
        </p>
      );
    return (
      <p className="flex items-center gap-2 p-3 text-slate-600 text-sm dark:text-slate-300" aria-busy="true">
        <span className="size-3 animate-spin rounded-full border-2 border-primary-600 border-t-transparent" />
        {LL.workQueue.loading()}
      </p>
    );
  }
  if (queue.data.length === 0)
    return (
      <p className="flex items-center gap-2 p-3 text-slate-600 text-sm dark:text-slate-300">
        <Icon name="check" className="size-4 text-green-600" />
        {LL.workQueue.empty()}
      </p>
    );
  const ordered = byReason(queue.data);
  const shown = limit ? ordered.slice(0, limit) : ordered;
  return (
    <div>
      {current.state === 'failed' ? (
        <p className="px-3 pt-2 text-error text-xs">{LL.workQueue.failed()}</p>
      ) : null}
      <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700" data-work-queue="">
        {shown.map((item) => (
          <li key={`${item.entity}-${item.entityId}-${item.reason}`}>
            <AppLink
              to={localizedPath(locale, workQueuePath(item))}
              onClick={onOpen}
              data-work-item={`${item.entity}-${item.entityId}`}
              className="flex flex-col gap-1 px-3 py-2 text-sm hover:bg-slate-50 focus-visible:bg-slate-100 focus-visible:outline-none dark:focus-visible:bg-slate-800 dark:hover:bg-slate-800"
            >
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900 dark:text-slate-50">{item.title}</span>
                <span className="font-mono text-slate-500 text-xs tabular-nums dark:text-slate-400">
                  {item.code}
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-2 text-xs">
                <span
                  className={`flex min-w-0 items-start gap-1 font-medium ${reasonLook[item.reason].className}`}
                >
                  <Icon name={reasonLook[item.reason].icon} className="mt-0.5 size-3.5 shrink-0" />
                  <span>{workQueueReason(LL, item)}</span>
                </span>
                {/* An approval's end and a service's day are in the reason's words already. */}
                {item.reason === 'decision' || item.reason === 'nextStep' || item.reason === 'overdue' ? (
                  <span className="text-slate-500 dark:text-slate-400">
                    {LL.workQueue.since({ date: formatDate(item.since) })}
                  </span>
                ) : null}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
      {queue.total > shown.length ? (
        <AppLink
          to={localizedPath(locale, '/')}
          onClick={onOpen}
          className="block px-3 py-2 text-primary-700 text-sm hover:underline dark:text-primary-300"
        >
          {LL.workQueue.more({ count: queue.total - shown.length })}
        </AppLink>
      ) : null}
    </div>
  );
};
