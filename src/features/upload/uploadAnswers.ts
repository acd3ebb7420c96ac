import { z } from 'zod';

/**
 * The answers of the import API (issue 25), read through zod: a screen that misreads an answer says
 * so instead of drawing a wrong count.
 */
export const ZRowError = z.object({
  /** The workbook's row number, as Excel shows it. */
  row: z.number().int(),
  /** The column the error is about (its header); none for an error about the whole row. */
  column: z.string().nullish(),
  message: z.string(),
});
export type TRowError = z.infer<typeof ZRowError>;

export const ZDryRun = z.object({
  token: z.string().min(1),
  rows: z.number().int().nonnegative(),
  valid: z.number().int().nonnegative(),
  errors: z.array(ZRowError),
});
export type TDryRun = z.infer<typeof ZDryRun>;

export const ZCommitResult = z.object({
  created: z.array(z.string()),
  updated: z.array(z.string()),
  unchanged: z.number().int().nonnegative(),
});
export type TCommitResult = z.infer<typeof ZCommitResult>;

/** One line of the dry run's grid: a workbook row and its messages by column ('' = the whole row). */
export type TErrorRow = { row: number; byColumn: Record<string, string> };

/** The key of an error about the whole row. */
export const wholeRowKey = '';

/**
 * The errors grouped by workbook row, in row order, with the columns that have any, in the order
 * they first appear (the whole row's first): the grid's lines and columns. Two messages on one cell
 * are joined, so none is lost.
 */
export const errorGrid = (errors: readonly TRowError[]): { rows: TErrorRow[]; columns: string[] } => {
  const byRow = new Map<number, TErrorRow>();
  const columns: string[] = [];
  for (const error of errors) {
    const column = error.column?.trim() || wholeRowKey;
    if (!columns.includes(column)) columns.push(column);
    const line = byRow.get(error.row) ?? { row: error.row, byColumn: {} };
    byRow.set(error.row, line);
    const before = line.byColumn[column];
    line.byColumn[column] = before ? `${before} ${error.message}` : error.message;
  }
  columns.sort((a, b) => (a === wholeRowKey ? -1 : b === wholeRowKey ? 1 : 0));
  return { rows: [...byRow.values()].sort((a, b) => a.row - b.row), columns };
};

/** Rows with at least one error (a row counts once however many errors it has). */
export const invalidRowCount = (dryRun: TDryRun): number => dryRun.rows - dryRun.valid;

/** All or nothing (issue 25): the import may go ahead only when there are rows and every one is valid. */
export const mayCommit = (dryRun: TDryRun): boolean =>
  dryRun.rows > 0 && dryRun.valid === dryRun.rows && dryRun.errors.length === 0;
