import type { IDatasource, IGetRowsParams } from 'ag-grid-community';
import { useEffect, useMemo, useRef } from 'react';
import type { TSortOrder } from '@/domain/listQuery';
import type { TBlockAnswer, TBlockRequest } from '@/machines/listViewTypes';
import type { TResourceRow } from '@/platform/api/resources';
import type { TListView } from '../listAddress';

/**
 * The grid's infinite datasource: each block the grid asks for goes to `onBlock` (the controller
 * asks the server and hands back a request id); the answer to that request id fills the block.
 * The grid asks one block at a time, so one waits at most.
 */
export const useBlockDatasource = ({
  view,
  answer,
  onBlock,
}: {
  view: TListView;
  /** The answer to the last block asked for (the list view machine's). */
  answer: TBlockAnswer | null;
  onBlock: (request: TBlockRequest) => number;
}): IDatasource => {
  const pending = useRef<{ requestId: number; params: IGetRowsParams } | null>(null);
  const latestOnBlock = useRef(onBlock);
  latestOnBlock.current = onBlock;

  useEffect(() => {
    const waiting = pending.current;
    if (!answer || !waiting || waiting.requestId !== answer.requestId) return;
    pending.current = null;
    if (answer.ok) waiting.params.successCallback(answer.rows as TResourceRow[], answer.lastRow);
    else waiting.params.failCallback();
  }, [answer]);

  const { page, length, search, filters } = view;
  const filterKey = JSON.stringify(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view is a new datasource: the grid asks afresh
  return useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        // An older block still waiting will never be answered now: release it (taken first: the
        // grid may ask for the next block at once, from inside failCallback).
        const older = pending.current;
        pending.current = null;
        older?.params.failCallback();
        const sortEntry = params.sortModel[0];
        const requestId = latestOnBlock.current({
          startRow: params.startRow,
          sort: sortEntry?.colId ?? '',
          order: (sortEntry?.sort ?? 'asc') as TSortOrder,
        });
        pending.current = { requestId, params };
      },
    }),
    [page, length, search, filterKey],
  );
};
