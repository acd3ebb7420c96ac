import { hasPermission, type TPermissionSubject } from '@/domain/permissions';
import { isMenuGroup, type TMenuEntry, type TMenuItem } from '@/domain/sidebarMenu';

/**
 * The sidebar a user sees (spec section 2): only entries they may read; a group only when at least
 * one of its entries is permitted, listing only those.
 */
export const filterMenu = (
  menu: readonly TMenuItem[],
  user: TPermissionSubject | null | undefined,
): TMenuItem[] =>
  menu.flatMap((item): TMenuItem[] => {
    if (!isMenuGroup(item)) return hasPermission(user, item.permission) ? [item] : [];
    const children = item.children.filter((child) => hasPermission(user, child.permission));
    return children.length > 0 ? [{ ...item, children }] : [];
  });

/** A menu entry is active on its own page and on the pages below it (create, edit, show). */
export const isEntryActive = (entry: Pick<TMenuEntry, 'to'>, unprefixedPath: string): boolean =>
  unprefixedPath === entry.to || unprefixedPath.startsWith(`${entry.to}/`);
