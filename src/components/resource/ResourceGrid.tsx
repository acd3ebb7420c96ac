import {
  type CellKeyDownEvent,
  type ColDef,
  ColumnApiModule,
  ColumnAutoSizeModule,
  type ColumnResizedEvent,
  type GridApi,
  type IDatasource,
  type IGetRowsParams,
  InfiniteRowModelModule,
  ModuleRegistry,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  type SortChangedEvent,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AuthImage } from '@/components/AuthImage';
import { Badge } from '@/components/Badge';
import { Icon } from '@/components/Icon';
import type { TSortOrder } from '@/domain/listQuery';
import type { TRouteLocale } from '@/domain/locale';
import { isoDateIn } from '@/domain/programmeTime';
import type { TResourceDefinition } from '@/domain/resource';
import { arrangeColumns, type TColumnSetting } from '@/domain/savedViews';
import { useI18nContext } from '@/i18n/i18n-react';
import { allRowsBlockSize, type TBlockAnswer, type TBlockRequest } from '@/machines/listViewTypes';
import type { TResourceRow } from '@/platform/api/resources';
import { darkModeAtom } from '@/state/ui';
import { columnText, valueAtPath } from './columnText';
import { gridDarkTheme, gridHeaderHeight, gridRowHeight, gridTheme } from './gridTheme';
import type { TListView } from './listAddress';
import type { TGridSelection } from './useRowSelection';

// Only what the lists use: the server-fed row model (pages and 'all' are blocks of it), the column
// state (sort), columns sized to their content, scrolling a focused row into view and selecting rows.
// Moving and resizing columns with the mouse come with the grid's core (issue 26: kept in the address).
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  RowSelectionModule,
  // The rows the keyboard selects: the next one (Shift+Up/Down), the page's (Ctrl+A).
  RowApiModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  ScrollApiModule,
  RowStyleModule,
]);

/** Width limits of a column sized to its content: a long value is cut there (and shown whole on hover and focus). */
const columnMinWidth = 64;
const columnMaxWidth = 360;
/** The main column never gets narrower than this, however wide the others. */
const mainColumnMinWidth = 180;
const rowHeight = gridRowHeight;
const headerHeight = gridHeaderHeight;
/** Room under the rows for the horizontal scrollbar a narrow window or wide columns show. */
const horizontalScrollRoom = 18;

/**
 * The height of a grid showing `rows` rows whole: header, rows, scrollbar room, borders. AG Grid's
 * own 'autoHeight' layout leaves the scrollbar inside the rows' height with the infinite row model,
 * cutting the last row; a computed height in the normal layout does not.
 */
