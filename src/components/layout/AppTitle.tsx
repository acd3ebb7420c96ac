import { Link } from 'react-router';
import { localizedPath } from '@/app/localePath';
import { useRouteLocale } from '@/app/useRouteLocale';
import { useAppName } from '@/app/useSetup';
import { focusRing } from '@/components/ui';

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
