import { Outlet } from 'react-router';
import { AppTitle } from '@/components/layout/AppTitle';
import { LanguageSwitch } from '@/components/layout/LanguageSwitch';
import { ThemeToggle } from '@/components/layout/ThemeToggle';
import { useSession } from '@/platform/session';
import { useLoadSetup } from '@/platform/useSetup';
import { QuietLoading } from '../QuietLoading';
import { SkipLink } from './SkipLink';

/** The login layout: a header only (title, theme toggle, language switch) above the page. */
export const LoginLayout = () => {
  const { status } = useSession();
  useLoadSetup();
  if (status === 'pending') return <QuietLoading fullScreen />;
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SkipLink />
      <header className="flex h-14 items-center gap-3 border-slate-200 border-b bg-white px-4 dark:border-slate-800 dark:bg-slate-900">
        <AppTitle />
        <div className="flex-1" />
        <ThemeToggle />
        <LanguageSwitch />
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-10 outline-none sm:items-center"
      >
        <Outlet />
      </main>
    </div>
  );
};
