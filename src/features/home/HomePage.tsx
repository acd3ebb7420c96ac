import { useAtomValue } from 'jotai';
import { Suspense, useMemo } from 'react';
import { AppLink } from '@/components/AppLink';
import { Icon } from '@/components/Icon';
import { filterMenu } from '@/components/layout/filterMenu';
import { pageDestination } from '@/components/palette/destinations';
import { modifierKeyLabel } from '@/components/palette/keys';
import { useRecentDestination } from '@/components/palette/useRecentDestination';
import { focusRing, kbd } from '@/components/ui';
import { isSuperUser } from '@/domain/permissions';
import { isMenuGroup, sidebarMenu, type TMenuEntry } from '@/domain/sidebarMenu';
import { translate } from '@/domain/translate';
import { BackupWarning } from '@/features/backups';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { DashboardCards } from './dashboard/DashboardCards';
import { mayHaveWorkQueue } from './workQueue/mayHaveWorkQueue';
import { WorkQueueList } from './workQueue/WorkQueueList';
import { workQueueAtom } from './workQueue/workQueueState';

type TSection = { key: string; title: string | null; entries: TMenuEntry[] };

/**
 * Home: a welcome, the dashboard's figures this user may read (issue 24), their work queue, and the
 * sections they may open.
 */
const HomePage = () => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const locale = useRouteLocale();
  useRecentDestination(pageDestination('/', (words) => words.palette.home()));
  const sections = useMemo<TSection[]>(() => {
    const items = filterMenu(sidebarMenu, user);
    const singles = items.filter((item): item is TMenuEntry => !isMenuGroup(item));
    const groups = items.flatMap((item) =>
      isMenuGroup(item)
        ? [{ key: item.key, title: translate(item.title, locale), entries: item.children }]
        : [],
    );
    return [...(singles.length > 0 ? [{ key: 'main', title: null, entries: singles }] : []), ...groups];
  }, [user, locale]);
  const modifier = modifierKeyLabel();
  const workQueue = useAtomValue(workQueueAtom);

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:py-8">
      <h1 className="font-semibold text-2xl text-slate-900 dark:text-slate-50">
        {LL.home.welcome({ name: user?.name ?? '' })}
      </h1>
      {isSuperUser(user) ? (
        <Suspense fallback={null}>
          <BackupWarning />
        </Suspense>
      ) : null}
      {sections.length > 0 ? <DashboardCards /> : null}
      {mayHaveWorkQueue(user) ? (
        <section
          id="work-queue"
          aria-labelledby="work-queue-title"
          className="mt-4 rounded-lg border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="border-slate-200 border-b px-3 py-2 dark:border-slate-800">
            <h2 id="work-queue-title" className="font-semibold">
              {LL.workQueue.title()}
            </h2>
            <p className="text-slate-500 text-xs dark:text-slate-400">{LL.workQueue.hint()}</p>
          </div>
          <div className="max-h-[26rem] overflow-y-auto">
            <WorkQueueList current={workQueue} />
          </div>
        </section>
      ) : null}
      {sections.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-slate-300 border-dashed bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
          <Icon name="lock" className="mb-3 size-8 text-slate-400" />
          <p className="max-w-md text-slate-600 dark:text-slate-300">{LL.home.nothing()}</p>
        </div>
      ) : (
        <>
          <p className="mt-6 text-slate-600 dark:text-slate-300">{LL.home.intro()}</p>
          <div className="mt-6 space-y-6">
            {sections.map((section) => (
              <section key={section.key} aria-label={section.title ?? LL.home.sections()}>
                {section.title ? (
                  <h2 className="mb-2 font-semibold text-[0.8rem] text-slate-500 dark:text-slate-400">
                    {section.title}
                  </h2>
                ) : null}
                <ul className="grid grid-cols-1 gap-2.5 xs:grid-cols-2 sm:grid-cols-3 md:grid-cols-4">
                  {section.entries.map((entry) => (
                    <li key={entry.key}>
                      <AppLink
                        to={localizedPath(locale, entry.to)}
                        className={`flex h-full items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5 shadow-sm transition-colors hover:border-primary-300 hover:bg-primary-50/50 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-primary-700 dark:hover:bg-slate-800 ${focusRing}`}
                      >
                        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-50 text-primary-700 dark:bg-primary-900/60 dark:text-primary-200">
                          <Icon name={entry.icon} />
                        </span>
                        <span className="min-w-0 font-medium text-slate-800 text-sm dark:text-slate-100">
                          {translate(entry.title, locale)}
                        </span>
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
      <p className="mt-8 flex flex-wrap items-center gap-1 text-slate-500 text-sm dark:text-slate-400">
        <Icon name="keyboard" className="size-4" />
        {LL.home.paletteHint({ keys: `${modifier}+K` })}
        <span className="sr-only"> </span>
        <kbd className={`${kbd} ml-1`}>?</kbd>
        <span>{LL.home.shortcutsHint()}</span>
      </p>
    </div>
  );
};

export default HomePage;
