import type { TRouteLocale } from '../../src/domain/locale';
import type { TTranslatable } from '../../src/domain/translatable';
import type { TranslationFunctions } from '../../src/i18n/i18n-types';

/** One column of an export: its heading, its cell (a selection key of the binding's row, worded). */
export type TExportColumn = {
  /** A key of the binding's selection: what the export reads of each row. */
  key: string;
  heading: (t: TranslationFunctions) => string;
  /** The cell from the row's value (default: the value itself, '' for none); `row` holds `reads` too. */
  value?: (
    value: unknown,
    t: TranslationFunctions,
    locale: TRouteLocale,
    row: Record<string, unknown>,
  ) => unknown;
  /** Other selection keys the cell is worded from (an audit entry's action by its record type). */
  reads?: readonly string[];
  /** A calendar day (yyyy-mm-dd): a date cell in the workbook, shown dd-mm-yyyy. */
  date?: boolean;
  /** Width in the workbook, in characters. */
  width: number;
};

/** How a resource's list is exported (`GET {apiBase}/export?format=xlsx|csv`). */
export type TExportBinding = {
  /** The file's name before the day: `children` -> `children-2026-11-24.xlsx`. */
  filename: string;
  sheetTitle: TTranslatable;
  columns: readonly TExportColumn[];
};
