/** The new matching and edit pages need `matchings:update` (issue 13); saving a new one also `:write`. */
export const matchingPagePermission = 'matchings:update';
