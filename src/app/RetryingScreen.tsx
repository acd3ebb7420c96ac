import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { ChunkFailureView } from '@/components/errors/views';
import { ChunkLoadError } from '@/platform/chunkReload';
import { QuietLoading } from './QuietLoading';
import type { TScreenModule } from './routeTable';

type TScreenLoad =
  | { kind: 'loading' }
  | { kind: 'ready'; Screen: ComponentType }
  | { kind: 'failed'; offline: boolean };

/**
 * The screen of a route whose code did not arrive (spec section 8 'Code chunk fails to load'). The
 * router keeps whatever a route's `lazy` answered, so instead of failing it answers this: the
 * layout stays, the chunk failure view shows in its main area (the offline view while offline),
 * and the import is tried again on 'Try again' and when the connection returns; the screen shows
 * as soon as it arrives.
 */
export const retryingScreen = (load: () => Promise<TScreenModule>): ComponentType => {
  const RetryingScreen = () => {
    const [state, setState] = useState<TScreenLoad>({ kind: 'loading' });
    const attempt = useCallback(() => {
      setState((current) => (current.kind === 'failed' ? current : { kind: 'loading' }));
      load().then(
        (module) => setState({ kind: 'ready', Screen: module.default }),
        (error: unknown) => {
          console.error('[screen]', error);
          const offline = (error instanceof ChunkLoadError && error.offline) || !navigator.onLine;
          setState({ kind: 'failed', offline });
        },
      );
    }, []);
    useEffect(attempt, [attempt]);
    if (state.kind === 'ready') return <state.Screen />;
    if (state.kind === 'loading') return <QuietLoading />;
    return <ChunkFailureView offline={state.offline} onRetry={attempt} />;
  };
  return RetryingScreen;
};
