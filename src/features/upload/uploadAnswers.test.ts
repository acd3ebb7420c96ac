import { describe, expect, it } from 'vitest';
import {
  errorGrid,
  mayCommit,
  planRows,
  scorePercent,
  type TRowError,
  wholeRowKey,
  ZDryRun,
} from './uploadAnswers';

describe('the dry run as the grid shows it', () => {
  it('groups errors by workbook row in row order, columns in first-seen order with the whole row first', () => {
    const grid = errorGrid([
      { row: 9, column: 'Date of birth', message: 'Date of birth is not a date.' },
      { row: 4, column: 'Province', message: 'Province is unknown.' },
      { row: 9, column: null, message: 'This record belongs to another office.' },
      { row: 4, column: 'Date of birth', message: 'Date of birth is required.' },
    ]);
    expect(grid.columns).toEqual([wholeRowKey, 'Date of birth', 'Province']);
    expect(grid.rows.map((line) => line.row)).toEqual([4, 9]);
    expect(grid.rows[0].byColumn).toEqual({
      Province: 'Province is unknown.',
      'Date of birth': 'Date of birth is required.',
    });
    expect(grid.rows[1].byColumn[wholeRowKey]).toBe('This record belongs to another office.');
  });

  it('keeps both messages of one cell', () => {
    const grid = errorGrid([
      { row: 2, column: 'Name', message: 'Name is required.' },
      { row: 2, column: 'Name', message: 'Name is too long.' },
    ]);
    expect(grid.rows[0].byColumn.Name).toBe('Name is required. Name is too long.');
  });

  it('lets the import go ahead only when every row of a non-empty workbook is valid and something would be written', () => {
    const counts = { create: 0, update: 0, unchanged: 0, duplicate: 0 };
    const checked = (
      rows: number,
      valid: number,
      plan: Partial<typeof counts>,
      errors: TRowError[] = [],
    ) => ({
      token: 't',
      rows,
      valid,
      errors,
      plan: [],
      counts: { ...counts, ...plan },
    });
    expect(mayCommit(checked(50, 50, { create: 48, update: 2 }))).toBe(true);
    expect(mayCommit(checked(50, 45, { create: 45 }, [{ row: 3, column: 'Sex', message: 'x' }]))).toBe(false);
    expect(mayCommit(checked(0, 0, {}))).toBe(false);
    // A re-import: nothing to create or change; possible duplicates only when some are chosen.
    expect(mayCommit(checked(50, 50, { unchanged: 50 }))).toBe(false);
    expect(mayCommit(checked(2, 2, { unchanged: 1, duplicate: 1 }))).toBe(false);
    expect(mayCommit(checked(2, 2, { unchanged: 1, duplicate: 1 }), 1)).toBe(true);
  });

  it('filters the plan by action, in the sheet order', () => {
    const plan = [
      { row: 2, action: 'create' as const },
      { row: 3, action: 'duplicate' as const, sameAsRow: 2 },
      { row: 4, action: 'create' as const },
    ];
    expect(planRows(plan, 'all').map((entry) => entry.row)).toEqual([2, 3, 4]);
    expect(planRows(plan, 'create').map((entry) => entry.row)).toEqual([2, 4]);
    expect(planRows(plan, 'update')).toEqual([]);
    expect(scorePercent(0.874)).toBe(87);
  });

  it('refuses an answer that is not the contract', () => {
    expect(ZDryRun.safeParse({ token: 't', rows: '50', valid: 50, errors: [] }).success).toBe(false);
  });
});
