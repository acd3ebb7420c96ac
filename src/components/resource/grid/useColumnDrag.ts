import type { ColumnResizedEvent, GridApi } from 'ag-grid-community';
import { useCallback, useRef } from 'react';
import { arrangeColumns, type TColumnSetting } from '@/domain/savedViews';

/**
 * Columns moved or resized with the mouse, to the address: `onColumnResized` notes the columns
 * resized by hand, `onDragStopped` hands the grid's arrangement to `onColumnsChange` when it
 * differs from the address's.
 */
export const useColumnDrag = ({
  columnSettings,
  onColumnsChange,
}: {
  columnSettings: readonly TColumnSetting[];
  onColumnsChange?: (columns: TColumnSetting[]) => void;
}) => {
  const latest = useRef({ columnSettings, onColumnsChange });
  latest.current = { columnSettings, onColumnsChange };
  // Columns resized with the mouse since the last drag ended: they keep the width they were given.
  const resizedByHand = useRef(new Set<string>());
  const onColumnResized = useCallback((event: ColumnResizedEvent) => {
    if (event.source !== 'uiColumnResized') return;
    for (const column of event.columns ?? []) resizedByHand.current.add(column.getColId());
  }, []);
  /** After a drag (a column moved or resized): the grid's arrangement, when it differs, to the address. */
  const onDragStopped = useCallback(({ api }: { api: GridApi }) => {
    const { onColumnsChange: change, columnSettings: current } = latest.current;
    if (!change) return;
    const widths = new Map(
      current.flatMap((setting) => (setting.width ? [[setting.id, setting.width]] : [])),
    );
    for (const id of resizedByHand.current) widths.set(id, -1);
    resizedByHand.current.clear();
    const next = api.getColumnState().map((state): TColumnSetting => {
      const setting: TColumnSetting = { id: state.colId };
      const width = widths.get(state.colId);
      if (width === -1 && state.width) setting.width = Math.round(state.width);
      else if (width) setting.width = width;
      if (state.hide) setting.hidden = true;
      return setting;
    });
    const arrangedNow = arrangeColumns(
      current,
      next.map((setting) => setting.id),
    );
    if (JSON.stringify(next) !== JSON.stringify(arrangedNow)) change(next);
  }, []);
  return { onColumnResized, onDragStopped };
};
