import {
  ColumnApiModule,
  ColumnAutoSizeModule,
  InfiniteRowModelModule,
  type Module,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
} from 'ag-grid-community';

/**
 * Only what the lists use: the server-fed row model (pages and 'all' are blocks of it), the column
 * state (sort), columns sized to their content, scrolling a focused row into view and selecting rows.
 * Moving and resizing columns with the mouse come with the grid's core (issue 26: kept in the address).
 * Each one is used as the list first shows (issue 38 measured them: the core is 148 KB brotli of
 * the grid's 161, these 13, the selection's 6 of them).
 */
export const gridModules: Module[] = [
  InfiniteRowModelModule,
  RowSelectionModule,
  // The rows the keyboard selects: the next one (Shift+Up/Down), the page's (Ctrl+A).
  RowApiModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  ScrollApiModule,
  RowStyleModule,
];
