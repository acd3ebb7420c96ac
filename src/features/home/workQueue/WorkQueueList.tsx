import { AppLink } from '@/components/AppLink';
import { Icon } from '@/components/Icon';
import { secondaryButton } from '@/components/ui';
import { formatDate } from '@/domain/dateFormat';
import { groupedNumber } from '@/domain/groupedNumber';
import type { TWorkQueueItem } from '@/domain/workQueue';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useRefreshWorkQueue } from './useRefreshWorkQueue';
import { reasonLook, type TWorkQueueKinds, useWorkQueueKinds } from './workQueueKinds';
import type { TWorkQueueState } from './workQueueState';
import { shownQueue } from './workQueueState';

/** Where an item opens: its kind says (a matching's working page, an application's or a service's page). */
export const workQueuePath = (kinds: TWorkQueueKinds, item: TWorkQueueItem) =>
  kinds.get(item.entity)?.path(item) ?? '/';

/** Why an item is on the queue, in words, as its kind says: the decisions or the step to take, the stage's days, the approval's end. */
export const workQueueReason = (
  kinds: TWorkQueueKinds,
  LL: TranslationFunctions,
  item: TWorkQueueItem,
): string => kinds.get(item.entity)?.reasonText(LL, item) ?? '';

/**
 * Decisions first (only this user can clear them; 'Awaiting my decision' opens this list), then
 * the next steps that are theirs as caseworker, overdue stages, overdue services, services with a
 * concern, approvals ending, services due soon (each kind's `order`); each kind oldest first, as
 * the server answers.
 */
const byReason = (kinds: TWorkQueueKinds, items: readonly TWorkQueueItem[]) =>
  [...items].sort((a, b) => reasonLook(kinds, a).order - reasonLook(kinds, b).order);

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
  const kinds = useWorkQueueKinds();
  const queue = shownQueue(current);
  if (!queue || !kinds) {
    if (current.state === 'failed' && !queue)
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
  const ordered = byReason(kinds, queue.data);
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
              to={localizedPath(locale, workQueuePath(kinds, item))}
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
                  className={`flex min-w-0 items-start gap-1 font-medium ${reasonLook(kinds, item).className}`}
                >
                  <Icon name={reasonLook(kinds, item).icon} className="mt-0.5 size-3.5 shrink-0" />
                  <span>{workQueueReason(kinds, LL, item)}</span>
                </span>
                {/* An approval's end and a service's day are in the reason's words already. */}
                {reasonLook(kinds, item).since ? (
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
          {/* An estimated total (a kind with more than the server counts exactly) is said 'about'. */}
          {queue.totalExact === false
            ? LL.workQueue.moreAbout({ count: groupedNumber(queue.total - shown.length) })
            : LL.workQueue.more({ count: queue.total - shown.length })}
        </AppLink>
      ) : null}
    </div>
  );
};
