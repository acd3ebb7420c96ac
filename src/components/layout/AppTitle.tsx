import { Link } from 'react-router';
import { focusRing } from '@/components/ui';
import { localizedPath } from '@/platform/localePath';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { useAppName } from '@/platform/useSetup';

/** The app title: app_name in the current locale; clicking it goes to the home of the locale. */
export const AppTitle = () => {
  const appName = useAppName();
  const locale = useRouteLocale();
  return (
    <Link
      to={localizedPath(locale, '/')}
      className={`line-clamp-2 min-w-0 break-words rounded font-semibold text-base text-primary-800 leading-tight sm:text-lg dark:text-primary-100 ${focusRing}`}
    >
      {appName}
    </Link>
  );
};
