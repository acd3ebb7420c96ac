import { useCallback } from 'react';
import { api } from '@/api/client';
import { useRemoteData } from '@/api/useRemoteData';

/**
 * One history of a child (`{ data: [...] }`), read again when `reloadKey` changes (keeping the rows
 * shown meanwhile); a failure is only logged and shown in its own section, never over the whole page.
 */
export const useHistory = <T>(path: string, reloadKey: number) =>
  useRemoteData(
    useCallback(
      async (signal: AbortSignal) => (await api<{ data: T[] }>(path, { signal, errorMode: 'log' })).data,
      [path],
    ),
    reloadKey,
  );
