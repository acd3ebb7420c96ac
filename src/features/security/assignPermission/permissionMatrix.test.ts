import { describe, expect, it } from 'vitest';
import type { TCataloguePermission } from '@/domain/rolePermissionMapping';
import { buildLines, moveFocus, validPosition } from './gridNavigation';
import {
  buildMatrix,
  changeCount,
  checkState,
  columnIds,
  knownIds,
  lockedIds,
  rowIds,
  sectionIds,
  toggleIds,
} from './permissionMatrix';

const children = { id: 1, code: 'children', name: { kh: 'កុមារ', en: 'Children' } };
const security = { id: 6, code: 'security', name: { kh: 'សុវត្ថិភាព', en: 'Security' } };

let nextId = 0;
const permission = (name: string, group: TCataloguePermission['group']): TCataloguePermission => {
  nextId += 1;
  const [resource, action] = name.split(':');
  return { id: nextId, name, resource, action, area: group?.code ?? 'custom', group };
};

/** A small catalogue in the server's order: two groups, a custom action, an ungrouped permission. */
const catalogue = [
  permission('adoptive_children:read', children),
  permission('adoptive_children:write', children),
  permission('adoptive_children:update', children),
  permission('adoptive_children:delete', children),
  permission('matchings:read', children),
  permission('matchings:approve', children),
  permission('users:read', security),
  permission('users:write', security),
  permission('users:export', security),
  permission('users:print', security),
  permission('roles:read', security),
  permission('zz_custom:read', null),
];
const id = (name: string) => catalogue.find((entry) => entry.name === name)?.id as number;
const ids = (...names: string[]) => names.map(id);

describe('buildMatrix', () => {
  const matrix = buildMatrix(catalogue);

  it('makes one section per group in catalogue order, ungrouped last, one row per resource', () => {
    expect(matrix.sections.map((section) => section.key)).toEqual(['1', '6', 'ungrouped']);
    expect(matrix.sections.map((section) => section.rows.map((row) => row.resource))).toEqual([
      ['adoptive_children', 'matchings'],
      ['users', 'roles'],
      ['zz_custom'],
    ]);
    expect(matrix.sections[2].group).toBeNull();
    expect(matrix.allIds).toEqual(catalogue.map((entry) => entry.id));
  });

  it('puts the five actions in their columns, leaves missing ones empty, and others in Other', () => {
    expect(matrix.columns).toEqual(['read', 'write', 'update', 'delete', 'approve', 'other']);
    const [childRow, matchingRow] = matrix.sections[0].rows;
    expect(Object.keys(childRow.cells)).toEqual(['read', 'write', 'update', 'delete']);
    expect(childRow.cells.approve).toBeUndefined();
    expect(matchingRow.cells.approve?.name).toBe('matchings:approve');
    expect(matrix.sections[1].rows[0].others.map((cell) => cell.name)).toEqual([
      'users:export',
      'users:print',
    ]);
  });

  it('has no Other column when every action is one of the five', () => {
    expect(buildMatrix(catalogue.filter((entry) => !/export|print/.test(entry.name))).columns).toEqual([
      'read',
      'write',
      'update',
      'delete',
      'approve',
    ]);
  });

  it('answers the ids of a row, a column of a section and a section', () => {
    const [first, second] = matrix.sections;
    expect(rowIds(first.rows[1])).toEqual(ids('matchings:read', 'matchings:approve'));
    expect(rowIds(second.rows[0])).toEqual(ids('users:read', 'users:write', 'users:export', 'users:print'));
    expect(columnIds(first, 'read')).toEqual(ids('adoptive_children:read', 'matchings:read'));
    expect(columnIds(first, 'approve')).toEqual(ids('matchings:approve'));
    expect(columnIds(first, 'other')).toEqual([]);
    expect(columnIds(second, 'other')).toEqual(ids('users:export', 'users:print'));
    expect(sectionIds(first)).toHaveLength(6);
  });
});

describe('toggling', () => {
  const matrix = buildMatrix(catalogue);
  const [first] = matrix.sections;

  it('tells whether all, some or none of a set are chosen', () => {
    const readColumn = columnIds(first, 'read');
    expect(checkState(readColumn, new Set())).toBe('unchecked');
    expect(checkState(readColumn, new Set([id('matchings:read')]))).toBe('mixed');
    expect(checkState(readColumn, new Set(readColumn))).toBe('checked');
    expect(checkState([], new Set([1]))).toBe('unchecked');
  });

  it('chooses the whole row or column when not all of it was chosen, else none of it', () => {
    const row = rowIds(first.rows[0]);
    const some = new Set([id('adoptive_children:read'), id('users:read')]);
    const all = toggleIds(some, row);
    expect([...all].sort((a, b) => a - b)).toEqual([...row, id('users:read')].sort((a, b) => a - b));
    const none = toggleIds(all, row);
    expect([...none]).toEqual([id('users:read')]);
    // The input is never changed.
    expect(some.size).toBe(2);

    const column = columnIds(first, 'read');
    expect(checkState(column, toggleIds(new Set(), column))).toBe('checked');
    expect(toggleIds(toggleIds(new Set(), matrix.allIds), matrix.allIds).size).toBe(0);
  });

  it('counts the permissions that differ from the saved set', () => {
    const saved = new Set(ids('users:read', 'roles:read'));
    expect(changeCount(saved, new Set(saved))).toBe(0);
    expect(changeCount(saved, new Set(ids('users:read', 'users:write')))).toBe(2);
    expect(changeCount(saved, new Set())).toBe(2);
  });

  it('drops ids the catalogue does not know', () => {
    expect([...knownIds([id('users:read'), 999], matrix)]).toEqual([id('users:read')]);
  });
});

