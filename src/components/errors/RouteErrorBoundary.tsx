import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError, isChunkLoadError } from '@/app/chunkReload';
import { useI18nContext } from '@/i18n/i18n-react';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPageFailure } from './ErrorPageFailure';
import { GenericErrorView, NotFoundView, OfflineView, ServerErrorView } from './views';

const RouteErrorContent = () => {
  const error = useRouteError();
  const { LL } = useI18nContext();
  console.error('[route error]', error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView variant="route" />;
  // A screen whose code could not be loaded while offline: reload once the connection is back.
  if (error instanceof ChunkLoadError && error.offline)
    return <OfflineView onRetry={() => window.location.reload()} />;
  // A screen whose code could not be loaded twice within the reload guard's window.
  if (isChunkLoadError(error)) return <GenericErrorView message={LL.errors.loadFailed()} />;
  return <ServerErrorView />;
};

/** The router's error element; if showing it fails too, the last-resort text (spec section 8). */
export const RouteErrorBoundary = () => (
  <ErrorBoundary fallback={<ErrorPageFailure />}>
    <RouteErrorContent />
  </ErrorBoundary>
);
