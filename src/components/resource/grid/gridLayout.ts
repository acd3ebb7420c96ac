import { gridHeaderHeight, gridRowHeight } from '../gridTheme';

/** Width limits of a column sized to its content: a long value is cut there (and shown whole on hover and focus). */
export const columnMinWidth = 64;
export const columnMaxWidth = 360;
/** The main column never gets narrower than this, however wide the others. */
export const mainColumnMinWidth = 180;
/** Room under the rows for the horizontal scrollbar a narrow window or wide columns show. */
const horizontalScrollRoom = 18;

/**
 * The height of a grid showing `rows` rows whole: header, rows, scrollbar room, borders. AG Grid's
 * own 'autoHeight' layout leaves the scrollbar inside the rows' height with the infinite row model,
 * cutting the last row; a computed height in the normal layout does not.
 */
export const gridHeightFor = (rows: number) =>
  gridHeaderHeight + Math.max(rows, 1) * gridRowHeight + horizontalScrollRoom + 2;
