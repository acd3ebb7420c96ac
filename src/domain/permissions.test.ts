import { describe, expect, it } from 'vitest';
import {
  hasPermission,
  mayChangeRolePermissions,
  permissionsBeyond,
  type TPermissionSubject,
} from './permissions';

const user = (
  username: string,
  permissions: string[] = [],
  roleNames: string[] = ['Caseworker'],
): TPermissionSubject => ({
  username,
  roles: roleNames.map((roleName) => ({ roleName })),
  permissions,
});

const admin = user('admin');
const developer = user('developer');
const superAdminHolder = user('sokha', [], ['Caseworker', 'Super Admin']);
const caseworker = user('dara', ['users:read', 'adoptive_children:read']);

describe('hasPermission (spec section 6)', () => {
  it.each<[string, TPermissionSubject | null | undefined, string, boolean]>([
    ['nobody signed in (null) holds nothing', null, 'users:read', false],
    ['nobody signed in (undefined) holds nothing', undefined, 'users:read', false],
    ['admin passes every check', admin, 'roles:write', true],
    ['admin passes a permission nobody lists', admin, 'anything:delete', true],
    ['developer passes every check', developer, 'matchings:approve', true],
    ['a Super Admin role holder passes every check', superAdminHolder, 'users:write', true],
    ['for_developer passes for developer', developer, 'for_developer', true],
    ['for_developer fails for admin', admin, 'for_developer', false],
    ['for_developer fails for a Super Admin role holder', superAdminHolder, 'for_developer', false],
    ['for_developer fails for an ordinary user', caseworker, 'for_developer', false],
    [
      'for_developer fails even when listed for an ordinary user',
      user('dara', ['for_developer']),
      'for_developer',
      false,
    ],
    ['super_user passes for admin', admin, 'super_user', true],
    ['super_user passes for a Super Admin role holder', superAdminHolder, 'super_user', true],
    [
      'super_user fails even when listed for an ordinary user',
      user('dara', ['super_user']),
      'super_user',
      false,
    ],
    ['an ordinary user passes an exact string held', caseworker, 'users:read', true],
    ['an ordinary user fails a string not held', caseworker, 'users:write', false],
    ['a prefix is not enough', caseworker, 'users:rea', false],
    ['a longer string is not enough', caseworker, 'users:read_all', false],
    ['the resource alone is not enough', caseworker, 'users', false],
    ['permissions are case sensitive', caseworker, 'Users:Read', false],
    ['the Super Admin role name is case sensitive', user('dara', [], ['super admin']), 'users:write', false],
    ['the username admin is case sensitive', user('Admin'), 'users:write', false],
    ['the username developer is case sensitive', user('Developer'), 'for_developer', false],
    ['an ordinary user with no permissions holds nothing', user('dara'), 'users:read', false],
  ])('%s', (_case, subject, permission, expected) => {
    expect(hasPermission(subject, permission)).toBe(expected);
  });
});

describe('who may grant what (issue 10)', () => {
  const delegate: TPermissionSubject = {
    username: 'dara',
    roles: [{ id: 7, roleName: 'Delegate' }],
    permissions: ['assign_permissions:write', 'users:read'],
  };

  it('names the permissions an ordinary user does not hold; a super user may grant every one', () => {
    expect(permissionsBeyond(delegate, ['users:read', 'users:write', 'for_developer'])).toEqual([
      'users:write',
      'for_developer',
    ]);
    expect(permissionsBeyond(admin, ['users:write', 'roles:delete'])).toEqual([]);
    expect(permissionsBeyond(superAdminHolder, ['users:write'])).toEqual([]);
    expect(permissionsBeyond(null, ['users:read'])).toEqual(['users:read']);
  });

  it('lets only a super user change the permissions of a role they hold', () => {
    expect(mayChangeRolePermissions(delegate, 7)).toBe(false);
    expect(mayChangeRolePermissions(delegate, 8)).toBe(true);
    expect(mayChangeRolePermissions({ ...admin, roles: [{ id: 1, roleName: 'Super Admin' }] }, 1)).toBe(true);
    expect(mayChangeRolePermissions(null, 8)).toBe(false);
  });
});
