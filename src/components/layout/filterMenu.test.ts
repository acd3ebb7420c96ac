import { describe, expect, it } from 'vitest';
import { isMenuGroup, sidebarMenu, type TMenuItem } from '@/domain/sidebarMenu';
import { filterMenu, isEntryActive } from './filterMenu';

const user = (permissions: string[], username = 'clerk') => ({
  username,
  roles: [{ roleName: 'Clerk' }],
  permissions,
});

const shape = (items: TMenuItem[]) =>
  items.map((item) =>
    isMenuGroup(item) ? { [item.key]: item.children.map((child) => child.key) } : item.key,
  );

describe('filterMenu (spec section 2 sidebar)', () => {
  it('shows a user with only adoptive_children:read that single entry', () => {
    expect(shape(filterMenu(sidebarMenu, user(['adoptive_children:read'])))).toEqual(['child']);
  });

  it('shows a group only with its permitted children', () => {
    expect(shape(filterMenu(sidebarMenu, user(['roles:read', 'positions:read'])))).toEqual([
      { security: ['role'] },
      { configuration: ['position'] },
    ]);
  });

  it('shows nothing to a visitor who is not signed in', () => {
    expect(filterMenu(sidebarMenu, null)).toEqual([]);
  });

  it('shows everything to the admin user', () => {
    expect(shape(filterMenu(sidebarMenu, user([], 'admin')))).toEqual(shape(sidebarMenu));
  });

  it('does not show the configuration pages that have no menu entry', () => {
    const keys = JSON.stringify(shape(filterMenu(sidebarMenu, user([], 'admin'))));
    for (const hidden of ['commune', 'language', 'province', 'state', 'village'])
      expect(keys).not.toContain(`"${hidden}"`);
  });
});

describe('isEntryActive', () => {
  it('marks an entry active on its page and the pages below it only', () => {
    const entry = { to: '/reports/child' };
    expect(isEntryActive(entry, '/reports/child')).toBe(true);
    expect(isEntryActive(entry, '/reports/child/show/4')).toBe(true);
    expect(isEntryActive(entry, '/reports/children')).toBe(false);
    expect(isEntryActive(entry, '/reports/parents')).toBe(false);
  });
});
