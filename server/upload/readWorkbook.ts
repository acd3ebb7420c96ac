import { Readable } from 'node:stream';
import { cellText, isBlankRow } from '../../src/domain/importCells';
import { ApiError } from '../errors';
import { workbookMaxRows } from './workbookFile';

/** A formula cell saved without its value: nothing to take, and it is never evaluated here. */
export const formulaWithoutValue = Symbol('formulaWithoutValue');
export type TCell = string | number | boolean | Date | null | typeof formulaWithoutValue;

/** One data row: its number in the sheet (as Excel shows it) and its cells by column index (0-based). */
export type TSheetRow = { row: number; cells: TCell[] };

export type TDataSheet = {
  /** The header row's texts by column index, as the workbook has them. */
  headers: string[];
  /** The field each column holds, by column index (undefined: a column the import does not know). */
  fields: (string | undefined)[];
  rows: TSheetRow[];
};

/** What exceljs reads from a cell, as a plain value: rich text joined, a formula's saved result, a link's text. */
const plainCell = (value: unknown): TCell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>;
    if (Array.isArray(cell.richText))
      return (cell.richText as { text?: string }[]).map((part) => part.text ?? '').join('');
    if ('formula' in cell || 'sharedFormula' in cell) {
      // Values taken, never evaluated: a formula without its cached result has nothing to give.
      if (cell.result === undefined || cell.result === null) return formulaWithoutValue;
      if (typeof cell.result === 'object' && !(cell.result instanceof Date)) return null;
      return plainCell(cell.result);
    }
    if ('text' in cell) return plainCell(cell.text);
    if ('error' in cell) return null;
  }
  return null;
};

/** The fewest known headers that make a sheet the data sheet (a reference sheet has at most one). */
const minimumKnownHeaders = 3;

/**
 * Reads the data sheet of a checked workbook as a stream (exceljs WorkbookReader: memory stays
 * bounded by the rows kept, at most `workbookMaxRows`): the first sheet whose first non-blank row
 * names at least three of the import's columns (a sheet the user added, the template's reference
 * sheets, are passed over). Blank rows are skipped; their numbers are kept, so messages name the
 * row Excel shows.
 */
export const readDataSheet = async (
  bytes: Buffer,
  fieldOfHeader: (header: string) => string | undefined,
): Promise<TDataSheet | null> => {
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let found: TDataSheet | null = null;
  for await (const worksheet of reader) {
    if (found) {
      // The rest of the workbook is read through (the stream must end), not kept.
      for await (const _row of worksheet) void _row;
      continue;
    }
    let sheet: TDataSheet | null = null;
    let passed = false;
    for await (const row of worksheet) {
      if (passed) continue;
      const values = (row.values as unknown[]).slice(1).map(plainCell);
      if (!sheet) {
        if (isBlankRow(values)) continue;
        const headers = values.map((value) => (value === formulaWithoutValue ? '' : cellText(value)));
        const fields = headers.map((header) => (header ? fieldOfHeader(header) : undefined));
        if (fields.filter(Boolean).length < minimumKnownHeaders) {
          passed = true;
          continue;
        }
        sheet = { headers, fields, rows: [] };
        continue;
      }
      if (isBlankRow(values)) continue;
      if (sheet.rows.length >= workbookMaxRows)
        throw new ApiError(400, 'importTooManyRows', { max: workbookMaxRows });
      sheet.rows.push({ row: row.number, cells: values });
    }
    if (sheet) found = sheet;
  }
  return found;
};
