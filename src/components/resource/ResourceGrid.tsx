import {
  type CellKeyDownEvent,
  type GridApi,
  ModuleRegistry,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useAtomValue } from 'jotai';
import { useRef } from 'react';
import type { TSortOrder } from '@/domain/listQuery';
import type { TRouteLocale } from '@/domain/locale';
import type { TResourceDefinition } from '@/domain/resource';
import type { TColumnSetting } from '@/domain/savedViews';
import { allRowsBlockSize, type TBlockAnswer, type TBlockRequest } from '@/machines/listViewTypes';
import type { TResourceRow } from '@/platform/api/resources';
import { darkModeAtom } from '@/state/ui';
import { columnMaxWidth, columnMinWidth, gridHeightFor } from './grid/gridLayout';
import { gridModules } from './grid/gridModules';
import { useBlockDatasource } from './grid/useBlockDatasource';
import { useColumnDrag } from './grid/useColumnDrag';
import { useGridColumns } from './grid/useGridColumns';
import { useViewSort } from './grid/useViewSort';
import { useWholeValue, WholeValueTip } from './grid/WholeValue';
import { gridDarkTheme, gridTheme } from './gridTheme';
import type { TListView } from './listAddress';
import type { TGridSelection } from './useRowSelection';

ModuleRegistry.registerModules(gridModules);

export type TResourceGridProps = {
  definition: TResourceDefinition;
  view: TListView;
  /** The answer to the last block asked for (the list view machine's). */
  answer: TBlockAnswer | null;
  /** A block of rows the grid needs: the controller asks the server; its request id comes back. */
  onBlock: (request: TBlockRequest) => number;
  locale: TRouteLocale;
  labelOf: (key: string) => string;
  optionLabel: (key: string, value: string) => string;
  onSortChange: (sort: string | null, order: TSortOrder) => void;
  /** A row chosen by a click (`pointer`) or by Enter on one of its cells (`key`). */
  onOpen: (row: TResourceRow, how: 'pointer' | 'key') => void;
  onGridReady: (api: GridApi) => void;
  ariaLabel: string;
  /** A short page's rows: the grid is as tall as they are. Null: it fills its box and scrolls. */
  shortPageRows: number | null;
  /** Rows selected with a checkbox column and the keyboard (useRowSelection.ts), for bulk actions. */
  selection?: TGridSelection;
  /** The columns as arranged in the address (order, hidden, widths); empty: as described. */
  columns?: readonly TColumnSetting[];
  /** Columns moved or resized with the mouse: the new arrangement. */
  onColumnsChange?: (columns: TColumnSetting[]) => void;
};

const noColumnSettings: readonly TColumnSetting[] = [];

/**
 * The AG Grid of a resource list, a view: it draws the rows of the blocks it asks for (each
 * forwarded to the controller, `grid/useBlockDatasource.ts`) in the columns the description and
 * the address make (`grid/useGridColumns.ts`), and hands back what the user does: a sort, a row
 * opened, columns moved or resized, rows selected.
 */
const ResourceGrid = ({
  definition,
  view,
  answer,
  onBlock,
  locale,
  labelOf,
  optionLabel,
  onSortChange,
  onOpen,
  onGridReady,
  ariaLabel,
  shortPageRows,
  selection,
  columns: columnSettings = noColumnSettings,
  onColumnsChange,
}: TResourceGridProps) => {
  const dark = useAtomValue(darkModeAtom);
  const callbacks = useRef({ onOpen, onSortChange });
  callbacks.current = { onOpen, onSortChange };
  const datasource = useBlockDatasource({ view, answer, onBlock });
  const { columnDefs, sizedColumns } = useGridColumns({
    definition,
    columnSettings,
    sort: view.sort,
    order: view.order,
    locale,
    labelOf,
    optionLabel,
  });
  const { onColumnResized, onDragStopped } = useColumnDrag({ columnSettings, onColumnsChange });
  const wholeValue = useWholeValue();
  const gridApi = useViewSort(view.sort, view.order);
  const { length } = view;

  return (
    <section
      className={shortPageRows === null ? 'h-full w-full' : 'w-full'}
      style={shortPageRows === null ? undefined : { height: gridHeightFor(shortPageRows) }}
      aria-label={ariaLabel}
      onFocus={(event) => wholeValue.show(event.target)}
      onBlur={wholeValue.hide}
      onMouseOver={(event) => wholeValue.show(event.target)}
      onMouseLeave={wholeValue.hide}
    >
      <AgGridReact<TResourceRow>
        theme={dark ? gridDarkTheme : gridTheme}
        // Every column but the main one as wide as its header and values, again as pages change.
        autoSizeStrategy={{
          type: 'fitCellContents',
          colIds: sizedColumns,
          defaultMinWidth: columnMinWidth,
          defaultMaxWidth: columnMaxWidth,
          continuous: true,
        }}
        rowModelType="infinite"
        datasource={datasource}
        cacheBlockSize={length === -1 ? allRowsBlockSize : length}
        maxConcurrentDatasourceRequests={1}
        infiniteInitialRowCount={length === -1 ? allRowsBlockSize : length}
        maxBlocksInCache={length === -1 ? 20 : 1}
        columnDefs={columnDefs}
        defaultColDef={{ resizable: true, suppressKeyboardEvent: selection?.suppressKey }}
        rowSelection={selection?.rowSelection}
        onSelectionChanged={(event) => selection?.onSelectionChanged(event.api)}
        onColumnResized={onColumnResized}
        onDragStopped={onDragStopped}
        sortingOrder={['asc', 'desc', null]}
        getRowId={(params) => String(params.data.id)}
        suppressNoRowsOverlay
        suppressLoadingOverlay
        onGridReady={(event) => {
          gridApi.current = event.api;
          onGridReady(event.api);
        }}
        onRowClicked={(event) => {
          // A click on the row's checkbox selects it; it does not open it.
          const target = event.event?.target as HTMLElement | null | undefined;
          if (target?.closest?.('.ag-selection-checkbox, [col-id="ag-Grid-SelectionColumn"]')) return;
          if (event.data) callbacks.current.onOpen(event.data, 'pointer');
        }}
        onCellKeyDown={(event: CellKeyDownEvent<TResourceRow>) => {
          selection?.onKey(event);
          const key = (event.event as KeyboardEvent | undefined)?.key;
          if (key === 'Enter' && event.data) callbacks.current.onOpen(event.data, 'key');
        }}
        onSortChanged={(event: SortChangedEvent) => {
          const sorted = event.api.getColumnState().find((state) => state.sort);
          callbacks.current.onSortChange(sorted?.colId ?? null, (sorted?.sort ?? 'asc') as TSortOrder);
        }}
        rowClass="cursor-pointer"
      />
      <WholeValueTip wholeValue={wholeValue.wholeValue} />
    </section>
  );
};

export default ResourceGrid;
