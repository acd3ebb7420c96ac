import { getDefaultStore, useAtomValue, useSetAtom } from 'jotai';
import { useDeferredValue, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageErrorView } from '@/components/errors/views';
import { Toaster } from '@/components/feedback/Toaster';
import { ConnectivityNotices } from '@/components/layout/ConnectivityNotices';
import { Sidebar } from '@/components/layout/Sidebar';
import { TopBar } from '@/components/layout/TopBar';
import { GlobalShortcuts } from '@/components/palette/GlobalShortcuts';
import { readStoredTokens } from '@/platform/api/tokenStore';
import { useConnectivity } from '@/platform/connectivity';
import { useSession } from '@/platform/session';
import { useIsWide } from '@/platform/useMediaQuery';
import { useClientSettings, useLoadSetup } from '@/platform/useSetup';
import { clearPageError, pageErrorAtom } from '@/state/pageError';
import { pageRetryAtom } from '@/state/retry';
import { sidebarMiniAtom } from '@/state/ui';
import { startEarlyReads } from '../earlyReads';
import { QuietLoading } from '../QuietLoading';
import { useFocusHeadingOnNavigation } from '../useFocusHeadingOnNavigation';
import { useIdleSignOut } from '../useIdleSignOut';
import { useLaterWords } from '../useLaterWords';
import { SkipLink } from './SkipLink';
import { ProfileDialog, WorkQueueBell } from './topBarSlots';

// A page opened by its address with a stored session asks its data as this frame's code arrives,
// while the session is checked (src/app/earlyReads.ts): not in the first download, whose size the
// sign-in page's budget holds (tests/e2e/delivery.spec.ts).
if (typeof window !== 'undefined' && readStoredTokens().refreshToken !== null)
  startEarlyReads(window.location);

/**
 * A page that showed the offline view loads again by itself when the connection returns (a list
 * reloads its rows, a record page its record): the view goes and the page is mounted afresh.
 */
const useReloadWhenOnline = () => {
  const connectivity = useConnectivity();
  const retry = useSetAtom(pageRetryAtom);
  useEffect(() => {
    if (connectivity !== 'restored') return;
    if (getDefaultStore().get(pageErrorAtom)?.view !== 'offline') return;
    clearPageError();
    retry((count) => count + 1);
  }, [connectivity, retry]);
};

/**
 * The default layout (spec section 2): sidebar, top bar, main area and the connectivity notices.
 * An error view a request asked for replaces the page in the main area until the next navigation.
 */
export const DefaultLayout = () => {
  const { status } = useSession();
  const location = useLocation();
  const pageError = useAtomValue(pageErrorAtom);
  const retryKey = useAtomValue(pageRetryAtom);
  const mini = useAtomValue(sidebarMiniAtom);
  const connectivity = useConnectivity();
  const wide = useIsWide();
  useLoadSetup();
  useReloadWhenOnline();
  const { sessionIdleMinutes } = useClientSettings();
  useIdleSignOut(sessionIdleMinutes, status === 'signedIn');
  useFocusHeadingOnNavigation();

  // The sidebar, the top bar and the screens are drawn with their words, not before.
  const { frameWaits, screenWaits } = useLaterWords({
    status,
    onHomePage: /^\/[a-z]{2}\/?$/.test(location.pathname),
    offline: connectivity === 'offline',
  });

  // The frame and the screen are first drawn as a transition (useDeferredValue): React draws them in
  // slices between which the browser stays free, not in one long task the moment the session and
  // the words are here (issue 37: the report's total blocking time on a phone). Going back to
  // waiting shows the loading state at once.
  const frameReady = !(status === 'pending' || frameWaits);
  const frameShown = useDeferredValue(frameReady);
  const screenShown = useDeferredValue(!screenWaits);
  if (!frameReady || !frameShown) return <QuietLoading fullScreen />;
  const signedIn = status === 'signedIn';
  const shownError = pageError && pageError.locationKey === location.key ? pageError : null;
  const offset = !signedIn || !wide ? '' : mini ? 'pl-[56px]' : 'pl-[256px]';

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      {signedIn ? <Sidebar /> : null}
      <div className={`flex min-h-screen flex-col transition-[padding] duration-150 ${offset}`}>
        <TopBar signedIn={signedIn} workQueueBell={WorkQueueBell} profileDialog={ProfileDialog} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {shownError ? (
            <PageErrorView error={shownError} />
          ) : screenWaits || !screenShown ? (
            <QuietLoading />
          ) : (
            <Outlet key={retryKey} />
          )}
        </main>
      </div>
      <ConnectivityNotices />
      <Toaster />
      {/* The shortcuts come with this layout, not with the sign-in page, which has nothing to go to
          (issue 11: react-hotkeys-hook was a part of its weight). The palette's launcher is the
          root's (src/app/AppShell.tsx): it listens while this layout's chunk loads. */}
      <GlobalShortcuts />
    </div>
  );
};
