import { useCallback } from 'react';
import { api } from '@/platform/api/client';
import { useRemoteData } from '@/platform/api/useRemoteData';

/**
 * One history of a child (`{ data: [...] }`), read again when `reloadKey` changes (keeping the rows
 * shown meanwhile); a failure shows the catalogue's view like the summary's own read.
 */
export const useHistory = <T>(path: string, reloadKey: number) =>
  useRemoteData(
    useCallback(async (signal: AbortSignal) => (await api<{ data: T[] }>(path, { signal })).data, [path]),
    reloadKey,
  );
