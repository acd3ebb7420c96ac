import { colorSchemeDark, themeQuartz } from 'ag-grid-community';

export const gridRowHeight = 40;
export const gridHeaderHeight = 42;

/** The look of every AG Grid of the app (lists, the import's dry run). */
export const gridTheme = themeQuartz.withParams({
  fontFamily: 'inherit',
  headerFontWeight: 600,
  accentColor: '#1e3a8a',
  rowHeight: gridRowHeight,
  headerHeight: gridHeaderHeight,
});
// The page's slate tones, so the grid does not sit grey on blue-black.
export const gridDarkTheme = gridTheme.withPart(colorSchemeDark).withParams({
  backgroundColor: '#0f172a',
  headerBackgroundColor: '#1e293b',
  borderColor: '#334155',
  foregroundColor: '#e2e8f0',
});
