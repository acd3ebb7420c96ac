/**
 * Dictionary sections only signed-in screens use (every record area's words, `areas`, issue 23;
 * the settings, permissions, user accounts). The client build leaves
 * them out of the dictionaries the sign-in page downloads and ships them in their own file
 * (`src/i18n/signedInWords.ts`), which the app loads once a user is signed in: the sign-in page
 * keeps its 150 KB budget (issue 11) as the product's words grow.
 */
export const signedInSections = [
  // Every record area's words (issue 23): only signed-in screens show a record.
  'areas',
  'workQueue',
  'generalInformation',
  // The backups' card and the administrators' warning (issue 27).
  'backups',
  'assignPermission',
  'userAdmin',
  // the generic words of record pages and workflows (issue 23): no screen before sign-in shows them
  'record',
  'workflow',
  // the reports' definitions (issue 24)
  'reports',
  // the printable report of one record (issue 24)
  'recordReport',
  // the bulk import screen (issue 25)
  'upload',
  // the searching place pickers (issue 25): only signed-in forms choose a place
  'lookup',
  // the home page's dashboard cards (issue 24): shown to a signed-in user only
  'dashboard',
  // the home page's own words (the signed-in user's start page)
  'home',
  // the command palette's words: the palette opens for a signed-in user only
  'palette',
  // actions on a list's selected rows (issue 26): lists are signed-in screens
  'bulk',
  // saved views and the column chooser of the lists (issue 26): lists are for signed-in users
  'savedViews',
  // the lists' own words (totals, paging, exports; issue 26 added estimates): no list before sign-in
  'list',
] as const;
