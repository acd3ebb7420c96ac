import { Readable } from 'node:stream';
import { cellText, isBlankRow } from '../../src/domain/importCells';
import { ApiError } from '../errors';
import {
  type TCheckedWorkbook,
  tooMuchText,
  workbookMaxRows,
  workbookMaxTextBytes,
  workbookParts,
} from './workbookFile';

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

/** A cell as a dry run keeps it for the errors workbook: as typed (a date stays a date, a number a number). */
export type TStoredCell = string | number | boolean | null | { date: string };

export const storedCell = (cell: TCell): TStoredCell =>
  cell === formulaWithoutValue ? null : cell instanceof Date ? { date: cell.toISOString() } : cell;

/**
 * Reads the data sheet of a checked workbook as a stream (exceljs WorkbookReader: memory stays
 * bounded by the rows kept, at most `workbookMaxRows`): the first sheet whose first non-blank row
 * names at least three of the import's columns (a sheet the user added, the template's reference
 * sheets, are passed over). Blank rows are skipped; their numbers are kept, so messages name the
 * row Excel shows.
 *
 * The reader is given the archive `workbookParts` makes of the checked parts (issue 35), never the
 * file as sent: it parses what was checked, counted as it unpacks, and nothing on disk. A count
 * past its limit ends the read at once with its refusal (the reader, waiting for bytes that will
 * not come, is dropped with its stream).
 */
export const readDataSheet = async (
  checked: TCheckedWorkbook,
  fieldOfHeader: (header: string) => string | undefined,
  /** The most text (characters) the rows kept may hold: the tests make it small. */
  maxText = workbookMaxTextBytes,
): Promise<TDataSheet | null> => {
  const { default: ExcelJS } = await import('exceljs');
  const source = Readable.from(workbookParts(checked), { objectMode: false });
  let stop: (error: unknown) => void = () => {};
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = reject;
  });
  source.on('error', (error) => stop(error));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  // A workbook without shared strings (or without relations) is still read sheet by sheet as its
  // sheets come: exceljs would otherwise set them aside in temporary files until the end.
  const state = reader as unknown as { sharedStrings?: unknown[]; workbookRels?: unknown[] };
  const names = new Set(checked.parts.map((part) => part.name));
  if (!names.has('xl/sharedStrings.xml')) state.sharedStrings = [];
  if (!names.has('xl/_rels/workbook.xml.rels')) state.workbookRels = [];
  try {
    return await Promise.race([firstDataSheet(reader, fieldOfHeader, maxText), stopped]);
  } finally {
    source.destroy();
  }
};

const firstDataSheet = async (
  reader: AsyncIterable<AsyncIterable<{ values: unknown; number: number }>>,
  fieldOfHeader: (header: string) => string | undefined,
  maxText: number,
): Promise<TDataSheet | null> => {
  let found: TDataSheet | null = null;
  let kept = 0;
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
      // The rows kept are bounded by their text too (a few rows of huge cells), not only by their number.
      for (const value of values) if (typeof value === 'string') kept += value.length;
      if (kept > maxText) throw tooMuchText();
      sheet.rows.push({ row: row.number, cells: values });
    }
    if (sheet) found = sheet;
  }
  return found;
};
