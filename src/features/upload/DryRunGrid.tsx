import {
  CellStyleModule,
  ClientSideRowModelModule,
  type ColDef,
  ModuleRegistry,
  RowAutoHeightModule,
} from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { gridDarkTheme, gridTheme } from '@/components/resource/gridTheme';
import type { TFieldDef } from '@/domain/resource';
import { useI18nContext } from '@/i18n/i18n-react';
import { darkModeAtom } from '@/state/ui';
import { importColumnLabel, importFields } from './importColumns';
import type { TImportKind } from './importKinds';
import { errorGrid, type TErrorRow, type TRowError, wholeRowKey } from './uploadAnswers';

// The dry run's rows are all in the browser (they came in one answer): the client-side row model,
// and rows as tall as their wrapped messages.
ModuleRegistry.registerModules([ClientSideRowModelModule, RowAutoHeightModule, CellStyleModule]);

/** Rows shown whole before the grid scrolls inside its own box. */
const rowsShownWhole = 12;

/**
 * The dry run's errors as a grid (issue 25): a line per workbook row that has any, the row number
 * first, then a column per workbook column with an error, each cell its message. AG Grid's own
 * keyboard moves cell by cell; a screen reader reads each message with its row and column header.
 */
const DryRunGrid = ({ kind, errors }: { kind: TImportKind; errors: readonly TRowError[] }) => {
  const { LL } = useI18nContext();
  const dark = useAtomValue(darkModeAtom);
  const grid = useMemo(() => errorGrid(errors), [errors]);
  // A column is headed as the workbook heads it (issue 35), else as the template does.
  const headers = useMemo(
    () =>
      new Map(
        errors.flatMap((error) => (error.column && error.header ? [[error.column, error.header]] : [])),
      ),
    [errors],
  );
  // The answer names columns by field key; the headers say them as the template does.
  const [fields, setFields] = useState<readonly TFieldDef[]>([]);
  useEffect(() => {
    let current = true;
    void importFields(kind).then((loaded) => current && setFields(loaded));
    return () => {
      current = false;
    };
  }, [kind]);
  const columnDefs = useMemo<ColDef<TErrorRow>[]>(
    () => [
      {
        colId: 'row',
        headerName: LL.upload.rowColumn(),
        valueGetter: ({ data }) => data?.row,
        width: 90,
        sortable: true,
      },
      ...grid.columns.map(
        (column): ColDef<TErrorRow> => ({
          colId: `column:${column}`,
          headerName:
            column === wholeRowKey
              ? LL.upload.wholeRow()
              : (headers.get(column) ?? importColumnLabel(fields, column, LL)),
          valueGetter: ({ data }) => data?.byColumn[column] ?? '',
          minWidth: 200,
          flex: 1,
          wrapText: true,
          autoHeight: true,
          cellClass: 'text-red-700 dark:text-red-300',
          cellStyle: { lineHeight: '1.4', paddingTop: '8px', paddingBottom: '8px' },
        }),
      ),
    ],
    [grid.columns, headers, fields, LL],
  );
  const few = grid.rows.length <= rowsShownWhole;
  return (
    <section
      aria-label={LL.upload.gridLabel()}
      className="mt-4 w-full"
      style={few ? undefined : { height: 520 }}
    >
      <AgGridReact<TErrorRow>
        theme={dark ? gridDarkTheme : gridTheme}
        rowData={grid.rows}
        columnDefs={columnDefs}
        defaultColDef={{ resizable: true, suppressMovable: true, sortable: false }}
        domLayout={few ? 'autoHeight' : 'normal'}
        getRowId={({ data }) => String(data.row)}
        suppressNoRowsOverlay
      />
    </section>
  );
};

export default DryRunGrid;
