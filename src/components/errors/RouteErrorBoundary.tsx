import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ChunkLoadError, isChunkLoadError } from '@/platform/chunkReload';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPageFailure } from './ErrorPageFailure';
import { ChunkFailureView, NotFoundView, ServerErrorView } from './views';

const reloadPage = () => window.location.reload();

const RouteErrorContent = () => {
  const error = useRouteError();
  console.error('[route error]', error);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView variant="route" />;
  // A part a screen loads itself (the list's grid...) did not arrive: React keeps that failure, so
  // only a reload loads it again, by itself once the connection is back.
  if (isChunkLoadError(error))
    return (
      <ChunkFailureView
        offline={(error instanceof ChunkLoadError && error.offline) || !navigator.onLine}
        onRetry={reloadPage}
      />
    );
  return <ServerErrorView />;
};

/** The router's error element; if showing it fails too, the last-resort text (spec section 8). */
export const RouteErrorBoundary = () => (
  <ErrorBoundary fallback={<ErrorPageFailure />}>
    <RouteErrorContent />
  </ErrorBoundary>
);
