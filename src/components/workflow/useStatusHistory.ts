import { useCallback } from 'react';
import { api } from '@/platform/api/client';
import { useRemoteData } from '@/platform/api/useRemoteData';
import type { TStatusHistoryRow } from './statusHistory';

const none: TStatusHistoryRow[] = [];

/**
 * A record's status history (`GET {apiBase}/status-history/{id}`), read once by its page and handed
 * to every card that shows it (the status history, a matching's stages); nothing when `apiBase`
 * is null (a record without a workflow). Read again when `reloadKey` changes; an action's answer
 * adds its row. Its failure is the cards' own (`log`): the page's record read, sent beside it, is
 * the one whose failure replaces the page (a merged record's 410 says where it went, while its
 * history answers 404: issue 35).
 */
export const useStatusHistory = (apiBase: string | null, recordId: string, reloadKey: number) =>
  useRemoteData(
    useCallback(
      async (signal: AbortSignal) =>
        apiBase
          ? (
              await api<{ data: TStatusHistoryRow[] }>(`${apiBase}/status-history/${recordId}`, {
                signal,
                errorMode: 'log',
              })
            ).data
          : none,
      [apiBase, recordId],
    ),
    reloadKey,
  );
