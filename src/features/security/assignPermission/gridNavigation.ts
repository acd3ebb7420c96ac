import { gridActions } from '@/domain/rolePermissionMapping';
import { columnIds, type TMatrix } from './permissionMatrix';

/**
 * Keyboard movement in the assign-permission grid (one tab stop, a roving tabindex): the grid is a
 * list of lines (each section's header line, then its resource rows), each line a list of stops
 * (its header checkbox, then one per existing permission). Empty cells are skipped.
 *
 * Stop keys: 'row' (a row's or a section's own checkbox), an action ('read'...'approve'), 'other'
 * (a section's header over the other actions) and 'other:{action}' (one of those in a row).
 */

export type TGridLine = {
  sectionIndex: number;
  /** -1 for the section's header line. */
  rowIndex: number;
  stops: string[];
};

export type TGridPosition = { line: number; stop: string };

export const otherStop = (action: string) => `other:${action}`;

export const buildLines = (matrix: TMatrix): TGridLine[] =>
  matrix.sections.flatMap((section, sectionIndex) => [
    {
      sectionIndex,
      rowIndex: -1,
      stops: ['row', ...matrix.columns.filter((column) => columnIds(section, column).length > 0)],
    },
    ...section.rows.map((row, rowIndex) => ({
      sectionIndex,
      rowIndex,
      stops: [
        'row',
        ...gridActions.filter((action) => row.cells[action]),
        ...row.others.map((cell) => otherStop(cell.action)),
      ],
    })),
  ]);

/** A stop's place across the columns, so up and down keep to the same column or the nearest one. */
const rankOf = (line: TGridLine, stop: string): number => {
  if (stop === 'row') return 0;
  const action = gridActions.indexOf(stop as (typeof gridActions)[number]);
  if (action >= 0) return 1 + action;
  const base = 1 + gridActions.length;
  if (stop === 'other') return base;
  return base + line.stops.filter((candidate) => candidate.startsWith('other:')).indexOf(stop);
};

const nearestStop = (target: TGridLine, rank: number): string =>
  target.stops.reduce((best, stop) =>
    Math.abs(rankOf(target, stop) - rank) < Math.abs(rankOf(target, best) - rank) ? stop : best,
  );

const toLine = (lines: TGridLine[], from: TGridPosition, lineIndex: number): TGridPosition => {
  const index = Math.max(0, Math.min(lines.length - 1, lineIndex));
  const target = lines[index];
  const source = lines[from.line];
  const stop = target.stops.includes(from.stop) ? from.stop : nearestStop(target, rankOf(source, from.stop));
  return { line: index, stop };
};

/** The first position of the grid (top-left). */
export const firstPosition = (lines: TGridLine[]): TGridPosition | null =>
  lines.length > 0 ? { line: 0, stop: lines[0].stops[0] } : null;

/** The position kept when the grid changes under it, or the first one when it no longer exists. */
export const validPosition = (lines: TGridLine[], position: TGridPosition | null): TGridPosition | null =>
  position && lines[position.line]?.stops.includes(position.stop) ? position : firstPosition(lines);

/**
 * Where a key moves the focus, or null when the key is not a movement: arrows, Home/End (the
 * line's ends; with Ctrl the grid's), PageUp/PageDown (the previous or next section's header).
 */
export const moveFocus = (
  lines: TGridLine[],
  from: TGridPosition,
  key: string,
  ctrlKey = false,
): TGridPosition | null => {
  const line = lines[from.line];
  if (!line) return firstPosition(lines);
  const index = line.stops.indexOf(from.stop);
  switch (key) {
    case 'ArrowRight':
      return { line: from.line, stop: line.stops[Math.min(line.stops.length - 1, index + 1)] };
    case 'ArrowLeft':
      return { line: from.line, stop: line.stops[Math.max(0, index - 1)] };
    case 'ArrowDown':
      return toLine(lines, from, from.line + 1);
    case 'ArrowUp':
      return toLine(lines, from, from.line - 1);
    case 'Home':
      return ctrlKey ? (firstPosition(lines) ?? from) : { line: from.line, stop: line.stops[0] };
    case 'End': {
      if (!ctrlKey) return { line: from.line, stop: line.stops[line.stops.length - 1] };
      const last = lines.length - 1;
      return { line: last, stop: lines[last].stops[lines[last].stops.length - 1] };
    }
    case 'PageDown': {
      const next = lines.findIndex((candidate, at) => at > from.line && candidate.rowIndex === -1);
      return toLine(lines, from, next === -1 ? lines.length - 1 : next);
    }
    case 'PageUp': {
      const headers = lines
        .map((candidate, at) => (candidate.rowIndex === -1 && at < from.line ? at : -1))
        .filter((at) => at >= 0);
      return toLine(lines, from, headers.length > 0 ? headers[headers.length - 1] : 0);
    }
    default:
      return null;
  }
};

/** The DOM key of a stop (`data-grid-stop`). */
export const stopKey = (position: TGridPosition) => `${position.line}:${position.stop}`;
