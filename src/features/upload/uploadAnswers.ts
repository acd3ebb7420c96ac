import { z } from 'zod';
import {
  type TImportAction,
  type TImportCounts,
  type TImportPlanEntry,
  ZImportCounts,
  ZImportPlanEntry,
} from '@/domain/importPlan';

/**
 * The answers of the import API (issue 25), read through zod: a screen that misreads an answer says
 * so instead of drawing a wrong count.
 */
export const ZRowError = z.object({
  /** The workbook's row number, as Excel shows it. */
  row: z.number().int(),
  /** The column the error is about (its header); none for an error about the whole row. */
  column: z.string().nullish(),
  /** The column's header as the workbook reads (issue 35). */
  header: z.string().nullish(),
  message: z.string(),
});
export type TRowError = z.infer<typeof ZRowError>;

export const ZDryRun = z.object({
  token: z.string().min(1),
  rows: z.number().int().nonnegative(),
  valid: z.number().int().nonnegative(),
  errors: z.array(ZRowError),
  /** What the commit will do with each valid row (issue 35). */
  plan: z.array(ZImportPlanEntry),
  counts: ZImportCounts,
});
export type TDryRun = z.infer<typeof ZDryRun>;

export const ZCommitResult = z.object({
  created: z.array(z.string()),
  updated: z.array(z.string()),
  unchanged: z.number().int().nonnegative(),
  /** The rows skipped as possible duplicates. */
  skipped: z.array(z.number().int()).default([]),
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

/** How many records the commit writes: the rows to create or change, and the duplicates chosen. */
export const writeCount = (counts: TImportCounts, chosen: number): number =>
  counts.create + counts.update + chosen;

/**
 * All or nothing (issue 25): the import may go ahead only when there are rows, every one is valid,
 * and it would write something (issue 35: a re-import with nothing to do offers no Import).
 */
export const mayCommit = (dryRun: TDryRun, chosen = 0): boolean =>
  allRowsValid(dryRun) && writeCount(dryRun.counts, chosen) > 0;

/** Rows there are, and none has an error. */
export const allRowsValid = (dryRun: TDryRun): boolean =>
  dryRun.rows > 0 && dryRun.valid === dryRun.rows && dryRun.errors.length === 0;

/** The plan's filter: every row, or those of one action. */
export type TPlanFilter = 'all' | TImportAction;

/** The plan's rows a filter keeps, in the sheet's order. */
export const planRows = (plan: readonly TImportPlanEntry[], filter: TPlanFilter): TImportPlanEntry[] =>
  filter === 'all' ? [...plan] : plan.filter((entry) => entry.action === filter);

/** A match's score as a whole percentage (0.874 → 87). */
export const scorePercent = (score: number): number => Math.round(Math.min(1, Math.max(0, score)) * 100);
