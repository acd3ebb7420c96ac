import { useSetAtom } from 'jotai';
import { Link } from 'react-router';
import { useLocalizedPath } from '@/app/useRouteLocale';
import { primaryButton, secondaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { clearPageError, type TPageError } from '@/state/pageError';
import { pageRetryAtom } from '@/state/retry';
import { ErrorView } from './ErrorView';

/** The error and status views of spec sections 2 and 8, in both languages. */
const HomepageLink = () => {
  const { LL } = useI18nContext();
  const to = useLocalizedPath();
  return (
    <Link to={to('/')} className={primaryButton}>
      {LL.errors.homepage()}
    </Link>
  );
};

/** `onRetry` replaces the default (mount the page afresh so it loads again). */
export const OfflineView = ({ onRetry }: { onRetry?: () => void }) => {
  const { LL } = useI18nContext();
  const retry = useSetAtom(pageRetryAtom);
  return (
    <ErrorView icon="wifiOff" title={LL.errors.offlineTitle()} message={LL.errors.offlineHint()}>
      <button
        type="button"
        className={secondaryButton}
        onClick={() => {
          if (onRetry) return onRetry();
          clearPageError();
          retry((count) => count + 1);
        }}
      >
        {LL.errors.retry()}
      </button>
    </ErrorView>
  );
};

export const ForbiddenView = ({ message }: { message?: string }) => {
  const { LL } = useI18nContext();
  return (
    <ErrorView
      icon="lock"
      code="403"
      title={LL.errors.forbidden()}
      message={message || LL.errors.noPermission()}
    >
      <HomepageLink />
    </ErrorView>
  );
};

/** 'route': nothing matched the address; 'page': a page (or record) that does not exist. */
export const NotFoundView = ({ variant }: { variant: 'route' | 'page' }) => {
  const { LL } = useI18nContext();
  return (
    <ErrorView
      icon="compass"
      title={LL.errors.notFoundTitle()}
      message={variant === 'route' ? LL.errors.notFoundRoute() : LL.errors.notFoundPage()}
    >
      <HomepageLink />
    </ErrorView>
  );
};

export const ServerErrorView = ({ message }: { message?: string }) => {
  const { LL } = useI18nContext();
  return (
    <ErrorView icon="server" code="500" tone="error" title={LL.errors.serverErrorTitle()} message={message}>
      <HomepageLink />
    </ErrorView>
  );
};

/** Any other status: the message stays blank (spec section 8). */
export const GenericErrorView = ({ message }: { message?: string }) => {
  const { LL } = useI18nContext();
  return (
    <ErrorView icon="alert" tone="error" title={LL.errors.generic()} message={message}>
      <HomepageLink />
    </ErrorView>
  );
};

/** The view a failed request asked for (pageErrorAtom). */
export const PageErrorView = ({ error }: { error: TPageError }) => {
  switch (error.view) {
    case 'offline':
      return <OfflineView />;
    case 'forbidden':
      return <ForbiddenView message={error.message} />;
    case 'notFound':
      return <NotFoundView variant="page" />;
    case 'serverError':
      return <ServerErrorView />;
    default:
      return <GenericErrorView />;
  }
};
