import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useRef } from 'react';
import type { TSortOrder } from '@/domain/listQuery';

/**
 * The address changed the sort (back/forward, a reopened link): the grid follows when it differs.
 * Answers the ref the grid's api is kept in (set by the grid's onGridReady).
 */
export const useViewSort = (sort: string | null, order: TSortOrder) => {
  const gridApi = useRef<GridApi | null>(null);
  const applyViewSort = useCallback((api: GridApi, sortBy: string | null, sortOrder: TSortOrder) => {
    const current = api.getColumnState().find((state) => state.sort);
    if ((current?.colId ?? null) === sortBy && (!sortBy || current?.sort === sortOrder)) return;
    api.applyColumnState({
      state: sortBy ? [{ colId: sortBy, sort: sortOrder }] : [],
      defaultState: { sort: null },
    });
  }, []);
  useEffect(() => {
    if (gridApi.current) applyViewSort(gridApi.current, sort, order);
  }, [applyViewSort, sort, order]);
  return gridApi;
};
