/**
 * Dictionary sections only signed-in screens use (matching, issue 13; services after adoption, issue
 * 14; the settings, permissions, user accounts, a child's family and documents). The client build leaves
 * them out of the dictionaries the sign-in page downloads and ships them in their own file
 * (`src/i18n/signedInWords.ts`), which the app loads once a user is signed in: the sign-in page
 * keeps its 150 KB budget (issue 11) as the product's words grow.
 */
export const signedInSections = [
  'matching',
  'compatibility',
  'workQueue',
  'generalInformation',
  'assignPermission',
  'userAdmin',
  'childFamily',
  'childDocuments',
  'service',
  'serviceStatus',
  // the generic words of record pages and workflows (issue 23): no screen before sign-in shows them
  'record',
  'workflow',
] as const;
