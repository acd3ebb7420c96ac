import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { permissionCatalogue } from '@/domain/permissionCatalogue';
import { developerOnlyPermission } from '@/domain/permissions';
import { isMenuGroup, sidebarMenu } from '@/domain/sidebarMenu';
import { localizedRoutePaths } from '@/platform/localePath';
import { routeTable } from './routeTable';

/** Spec section 2's routes (unprefixed) with the permission section 6 or the sidebar names for them. */
const specRoutes: [path: string, permission: string | undefined][] = [
  ['/', undefined],
  ['/can-adopt-child', 'adoptive_children:read'],
  ['/upload', undefined],
  ['/adoptive-matching', 'matchings:read'],
  ['/adoptive-matching/edit/7', 'matchings:update'],
  ['/adoptive-matching/matching/7', 'matchings:read'],
  ['/adoptive-matching/show/7', 'matchings:write'],
  // Issue 13: the new matching page is guarded by matchings:update (saving needs :write too).
  ['/adoptive-matching/create', 'matchings:update'],
  ['/adoptive-child/child', 'adoptive_children:read'],
  ['/adoptive-child/child/create', 'adoptive_children:update'],
  ['/adoptive-child/child/edit/7', 'adoptive_children:update'],
  ['/adoptive-child/child/show/7', 'adoptive_children:read'],
  ['/adoptive-parents/parents', 'adoptive_parents:read'],
  ['/adoptive-parents/parents/create', 'adoptive_parents:update'],
  ['/adoptive-parents/parents/edit/7', 'adoptive_parents:update'],
  ['/adoptive-parents/parents/show/7', 'adoptive_parents:read'],
  ['/service-after-adoption', 'post_adoption_services:read'],
  ['/service-after-adoption/create', 'post_adoption_services:update'],
  ['/service-after-adoption/edit', 'post_adoption_services:update'],
  ['/service-after-adoption/edit/7', 'post_adoption_services:update'],
  ['/service-after-adoption/show', 'post_adoption_services:read'],
  ['/service-after-adoption/show/7', 'post_adoption_services:read'],
  ['/reports/child', 'adopted_child_reports:read'],
  ['/reports/child/show', 'adoptive_children:read'],
  ['/reports/child/show/7', 'adoptive_children:read'],
  ['/reports/parents', 'adopted_child_reports:read'],
  ['/reports/parents/show/7', 'adoptive_parents:read'],
  ['/configuration/general-information', 'general_settings:read'],
  ['/configuration/head-office', 'head_offices:read'],
  ['/configuration/head-office/edit/7', 'head_offices:update'],
  ['/configuration/district', 'districts:read'],
  ['/configuration/district/edit/7', 'districts:update'],
  ['/configuration/commune/edit', 'communes:update'],
  ['/configuration/province/edit/7', undefined],
  ['/security/role', 'roles:read'],
  ['/security/role/edit/7', 'roles:write'],
  ['/security/user', 'users:read'],
  ['/security/user/edit', 'users:write'],
  ['/security/assign-permission', 'assign_permissions:read'],
  // Spec section 2: literal edit/edit, show/show and matching/matching paths carry permission checks.
  ['/adoptive-child/child/edit/edit', 'adoptive_children:update'],
  ['/adoptive-child/child/show/show', 'adoptive_children:read'],
  ['/adoptive-matching/matching/matching', 'matchings:read'],
];

const configurationPages = [
  'commune',
  'department',
  'district',
  'head-office',
  'language',
  'organization',
  'position',
  'province',
  'state',
  'village',
];

const entryFor = (pathname: string) =>
  routeTable.find((entry) => localizedRoutePaths(entry.path).some((path) => matchPath(path, pathname)));

describe('routeTable', () => {
  it.each(specRoutes)('%s is a route guarded by %s', (path, permission) => {
    const entry = entryFor(path);
    expect(entry, path).toBeDefined();
    expect(entry?.permission).toBe(permission);
    expect(entry?.guards).toContain('auth');
    if (permission) expect(entry?.guards).toContain('permission');
  });

  it.each(configurationPages)('configuration/%s has list, create and edit pages', (name) => {
    for (const suffix of ['', '/create', '/edit/3']) {
      expect(entryFor(`/configuration/${name}${suffix}`), `${name}${suffix}`).toBeDefined();
    }
  });

  it('answers every route in its three forms: unprefixed (Khmer), /kh and /en', () => {
    for (const path of ['/adoptive-child/child/show/7', '/security/role', '/']) {
      for (const prefix of ['', '/kh', '/en']) {
        expect(entryFor(`${prefix}${path}`.replace(/(.)\/$/, '$1')), `${prefix}${path}`).toBe(entryFor(path));
      }
    }
  });

  it('keeps signed-in users off /login and lets only the developer open system menus', () => {
    expect(entryFor('/login')?.guards).toEqual(['authenticated']);
    expect(entryFor('/en/security/system-menu')?.guards).toContain('developer');
  });

  it('uses only permissions the catalogue seeds, so role screens can grant every one', () => {
    const catalogue = new Set(permissionCatalogue.map((entry) => entry.name));
    const used = [
      ...routeTable.flatMap((entry) => (entry.permission ? [entry.permission] : [])),
      ...sidebarMenu.flatMap((item) => (isMenuGroup(item) ? item.children : [item])).map((e) => e.permission),
      'matchings:approve',
    ];
    expect(
      used.filter((permission) => permission !== developerOnlyPermission && !catalogue.has(permission)),
    ).toEqual([]);
  });
});
