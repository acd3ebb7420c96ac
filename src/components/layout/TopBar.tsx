import { useAtom } from 'jotai';
import { type ComponentType, Suspense } from 'react';
import { Icon } from '@/components/Icon';
import { iconButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { sidebarMiniAtom } from '@/state/ui';
import { AppTitle } from './AppTitle';
import { LanguageSwitch } from './LanguageSwitch';
import { SearchBox } from './SearchBox';
import { sidebarId, sidebarToggleId } from './Sidebar';
import { ThemeToggle } from './ThemeToggle';
import { type TProfileDialog, UserMenu } from './UserMenu';

/**
 * The top bar (spec section 2). Signed-in users get the sidebar toggle, the menu search box, the
 * work queue's bell and their user menu; everyone gets the title, the theme toggle and the language switch.
 * The bell and the profile form are features': the app hands them in (both lazy, so wrapped in Suspense).
 */
export const TopBar = ({
  signedIn,
  workQueueBell: WorkQueueBell,
  profileDialog,
}: {
  signedIn: boolean;
  workQueueBell: ComponentType;
  profileDialog: TProfileDialog;
}) => {
  const { LL } = useI18nContext();
  const [mini, setMini] = useAtom(sidebarMiniAtom);
  return (
    // Below `sm` the controls leave the title no room (at 390 px it was cut to 'ប្រ/ព័…'): the title
    // takes a line of its own under them, the whole width, up to two lines.
    <header className="sticky top-0 z-20 flex min-h-14 flex-wrap items-center gap-x-3 border-slate-200 border-b bg-white/95 px-3 pt-2 pb-1 backdrop-blur sm:h-14 sm:flex-nowrap sm:px-4 sm:py-0 dark:border-slate-800 dark:bg-slate-900/95">
      {signedIn ? (
        <button
          type="button"
          id={sidebarToggleId}
          className={`${iconButton} shrink-0`}
          aria-label={LL.layout.toggleSidebar()}
          aria-expanded={!mini}
          aria-controls={sidebarId}
          onClick={() => setMini(!mini)}
        >
          <Icon name="menu" />
        </button>
      ) : null}
      <div
        data-top-bar-title=""
        className="order-last flex min-w-0 basis-full pt-1 pb-1 sm:order-none sm:basis-auto sm:p-0"
      >
        <AppTitle />
      </div>
      <div className="flex min-w-0 flex-1 justify-center px-2">{signedIn ? <SearchBox /> : null}</div>
      <div className="flex shrink-0 items-center gap-2">
        <ThemeToggle />
        <LanguageSwitch />
        {signedIn ? (
          <Suspense fallback={null}>
            <WorkQueueBell />
          </Suspense>
        ) : null}
        {signedIn ? <UserMenu profileDialog={profileDialog} /> : null}
      </div>
    </header>
  );
};
