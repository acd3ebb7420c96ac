import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useAtomValue } from 'jotai';
import { useMemo, useRef } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useNavigate } from 'react-router';
import { Icon } from '@/components/Icon';
import { type TCommand, useRegisterCommands } from '@/components/palette/commandRegistry';
import { iconButton } from '@/components/ui';
import { badgeCount } from '@/domain/badgeCount';
import { bothLanguages } from '@/i18n/bothLanguages';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { mayHaveWorkQueue } from './mayHaveWorkQueue';
import { useWorkQueueLoader } from './useWorkQueueLoader';
import { WorkQueueList, workQueuePath } from './WorkQueueList';
import { reasonLook, useWorkQueueKinds } from './workQueueKinds';
import { shownQueue, workQueueAtom } from './workQueueState';

/** Items the bell's list shows; the home page shows them all. */
const bellItems = 12;

/**
 * The work queue's bell in the top bar (DESIGN.md section 6): the count on a badge (`99+` past two
 * digits, spec section 9), a list that opens under it (Escape closes, Tab moves through the items).
 * The palette gets 'Awaiting my decision' (opens this list) and one command per decision or next
 * step waiting (the matching, with the actions in words). `W` opens or closes it from anywhere but
 * a field; opened, the focus is on its first item.
 */
const WorkQueueBell = () => {
  useWorkQueueLoader();
  const { LL } = useI18nContext();
  const locale = useRouteLocale();
  const navigate = useNavigate();
  const { user } = useSession();
  const current = useAtomValue(workQueueAtom);
  const queue = shownQueue(current);
  const count = queue?.total ?? 0;
  const button = useRef<HTMLButtonElement>(null);
  const kinds = useWorkQueueKinds();

  const commands = useMemo<TCommand[]>(() => {
    const words = bothLanguages((book) => book.workQueue.awaiting());
    // The records that wait for this user's move (a matching's decision, or their next step as
    // caseworker), as each kind says.
    const awaited = kinds ? (queue?.data ?? []).filter((item) => reasonLook(kinds, item).awaitsUser) : [];
    return [
      {
        id: 'work-queue-open',
        title: LL.workQueue.awaiting(),
        kind: 'action',
        icon: 'bell',
        shortcut: ['W'],
        keywords: [words.kh, words.en, ...bothLanguagesList((book) => book.workQueue.title())],
        // After the palette has closed, so the list takes the focus.
        perform: () => window.setTimeout(() => button.current?.click(), 50),
      },
      ...awaited.map((item) => {
        const kind = kinds?.get(item.entity);
        const actionText = kind?.actionText ?? ((_LL: unknown, action: string) => action);
        const actions = (item.actions ?? []).map((action) => actionText(LL, action)).join(' · ');
        const path = kinds ? workQueuePath(kinds, item) : '/';
        return {
          id: `work-queue-${item.entity}-${item.entityId}`,
          // The record first: the action's own command on its page keeps the action's bare name.
          title: `${item.code} · ${item.title} — ${actions}`,
          kind: 'page' as const,
          icon: kind?.icon ?? 'bell',
          path,
          keywords: [item.title, item.code, words.kh, words.en],
          perform: () => navigate(localizedPath(locale, path)),
        };
      }),
    ];
  }, [LL, queue, locale, navigate, kinds]);
  useRegisterCommands(commands, { appWide: true });
  const reachable = mayHaveWorkQueue(user);
  useHotkeys('w', () => button.current?.click(), { enabled: reachable, preventDefault: true });

  // Before a first answer (or after a failed one) the bell claims no count.
  const label = !queue
    ? LL.workQueue.title()
    : count > 0
      ? LL.workQueue.bell({ count })
      : LL.workQueue.bellEmpty();
  // Nothing can ever wait for a user who reads neither matchings, applications nor services.
  if (!reachable) return null;
  return (
    <Popover className="relative">
      <PopoverButton
        ref={button}
        className={`${iconButton} relative`}
        aria-label={label}
        title={label}
        aria-keyshortcuts="w"
      >
        <Icon name="bell" className="size-5" />
        {count > 0 ? (
          <span
            aria-hidden="true"
            data-work-queue-count=""
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center font-semibold text-[0.65rem] text-white leading-5"
          >
            {badgeCount(count)}
          </span>
        ) : null}
      </PopoverButton>
      <PopoverPanel
        // Into the list: Tab goes on through its items, Escape back to the bell.
        focus
        anchor="bottom end"
        className="z-40 mt-2 w-96 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {({ close }) => (
          <section aria-label={LL.workQueue.title()}>
            <h2 className="border-slate-200 border-b px-3 py-2 font-semibold text-sm dark:border-slate-700">
              {LL.workQueue.title()}
            </h2>
            <div className="max-h-[70vh] overflow-y-auto">
              <WorkQueueList current={current} limit={bellItems} onOpen={() => close()} />
            </div>
          </section>
        )}
      </PopoverPanel>
    </Popover>
  );
};

const bothLanguagesList = (pick: Parameters<typeof bothLanguages>[0]) => {
  const words = bothLanguages(pick);
  return [words.kh, words.en];
};

export default WorkQueueBell;
