import { gridActions, type TCataloguePermission } from '@/domain/rolePermissionMapping';

/**
 * The assign-permission grid as data (pure, unit-tested beside it): the catalogue gathered into one
 * section per group, one row per resource, a column per action (read, write, update, delete,
 * approve; any other action in an 'Other' column), and the toggles of a cell, a row, a column, a
 * section and everything over a set of chosen permission ids.
 */

export type TGridAction = (typeof gridActions)[number];
/** A column of the grid: one of the five actions, or 'other' (every action outside them). */
export type TColumnKey = TGridAction | 'other';

export type TMatrixCell = { id: number; name: string; action: string };

export type TMatrixRow = {
  resource: string;
  cells: Partial<Record<TGridAction, TMatrixCell>>;
  /** Actions outside the five, by the catalogue's order. */
  others: TMatrixCell[];
};

export type TMatrixSection = {
  /** The group's id as text, or 'ungrouped'. */
  key: string;
  group: TCataloguePermission['group'];
  rows: TMatrixRow[];
};

export type TMatrix = {
  sections: TMatrixSection[];
  /** The five actions, plus 'other' when some permission's action is none of them. */
  columns: TColumnKey[];
  allIds: number[];
};

const isGridAction = (action: string): action is TGridAction =>
  (gridActions as readonly string[]).includes(action);

/** Sections and rows in the order the catalogue comes (the server's: group, resource, action). */
export const buildMatrix = (catalogue: readonly TCataloguePermission[]): TMatrix => {
  const sections: TMatrixSection[] = [];
  const sectionByKey = new Map<string, TMatrixSection>();
  const rowByKey = new Map<string, TMatrixRow>();
  let hasOthers = false;
  for (const permission of catalogue) {
    const sectionKey = permission.group ? String(permission.group.id) : 'ungrouped';
    let section = sectionByKey.get(sectionKey);
    if (!section) {
      section = { key: sectionKey, group: permission.group, rows: [] };
      sectionByKey.set(sectionKey, section);
      sections.push(section);
    }
    const rowKey = `${sectionKey}/${permission.resource}`;
    let row = rowByKey.get(rowKey);
    if (!row) {
      row = { resource: permission.resource, cells: {}, others: [] };
      rowByKey.set(rowKey, row);
      section.rows.push(row);
    }
    const cell = { id: permission.id, name: permission.name, action: permission.action };
    if (isGridAction(permission.action) && !row.cells[permission.action]) row.cells[permission.action] = cell;
    else {
      row.others.push(cell);
      hasOthers = true;
    }
  }
  return {
    sections,
    columns: hasOthers ? [...gridActions, 'other'] : [...gridActions],
    allIds: catalogue.map((permission) => permission.id),
  };
};

export const rowIds = (row: TMatrixRow): number[] => [
  ...gridActions.flatMap((action) => (row.cells[action] ? [row.cells[action].id] : [])),
  ...row.others.map((cell) => cell.id),
];

/** The ids of one column of a section ('other': every action outside the five). */
export const columnIds = (section: TMatrixSection, column: TColumnKey): number[] =>
  section.rows.flatMap((row) =>
    column === 'other' ? row.others.map((cell) => cell.id) : row.cells[column] ? [row.cells[column].id] : [],
  );

export const sectionIds = (section: TMatrixSection): number[] => section.rows.flatMap(rowIds);

export type TCheckState = 'checked' | 'unchecked' | 'mixed';

/** Whether all, none or some of `ids` are chosen (no ids: unchecked). */
export const checkState = (ids: readonly number[], selected: ReadonlySet<number>): TCheckState => {
  const held = ids.filter((id) => selected.has(id)).length;
  if (held === 0) return 'unchecked';
  return held === ids.length ? 'checked' : 'mixed';
};

/**
 * A row, column, section or everything toggled: all chosen when not all were, else none. `locked`
 * ids (ones the user may not grant) are left as they are.
 */
export const toggleIds = (
  selected: ReadonlySet<number>,
  ids: readonly number[],
  locked: ReadonlySet<number> = new Set(),
): Set<number> => {
  const free = ids.filter((id) => !locked.has(id));
  const next = new Set(selected);
  if (checkState(free, selected) === 'checked') for (const id of free) next.delete(id);
  else for (const id of free) next.add(id);
  return next;
};

/**
 * The permissions the user may not tick (`notGrantable` names, e.g. from `permissionsBeyond`): every
 * such one the role does not hold already. One the role holds stays free: it may be taken away and
 * put back, since that grants nothing new.
 */
export const lockedIds = (matrix: TMatrix, notGrantable: readonly string[], saved: ReadonlySet<number>) => {
  const names = new Set(notGrantable);
  const locked = new Set<number>();
  for (const section of matrix.sections) {
    for (const row of section.rows) {
      for (const cell of [...Object.values(row.cells), ...row.others]) {
        if (cell && names.has(cell.name) && !saved.has(cell.id)) locked.add(cell.id);
      }
    }
  }
  return locked;
};

/** How many permissions differ between the saved set and the chosen one. */
export const changeCount = (saved: ReadonlySet<number>, selected: ReadonlySet<number>): number => {
  let count = 0;
  for (const id of selected) if (!saved.has(id)) count += 1;
  for (const id of saved) if (!selected.has(id)) count += 1;
  return count;
};

/** The chosen set restricted to permissions that exist (a stale id from another tab drops out). */
export const knownIds = (ids: readonly number[], matrix: TMatrix): Set<number> => {
  const known = new Set(matrix.allIds);
  return new Set(ids.filter((id) => known.has(id)));
};
