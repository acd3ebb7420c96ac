/** A notification badge's text (spec section 9): the count, or `99+` when it takes more than two characters. */
export const badgeCount = (count: number): string => (count > 99 ? '99+' : String(count));
