/**
 * Dictionary sections only signed-in screens use. The client build leaves them out of the
 * dictionaries the sign-in page downloads (its 150 KB budget, issue 11) and ships them in two files
 * of their own:
 * - `signedInSections` (`src/i18n/signedInWords.ts`), loaded once a user is signed in: what the
 *   home page, the shell and the palette on every page show;
 * - `screenSections` (`src/i18n/screenWords.ts`), loaded when a screen other than the home page
 *   opens: the home page keeps its 250 KB budget as the product's words grow (issue 27).
 * A section is in one list at most; a section the home page, the top bar, the sidebar or the
 * palette reads belongs in the first.
 */
export const signedInSections = [
  // Every record area's words (issue 23): the home page's badges and work queue show them.
  'areas',
  'workQueue',
  // The backups' card and the administrators' home warning (issue 27).
  'backups',
  // the generic words of record pages and workflows (issue 23); the dashboard's cards read `record`
  'record',
  'workflow',
  // the reports' definitions (issue 24); the palette's report commands read them on every page
  'reports',
  // the searching place pickers (issue 25): only signed-in forms choose a place
  'lookup',
  // the home page's dashboard cards (issue 24): shown to a signed-in user only
  'dashboard',
  // the home page's own words (the signed-in user's start page)
  'home',
  // the command palette's words: the palette opens for a signed-in user only
  'palette',
  // the lists' own words (totals, paging, exports); the home page's queue and dashboard read some
  'list',
  // saved views (issue 26): the palette lists every view ('View: …') on every page
  'savedViews',
  // the bulk import (issue 25): the palette's 'Import children' on every page
  'upload',
  // the audit entries' words: the home page's recent changes and the timelines (issue 35 grew them)
  'audit',
  // what a workflow step needs first (the record pages' buttons and palette commands)
  'workflowNeeds',
] as const;

export const screenSections = [
  // the settings screen (general information, system settings)
  'generalInformation',
  // a document's upload check (a child's photo and documents)
  'uploadCheck',
  // the role screens, their permission names, user accounts, the system menus' admin
  'assignPermission',
  'permissionNames',
  'userAdmin',
  'systemMenuAdmin',
  // actions on a list's selected rows (issue 26)
  'bulk',
  // the printable report of one record (issue 24)
  'recordReport',
  // possible duplicates: the forms, the save's question, the review list and the merge (issue 35)
  'duplicateCheck',
  // the duplicate check (issue 35): the forms' possible duplicates, the review list, the setting
  'duplicates',
] as const;

/** Every section the sign-in page's dictionaries leave out. */
export const laterSections = [...signedInSections, ...screenSections] as const;
