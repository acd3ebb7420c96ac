import { useCallback } from 'react';
import { api } from '@/platform/api/client';
import { useRemoteData } from '@/platform/api/useRemoteData';
import type { TStatusHistoryRow } from './statusHistory';

const none: TStatusHistoryRow[] = [];

/**
 * A record's status history (`GET {apiBase}/status-history/{id}`), read once by its page and handed
 * to every card that shows it (the status history, a matching's stages); nothing when `apiBase`
 * is null (a record without a workflow). Read again when `reloadKey` changes; an action's answer
 * adds its row.
 */
export const useStatusHistory = (apiBase: string | null, recordId: string, reloadKey: number) =>
  useRemoteData(
    useCallback(
      async (signal: AbortSignal) =>
        apiBase
          ? (await api<{ data: TStatusHistoryRow[] }>(`${apiBase}/status-history/${recordId}`, { signal }))
              .data
          : none,
      [apiBase, recordId],
    ),
    reloadKey,
  );
