import type {
  CellKeyDownEvent,
  GridApi,
  RowSelectionOptions,
  SuppressKeyboardEventParams,
} from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { TResourceRow } from '@/platform/api/resources';
import type { TListController } from './useListController';

/** What the grid is given to select rows (ResourceGrid's `selection`). */
export type TGridSelection = {
  rowSelection: RowSelectionOptions<TResourceRow>;
  /** Keys the grid leaves to `onKey` (it would move the focus or do nothing with them). */
  suppressKey: (params: SuppressKeyboardEventParams<TResourceRow>) => boolean;
  onKey: (event: CellKeyDownEvent<TResourceRow>) => void;
  onSelectionChanged: (api: GridApi<TResourceRow>) => void;
};

const isSelectAll = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'a';
const isExtend = (event: KeyboardEvent) =>
  event.shiftKey &&
  !event.ctrlKey &&
  !event.metaKey &&
  (event.key === 'ArrowDown' || event.key === 'ArrowUp');

/**
 * The rows selected in a resource list (issue 26), with the grid's checkbox column and from the
 * keyboard: Space toggles the focused row (the grid's own), Shift+Up/Down extends the selection to
 * the next row and moves there, Ctrl+A selects the rows of the page, Escape clears. The selection is
 * of the rows on screen: a new page, search, filter or sort clears it (`clear`).
 */
export const useRowSelection = (controller: Pick<TListController, 'selected' | 'select' | 'send'>) => {
  const { selected, send } = controller;
  const select = useRef(controller.select);
  select.current = controller.select;
  const api = useRef<GridApi<TResourceRow> | null>(null);

  const clear = useCallback(() => send({ type: 'CLEAR_SELECTION' }), [send]);
  // The list view machine cleared it (another page, search, filter or sort): so does the grid.
  useEffect(() => {
    if (selected.length === 0 && (api.current?.getSelectedNodes().length ?? 0) > 0)
      api.current?.deselectAll();
  }, [selected]);

  const selection = useMemo<TGridSelection>(
    () => ({
      rowSelection: {
        mode: 'multiRow',
        checkboxes: true,
        // The infinite row model has no 'select all' of its own: Ctrl+A selects the page.
        headerCheckbox: false,
        enableClickSelection: false,
      },
      // Called as the key goes down (the grid's cellKeyDown comes after, too late to prevent the
      // browser's own Ctrl+A, which would select every word of the page): the keys are ours here.
      suppressKey: ({ event }) => {
        const ours = isSelectAll(event) || isExtend(event);
        if (ours) event.preventDefault();
        return ours;
      },
      onKey: (cellEvent) => {
        const event = cellEvent.event as KeyboardEvent | undefined;
        if (!event) return;
        const grid = cellEvent.api;
        if (isSelectAll(event)) {
          event.preventDefault();
          grid.forEachNode((node) => {
            if (node.data) node.setSelected(true);
          });
        } else if (isExtend(event)) {
          event.preventDefault();
          const index = cellEvent.rowIndex;
          if (index === null) return;
          const next = index + (event.key === 'ArrowDown' ? 1 : -1);
          const target = grid.getDisplayedRowAtIndex(next);
          if (next < 0 || !target?.data) return;
          cellEvent.node.setSelected(true);
          target.setSelected(true);
          grid.ensureIndexVisible(next);
          grid.setFocusedCell(next, cellEvent.column);
        } else if (event.key === 'Escape' && grid.getSelectedNodes().length > 0) {
          grid.deselectAll();
        }
      },
      onSelectionChanged: (grid) => {
        api.current = grid;
        select.current(grid.getSelectedRows().filter(Boolean));
      },
    }),
    [],
  );

  return {
    selected: selected as TResourceRow[],
    selection,
    clear,
    setApi: (grid: GridApi<TResourceRow>) => (api.current = grid),
  };
};
