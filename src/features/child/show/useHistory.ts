import { useEffect, useState } from 'react';
import { api } from '@/api/client';

export type THistoryLoad<T> = { state: 'loading' } | { state: 'ready'; rows: T[] } | { state: 'failed' };

/**
 * One history of a child (`{ data: [...] }`), read again when `reloadKey` changes; a failure is
 * only logged and shown in its own section, never over the whole page.
 */
export const useHistory = <T>(path: string, reloadKey: number): [THistoryLoad<T>, () => void] => {
  const [load, setLoad] = useState<THistoryLoad<T>>({ state: 'loading' });
  const [retryKey, setRetryKey] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey and retryKey ask for a fresh copy
  useEffect(() => {
    const controller = new AbortController();
    // A reload keeps the rows shown until the new ones arrive.
    setLoad((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    api<{ data: T[] }>(path, { signal: controller.signal, errorMode: 'log' })
      .then((response) => setLoad({ state: 'ready', rows: response.data }))
      .catch(() => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [path, reloadKey, retryKey]);
  return [load, () => setRetryKey((key) => key + 1)];
};
