import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { primaryButton, secondaryButton } from '@/components/ui';
import { useI18nContext } from '@/i18n/i18n-react';
import { useLocalizedPath } from '@/platform/useRouteLocale';
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

/** Any other status: the message stays blank (spec section 8). `onRetry` adds 'Try again'. */
export const GenericErrorView = ({ message, onRetry }: { message?: string; onRetry?: () => void }) => {
  const { LL } = useI18nContext();
  return (
    <ErrorView icon="alert" tone="error" title={LL.errors.generic()} message={message}>
      {onRetry ? (
        <button type="button" className={secondaryButton} onClick={onRetry}>
          {LL.errors.retry()}
        </button>
      ) : null}
      <HomepageLink />
    </ErrorView>
  );
};

/**
 * A part of the application whose code did not arrive (spec section 8 'Code chunk fails to load'),
 * shown in the layout's main area: the offline view while offline, else the generic view saying so.
 * `onRetry` loads it again; it also runs by itself when the connection returns.
 */
export const ChunkFailureView = ({ offline, onRetry }: { offline: boolean; onRetry: () => void }) => {
  const { LL } = useI18nContext();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return offline ? (
    <OfflineView onRetry={onRetry} />
  ) : (
    <GenericErrorView message={LL.errors.loadFailed()} onRetry={onRetry} />
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