const gridHeightFor = (rows: number) =>
  headerHeight + Math.max(rows, 1) * rowHeight + horizontalScrollRoom + 2;

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
 * The AG Grid of a resource list, fed by the server through the list loader machine: each block
 * the grid asks for becomes a LOAD; the machine's answer for that request id fills the block.
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
  const { LL } = useI18nContext();
  const dark = useAtomValue(darkModeAtom);
  // The one block waiting for its rows (the grid asks one at a time): answered from `answer`.
  const pending = useRef<{ requestId: number; params: IGetRowsParams } | null>(null);
  const callbacks = useRef({ onOpen, onSortChange, onColumnsChange, columnSettings, onBlock });
  callbacks.current = { onOpen, onSortChange, onColumnsChange, columnSettings, onBlock };

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
  const datasource = useMemo<IDatasource>(
    () => ({
      getRows: (params) => {
        // An older block still waiting will never be answered now: release it (taken first: the
        // grid may ask for the next block at once, from inside failCallback).
        const older = pending.current;
        pending.current = null;
        older?.params.failCallback();
        const sortEntry = params.sortModel[0];
        const requestId = callbacks.current.onBlock({
          startRow: params.startRow,
          sort: sortEntry?.colId ?? '',
          order: (sortEntry?.sort ?? 'asc') as TSortOrder,
        });
        pending.current = { requestId, params };
      },
    }),
    [page, length, search, filterKey],
  );

  // The sort the grid starts with; later the address is applied by the effect below. A `sort` in
  // the column definitions would be re-applied on every render and could undo a click made before
  // the address caught up with the previous one (and fetched each sorted page twice).
  const initialSort = useRef({ sort: view.sort, order: view.order }).current;
  const mainColumn = useMemo(
    () =>
      definition.columns.reduce<(typeof definition.columns)[number] | undefined>(
        (best, column) => ((column.flex ?? 0) > (best?.flex ?? 0) ? column : best),
        undefined,
      )?.key ?? definition.columns.find((column) => column.kind !== 'photo')?.key,
    [definition],
  );
  // The columns in the address's order, hidden ones hidden, those sized by hand at their width.
  const arranged = useMemo(() => {
    const keys = definition.columns.map((column) => column.key);
    return arrangeColumns(columnSettings, keys).flatMap((setting) => {
      const column = definition.columns.find((described) => described.key === setting.id);
      return column ? [{ column, setting }] : [];
    });
  }, [definition, columnSettings]);
  const columnDefs = useMemo<ColDef<TResourceRow>[]>(
    () =>
      arranged.map(({ column, setting }): ColDef<TResourceRow> => {
        const main = column.key === mainColumn && !setting.width;
        const base: ColDef<TResourceRow> = {
          colId: column.key,
          headerName: labelOf(column.label ?? column.key),
          sortable: column.sortable === true,
          initialSort: initialSort.sort === column.key ? initialSort.order : null,
          hide: setting.hidden === true,
          width: setting.width,
          // The main column takes what the others, sized to their content, leave.
          flex: main ? 1 : undefined,
          minWidth: setting.width
            ? Math.min(setting.width, column.minWidth ?? columnMinWidth)
            : main
              ? Math.max(column.minWidth ?? 0, mainColumnMinWidth)
              : (column.minWidth ?? columnMinWidth),
          maxWidth: main || setting.width ? undefined : columnMaxWidth,
          valueGetter: (params) =>
            params.data ? columnText(column, params.data, locale, optionLabel, labelOf, LL) : '',
        };
        if (column.kind === 'photo') {
          const photoOf = column.photoPath;
          return {
            ...base,
            valueGetter: () => '',
            cellRenderer: ({ data }: { data?: TResourceRow }) => {
              const path = data && photoOf ? photoOf(data) : null;
              const placeholder = (
                <span className="inline-block size-8 rounded-full bg-slate-200 align-middle dark:bg-slate-700" />
              );
              return path ? (
                <AuthImage
                  path={path}
                  version={data?.version}
                  alt=""
                  className="inline-block size-8 rounded-full object-cover align-middle"
                  fallback={placeholder}
                />
              ) : (
                placeholder
              );
            },
          };
        }
        if (column.kind === 'date' && column.expires) {
          const matters = column.expires;
          return {
            ...base,
            cellRenderer: ({ data, value }: { data?: TResourceRow; value?: string }) => {
              const raw = data ? String(valueAtPath(data, column.path ?? column.key) ?? '') : '';
              return (
                <span className="inline-flex items-center gap-2">
                  {value}
                  {raw && data && matters(data) ? <ExpiryBadge day={raw} /> : null}
                </span>
              );
            },
          };
        }
        if (column.mark) {
          const markOf = column.mark;
          return {
            ...base,
            cellRenderer: ({ data, value }: { data?: TResourceRow; value?: string }) => {
              const mark = data ? markOf(data) : null;
              const raw = data ? String(valueAtPath(data, column.path ?? column.key) ?? '') : '';
              const markLabel = mark ? optionLabel(mark.option, mark.value) : '';
              return (
                <span className="inline-flex items-center gap-2">
                  {column.kind === 'badge' && raw ? (
                    <Badge tone={column.tones?.[raw] ?? 'slate'}>{value}</Badge>
                  ) : (
                    value
                  )}
                  {mark?.icon ? (
                    <span data-row-mark={mark.value} role="img" aria-label={markLabel} title={markLabel}>
                      <Badge tone={mark.tone}>
                        <Icon name={mark.icon} className="size-3.5" />
                      </Badge>
                    </span>
                  ) : mark ? (
                    <span data-row-mark={mark.value}>
                      <Badge tone={mark.tone}>{markLabel}</Badge>
                    </span>
                  ) : null}
                </span>
              );
            },
          };
        }
        if (column.kind === 'badge') {
          return {
            ...base,
            cellRenderer: ({ data, value }: { data?: TResourceRow; value?: string }) => {
              const raw = data ? String(valueAtPath(data, column.path ?? column.key) ?? '') : '';
              return raw ? <Badge tone={column.tones?.[raw] ?? 'slate'}>{value}</Badge> : null;
            },
          };
        }
        return base;
      }),
    [arranged, labelOf, optionLabel, locale, initialSort, mainColumn, LL],
  );
  // Sized to their content: every shown column but the main one and those sized by hand.
  const sizedColumns = useMemo(
    () =>
      arranged
        .filter(({ column, setting }) => column.key !== mainColumn && !setting.width && !setting.hidden)
        .map(({ column }) => column.key),
    [arranged, mainColumn],
  );
  // Columns resized with the mouse since the last drag ended: they keep the width they were given.
  const resizedByHand = useRef(new Set<string>());
  /** After a drag (a column moved or resized): the grid's arrangement, when it differs, to the address. */
  const columnsDragged = useCallback((api: GridApi) => {
    const { onColumnsChange: change, columnSettings: current } = callbacks.current;
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

  // A value or header cut by its column's width shows whole under it on hover and on keyboard focus.
  const sectionRef = useRef<HTMLElement | null>(null);
  const [wholeValue, setWholeValue] = useState<{ text: string; left: number; top: number } | null>(null);
  const showWholeValue = useCallback((target: EventTarget) => {
    const cell = (target as HTMLElement).closest?.('.ag-cell, .ag-header-cell');
    const textElement = cell?.querySelector<HTMLElement>('.ag-cell-value, .ag-header-cell-text') ?? cell;
    const text = textElement?.textContent?.trim();
    if (!cell || !textElement || !text) return setWholeValue(null);
    const cut =
      textElement.scrollWidth > textElement.clientWidth + 1 || cell.scrollWidth > cell.clientWidth + 1;
    if (!cut) return setWholeValue(null);
    const box = cell.getBoundingClientRect();
    setWholeValue({ text, left: box.left, top: box.bottom + 2 });
  }, []);
  const hideWholeValue = useCallback(() => setWholeValue(null), []);

  // The address changed the sort (back/forward, a reopened link): the grid follows when it differs.
  const gridApi = useRef<GridApi | null>(null);
  const applyViewSort = useCallback((api: GridApi, sort: string | null, order: TSortOrder) => {
    const current = api.getColumnState().find((state) => state.sort);
    if ((current?.colId ?? null) === sort && (!sort || current?.sort === order)) return;
    api.applyColumnState({
      state: sort ? [{ colId: sort, sort: order }] : [],
      defaultState: { sort: null },
    });
  }, []);
  useEffect(() => {
    if (gridApi.current) applyViewSort(gridApi.current, view.sort, view.order);
  }, [applyViewSort, view.sort, view.order]);

  return (
    <section
      ref={sectionRef}
      className={shortPageRows === null ? 'h-full w-full' : 'w-full'}
      style={shortPageRows === null ? undefined : { height: gridHeightFor(shortPageRows) }}
      aria-label={ariaLabel}
      onFocus={(event) => showWholeValue(event.target)}
      onBlur={hideWholeValue}
      onMouseOver={(event) => showWholeValue(event.target)}
      onMouseLeave={hideWholeValue}
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
        onColumnResized={(event: ColumnResizedEvent) => {
          if (event.source !== 'uiColumnResized') return;
          for (const column of event.columns ?? []) resizedByHand.current.add(column.getColId());
        }}
        onDragStopped={(event) => columnsDragged(event.api)}
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
      {wholeValue ? (
        <div
          role="tooltip"
          className="pointer-events-none fixed z-50 max-w-md rounded-md bg-slate-900 px-2 py-1 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
          style={{ left: wholeValue.left, top: wholeValue.top }}
        >
          {wholeValue.text}
        </div>
      ) : null}
    </section>
  );
};

export default ResourceGrid;

/** How near an end is 'soon' (DESIGN.md section 6: approvals expiring within 30 days). */
const expirySoonDays = 30;

/** 'Expired' or 'Expires soon' beside a day a grant ends. */
const ExpiryBadge = ({ day }: { day: string }) => {
  const { LL } = useI18nContext();
  const today = isoDateIn(new Date());
  if (day < today) return <Badge tone="rose">{LL.list.expired()}</Badge>;
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + expirySoonDays);
  return day <= soon.toISOString().slice(0, 10) ? <Badge tone="amber">{LL.list.expiresSoon()}</Badge> : null;
};
