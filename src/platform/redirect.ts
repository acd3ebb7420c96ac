/**
 * The `redirect` query of the login page: kept only when it is a path on this site (spec section 5:
 * 'A redirect path must start with a slash'). Protocol-relative ('//host') and backslash tricks are
 * refused, so the login page can never send a user to another site.
 */
export const sanitizeRedirect = (value: string | null | undefined): string | null => {
  if (typeof value !== 'string' || value.length === 0) return null;
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  return value;
};
