import type { ComponentType } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ForbiddenView, NotFoundView, ServerErrorView } from '@/components/errors/views';
import { useI18nContext } from '@/i18n/i18n-react';
import { runGuards } from '@/platform/guards';
import { localeFromPathname } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { QuietLoading } from './QuietLoading';
import type { TRouteEntry } from './routeTable';

/**
 * One route of the table: its guards run in order (spec section 6), then its screen. A route
 * whose screen a later issue builds answers with the not-found view once its guards pass.
 */
export const GuardedRoute = ({ entry, Screen }: { entry: TRouteEntry; Screen?: ComponentType }) => {
  const { LL } = useI18nContext();
  const { status, user } = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const outcome = runGuards(entry.guards, {
    session: status,
    user,
    locale: localeFromPathname(location.pathname),
    currentPath: `${location.pathname}${location.search}`,
    redirectQuery: searchParams.get('redirect'),
    permission: entry.permission,
  });
  switch (outcome.kind) {
    case 'pending':
      return <QuietLoading />;
    case 'redirect':
      return <Navigate to={outcome.to} replace />;
    case 'forbidden':
      return <ForbiddenView />;
    case 'unknownGuard':
      return <ServerErrorView message={LL.errors.unknownMiddleware({ name: outcome.name })} />;
    default:
      return Screen ? <Screen /> : <NotFoundView variant="page" />;
  }
};
