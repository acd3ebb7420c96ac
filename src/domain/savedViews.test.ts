import { describe, expect, it } from 'vitest';
import { arrangeColumns, parseColumnsParam, shownColumnIds } from './savedViews';

const known = ['photo', 'code', 'name', 'sex', 'status'];

describe('the columns an address shows (issue 26: the grid and its export alike)', () => {
  it('puts the named columns first in their order, the others after in the list’s, hidden ones out', () => {
    expect(shownColumnIds('status:140,-name,code', known)).toEqual(['status', 'code', 'photo', 'sex']);
    // The grid's own arrangement of the same address, hidden ones dropped.
    const grid = arrangeColumns(parseColumnsParam('status:140,-name,code', known), known)
      .filter((setting) => !setting.hidden)
      .map((setting) => setting.id);
    expect(shownColumnIds('status:140,-name,code', known)).toEqual(grid);
  });

  it('shows the list’s own columns for no address, and ignores widths and unknown ids', () => {
    expect(shownColumnIds(null, known)).toEqual(known);
    expect(shownColumnIds('', known)).toEqual(known);
    expect(shownColumnIds('secret,sex:90', known)).toEqual(['sex', 'photo', 'code', 'name', 'status']);
  });

  it('keeps an extra column only where the address names it', () => {
    expect(shownColumnIds('code,dateOfBirth', known, ['dateOfBirth', 'code'])).toEqual([
      'code',
      'dateOfBirth',
      'photo',
      'name',
      'sex',
      'status',
    ]);
    expect(shownColumnIds('code', known, ['dateOfBirth'])).toEqual([
      'code',
      'photo',
      'name',
      'sex',
      'status',
    ]);
    expect(shownColumnIds('-dateOfBirth,code', known, ['dateOfBirth'])).not.toContain('dateOfBirth');
  });
});
