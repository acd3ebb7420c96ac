import { useCallback, useEffect, useState } from 'react';

/** What a screen has of something it reads from the server. */
export type TRemoteData<T> =
  | { state: 'loading' }
  | { state: 'ready'; data: T }
  | { state: 'failed'; error: unknown };

/** Reads the data; `signal` is aborted once the answer is no longer wanted. */
export type TLoadRemote<T> = (signal: AbortSignal) => Promise<T>;

export type TRemoteDataResult<T> = TRemoteData<T> & {
  /** Reads again, keeping the data shown until the fresh copy arrives ('loading' when there is none). */
  reload: () => void;
  /** Changes the data shown (after a write the server has answered), while it is ready. */
  update: (change: (data: T) => T) => void;
};

const loading = { state: 'loading' } as const;

/**
 * Loads something for a screen: 'loading', then the data or the failure. `load` is memoised by
 * the caller (`useCallback` over what it reads): another `load` starts afresh from 'loading',
 * while `reload()` or another `reloadKey` reads again with the data left on screen. The request
 * still running is aborted on either and when the screen goes.
 */
export const useRemoteData = <T>(load: TLoadRemote<T>, reloadKey?: unknown): TRemoteDataResult<T> => {
  // The data remembers the `load` it came from, so a new `load` never shows the old one's data.
  const [held, setHeld] = useState<{ from: TLoadRemote<T>; remote: TRemoteData<T> }>({
    from: load,
    remote: loading,
  });
  const [ownKey, setOwnKey] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey and ownKey ask for a fresh copy
  useEffect(() => {
    const controller = new AbortController();
    setHeld((current) =>
      current.from === load && current.remote.state === 'ready' ? current : { from: load, remote: loading },
    );
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setHeld({ from: load, remote: { state: 'ready', data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setHeld({ from: load, remote: { state: 'failed', error } });
      },
    );
    return () => controller.abort();
  }, [load, reloadKey, ownKey]);

  const reload = useCallback(() => setOwnKey((key) => key + 1), []);
  const update = useCallback(
    (change: (data: T) => T) =>
      setHeld((current) =>
        current.remote.state === 'ready'
          ? { ...current, remote: { state: 'ready', data: change(current.remote.data) } }
          : current,
      ),
    [],
  );

  const remote = held.from === load ? held.remote : loading;
  return { ...remote, reload, update };
};