describe('keyboard movement', () => {
  const matrix = buildMatrix(catalogue);
  const lines = buildLines(matrix);

  it('lists a header line per section and a line per resource, skipping empty cells', () => {
    expect(lines.map((line) => [line.sectionIndex, line.rowIndex])).toEqual([
      [0, -1],
      [0, 0],
      [0, 1],
      [1, -1],
      [1, 0],
      [1, 1],
      [2, -1],
      [2, 0],
    ]);
    expect(lines[0].stops).toEqual(['row', 'read', 'write', 'update', 'delete', 'approve']);
    expect(lines[2].stops).toEqual(['row', 'read', 'approve']);
    expect(lines[3].stops).toEqual(['row', 'read', 'write', 'other']);
    expect(lines[4].stops).toEqual(['row', 'read', 'write', 'other:export', 'other:print']);
  });

  it('moves left and right within a line, stopping at its ends', () => {
    expect(moveFocus(lines, { line: 1, stop: 'row' }, 'ArrowRight')).toEqual({ line: 1, stop: 'read' });
    expect(moveFocus(lines, { line: 1, stop: 'delete' }, 'ArrowRight')).toEqual({ line: 1, stop: 'delete' });
    expect(moveFocus(lines, { line: 1, stop: 'row' }, 'ArrowLeft')).toEqual({ line: 1, stop: 'row' });
    expect(moveFocus(lines, { line: 2, stop: 'approve' }, 'ArrowLeft')).toEqual({ line: 2, stop: 'read' });
  });

  it('moves up and down in the same column, or the nearest one where that cell is empty', () => {
    expect(moveFocus(lines, { line: 1, stop: 'read' }, 'ArrowDown')).toEqual({ line: 2, stop: 'read' });
    // matchings has no update: the nearest column is taken (read before approve on a tie).
    expect(moveFocus(lines, { line: 1, stop: 'update' }, 'ArrowDown')).toEqual({ line: 2, stop: 'read' });
    expect(moveFocus(lines, { line: 1, stop: 'delete' }, 'ArrowDown')).toEqual({ line: 2, stop: 'approve' });
    // Across sections: from a row into the next section's header line.
    expect(moveFocus(lines, { line: 2, stop: 'read' }, 'ArrowDown')).toEqual({ line: 3, stop: 'read' });
    expect(moveFocus(lines, { line: 3, stop: 'other' }, 'ArrowDown')).toEqual({
      line: 4,
      stop: 'other:export',
    });
    expect(moveFocus(lines, { line: 4, stop: 'other:print' }, 'ArrowUp')).toEqual({ line: 3, stop: 'other' });
    expect(moveFocus(lines, { line: 0, stop: 'read' }, 'ArrowUp')).toEqual({ line: 0, stop: 'read' });
    expect(moveFocus(lines, { line: 7, stop: 'read' }, 'ArrowDown')).toEqual({ line: 7, stop: 'read' });
  });

  it('goes to the ends with Home and End, to the grid ends with Ctrl, by section with PageUp/Down', () => {
    expect(moveFocus(lines, { line: 4, stop: 'write' }, 'Home')).toEqual({ line: 4, stop: 'row' });
    expect(moveFocus(lines, { line: 4, stop: 'write' }, 'End')).toEqual({ line: 4, stop: 'other:print' });
    expect(moveFocus(lines, { line: 4, stop: 'write' }, 'Home', true)).toEqual({ line: 0, stop: 'row' });
    expect(moveFocus(lines, { line: 1, stop: 'write' }, 'End', true)).toEqual({ line: 7, stop: 'read' });
    expect(moveFocus(lines, { line: 1, stop: 'read' }, 'PageDown')).toEqual({ line: 3, stop: 'read' });
    expect(moveFocus(lines, { line: 4, stop: 'read' }, 'PageUp')).toEqual({ line: 3, stop: 'read' });
    expect(moveFocus(lines, { line: 3, stop: 'read' }, 'PageUp')).toEqual({ line: 0, stop: 'read' });
    expect(moveFocus(lines, { line: 1, stop: 'read' }, 'Tab')).toBeNull();
  });

  it('keeps a position that still exists, else starts at the top-left', () => {
    expect(validPosition(lines, { line: 4, stop: 'other:print' })).toEqual({ line: 4, stop: 'other:print' });
    expect(validPosition(lines, { line: 2, stop: 'update' })).toEqual({ line: 0, stop: 'row' });
    expect(validPosition(lines, null)).toEqual({ line: 0, stop: 'row' });
    expect(validPosition([], null)).toBeNull();
  });
});

describe('permissions the user may not grant (issue 10)', () => {
  const matrix = buildMatrix(catalogue);
  const notGrantable = ['users:write', 'users:export', 'roles:read'];

  it('locks those the role does not hold yet; one it holds stays free to take away and put back', () => {
    const saved = new Set(ids('users:export'));
    expect([...lockedIds(matrix, notGrantable, saved)].sort()).toEqual(
      ids('users:write', 'roles:read').sort(),
    );
  });

  it('leaves locked ones as they are when a row, column or everything is toggled', () => {
    const locked = lockedIds(matrix, notGrantable, new Set());
    const usersRow = rowIds(matrix.sections[1].rows[0]);
    const ticked = toggleIds(new Set(), usersRow, locked);
    expect([...ticked].sort()).toEqual(ids('users:read', 'users:print').sort());
    // Toggled again: the free ones all go, the locked ones were never there.
    expect([...toggleIds(ticked, usersRow, locked)]).toEqual([]);
    const everything = toggleIds(new Set(), matrix.allIds, locked);
    for (const name of notGrantable) expect(everything.has(id(name))).toBe(false);
    expect(everything.size).toBe(catalogue.length - notGrantable.length);
  });
});
