import type { TAreaDefinition } from './areas/area';
import { childArea } from './areas/child.area';
import { matchingArea } from './areas/matching.area';
import { parentArea } from './areas/parent.area';
import { serviceArea } from './areas/service.area';
import { developerOnlyPermission } from './permissions';
import type { TResourceDefinition } from './resource';

/** Where a described resource's screens live and which permissions open them. */
export type TResourceAddress = Pick<
  TResourceDefinition,
  'name' | 'permission' | 'permissions' | 'editPermission' | 'readOnly'
> & {
  routeBase: string;
};

/** A record area's resource address: its name, permission and route base; its edit page has a permission. */
export const areaAddress = <const A extends TAreaDefinition>(
  area: A,
): { name: A['name']; permission: A['permission']; routeBase: A['routeBase']; editPermission: true } => ({
  name: area.name,
  permission: area.permission,
  routeBase: area.routeBase,
  editPermission: true,
});

/**
 * The address of every resource that has screens, each resource's description spreads its own
 * (src/domain/resources). Apart from the descriptions because the route table, which every page
 * loads, needs only these: the descriptions carry their zod schemas, and the sign-in page need not
 * download zod (issue 11).
 */
export const resourceAddresses = {
  // The record areas' addresses are their descriptions' (src/domain/areas).
  child: areaAddress(childArea),
  parent: areaAddress(parentArea),
  matching: areaAddress(matchingArea),
  service: areaAddress(serviceArea),
  // Spec section 6: 'province edit lists none'.
  province: {
    name: 'province',
    permission: 'provinces',
    routeBase: '/configuration/province',
    editPermission: false,
  },
  state: { name: 'state', permission: 'states', routeBase: '/configuration/state', editPermission: true },
  district: {
    name: 'district',
    permission: 'districts',
    routeBase: '/configuration/district',
    editPermission: true,
  },
  commune: {
    name: 'commune',
    permission: 'communes',
    routeBase: '/configuration/commune',
    editPermission: true,
  },
  village: {
    name: 'village',
    permission: 'villages',
    routeBase: '/configuration/village',
    editPermission: true,
  },
  organization: {
    name: 'organization',
    permission: 'organizations',
    routeBase: '/configuration/organization',
    editPermission: true,
  },
  department: {
    name: 'department',
    permission: 'departments',
    routeBase: '/configuration/department',
    editPermission: true,
  },
  position: {
    name: 'position',
    permission: 'positions',
    routeBase: '/configuration/position',
    editPermission: true,
  },
  headOffice: {
    name: 'headOffice',
    permission: 'head_offices',
    routeBase: '/configuration/head-office',
    editPermission: true,
  },
  language: {
    name: 'language',
    permission: 'languages',
    routeBase: '/configuration/language',
    editPermission: true,
  },
  // The spec guards role and user edit pages with `:write`: one permission lets a record be changed.
  role: {
    name: 'role',
    permission: 'roles',
    routeBase: '/security/role',
    permissions: { update: 'roles:write' },
    editPermission: true,
  },
  user: {
    name: 'user',
    permission: 'users',
    routeBase: '/security/user',
    permissions: { update: 'users:write' },
    editPermission: true,
  },
  // The audit log (DESIGN.md section 7): read, filtered, never written by a person.
  auditEntry: {
    name: 'auditEntry',
    permission: 'audit_logs',
    routeBase: '/security/audit',
    editPermission: false,
    readOnly: true,
  },
  // System menus are not in the permission catalogue: every action is the developer's.
  systemMenu: {
    name: 'systemMenu',
    permission: 'system_menus',
    routeBase: '/security/system-menu',
    permissions: {
      read: developerOnlyPermission,
      write: developerOnlyPermission,
      update: developerOnlyPermission,
      delete: developerOnlyPermission,
    },
    editPermission: true,
  },
} as const satisfies Record<string, TResourceAddress>;

export type TResourceAddressName = keyof typeof resourceAddresses;
