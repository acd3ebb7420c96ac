/** Children's create and edit pages are guarded by `:update` (spec section 6), not `:write`. */
export const childPagePermission = 'adoptive_children:update';
/** So are parent applications' (spec section 6: `adoptive_parents:update`). */
export const parentPagePermission = 'adoptive_parents:update';
