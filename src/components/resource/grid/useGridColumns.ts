import type { ColDef } from 'ag-grid-community';
import { useMemo, useRef } from 'react';
import type { TSortOrder } from '@/domain/listQuery';
import type { TRouteLocale } from '@/domain/locale';
import type { TResourceDefinition } from '@/domain/resource';
import { arrangeColumns, type TColumnSetting } from '@/domain/savedViews';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TResourceRow } from '@/platform/api/resources';
import { columnText } from '../columnText';
import { badgeCell, expiryCell, markCell, photoCell } from './cellRenderers';
import { columnMaxWidth, columnMinWidth, mainColumnMinWidth } from './gridLayout';

type TGridColumnsInput = {
  definition: TResourceDefinition;
  /** The columns as arranged in the address (order, hidden, widths); empty: as described. */
  columnSettings: readonly TColumnSetting[];
  /** The sort of the view the grid opens with. */
  sort: string | null;
  order: TSortOrder;
  locale: TRouteLocale;
  labelOf: (key: string) => string;
  optionLabel: (key: string, value: string) => string;
};

/**
 * The grid's columns from the resource description and the address's arrangement: their words,
 * widths and cells, and which of them are sized to their content (`sizedColumns`).
 */
export const useGridColumns = ({
  definition,
  columnSettings,
  sort,
  order,
  locale,
  labelOf,
  optionLabel,
}: TGridColumnsInput) => {
  const { LL } = useI18nContext();
  // The sort the grid starts with; later the address is applied by useViewSort. A `sort` in the
  // column definitions would be re-applied on every render and could undo a click made before
  // the address caught up with the previous one (and fetched each sorted page twice).
  const initialSort = useRef({ sort, order }).current;
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
        if (column.kind === 'photo')
          return { ...base, valueGetter: () => '', cellRenderer: photoCell(column) };
        if (column.kind === 'date' && column.expires)
          return { ...base, cellRenderer: expiryCell(column, column.expires) };
        if (column.mark) return { ...base, cellRenderer: markCell(column, column.mark, optionLabel) };
        if (column.kind === 'badge') return { ...base, cellRenderer: badgeCell(column) };
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
  return { columnDefs, sizedColumns };
};
