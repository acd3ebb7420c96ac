import { describe, expect, it } from 'vitest';
import { errorGrid, mayCommit, wholeRowKey, ZDryRun } from './uploadAnswers';

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

  it('lets the import go ahead only when every row of a non-empty workbook is valid', () => {
    expect(mayCommit({ token: 't', rows: 50, valid: 50, errors: [] })).toBe(true);
    expect(
      mayCommit({ token: 't', rows: 50, valid: 45, errors: [{ row: 3, column: 'Sex', message: 'x' }] }),
    ).toBe(false);
    expect(mayCommit({ token: 't', rows: 0, valid: 0, errors: [] })).toBe(false);
  });

  it('refuses an answer that is not the contract', () => {
    expect(ZDryRun.safeParse({ token: 't', rows: '50', valid: 50, errors: [] }).success).toBe(false);
  });
});
