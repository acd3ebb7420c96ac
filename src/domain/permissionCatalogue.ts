/**
 * Every `resource:action` permission the product uses, the one list the seed writes to the
 * permission catalogue (so the role screens show them all) and the server's routes refer to.
 */
export const permissionActions = ['read', 'write', 'update', 'delete'] as const;
export type TPermissionAction = (typeof permissionActions)[number] | 'approve' | 'share' | 'merge';

/** Resources in the order the assign-permission screen groups them, with their area. */
export const permissionResources = [
  // Issue 35: merging a duplicate into the record kept.
  { resource: 'adoptive_children', area: 'children', extra: ['merge'] },
  // Issue 35: approving an acceptance that fails the eligibility rules (four-eyes), merging duplicates.
  { resource: 'adoptive_parents', area: 'parents', extra: ['approve', 'merge'] },
  { resource: 'matchings', area: 'matching', extra: ['approve'] },
  { resource: 'post_adoption_services', area: 'services' },
  { resource: 'adopted_child_reports', area: 'reports' },
  { resource: 'users', area: 'security' },
  { resource: 'roles', area: 'security' },
  { resource: 'assign_permissions', area: 'security' },
  { resource: 'permissions', area: 'security' },
  { resource: 'groups', area: 'security' },
  { resource: 'system_settings', area: 'security' },
  // Who opened which record (DESIGN.md section 7): read only, the log is written by the server.
  { resource: 'audit_logs', area: 'security', actions: ['read'] },
  // Issue 27: opening a sealed child's origins (birthplace, birth family, origin documents) with a reason.
  { resource: 'sealed_records', area: 'security', actions: ['read'] },
  // Issue 26: sharing a list's saved view with every user of one's head office (saving one's own needs nothing).
  { resource: 'saved_views', area: 'security', actions: ['share'] },
  { resource: 'general_settings', area: 'configuration' },
  { resource: 'languages', area: 'configuration' },
  { resource: 'head_offices', area: 'configuration' },
  { resource: 'provinces', area: 'configuration' },
  { resource: 'states', area: 'configuration' },
  { resource: 'districts', area: 'configuration' },
  { resource: 'communes', area: 'configuration' },
  { resource: 'villages', area: 'configuration' },
  { resource: 'organizations', area: 'configuration' },
  { resource: 'departments', area: 'configuration' },
  { resource: 'positions', area: 'configuration' },
  { resource: 'reference_lists', area: 'configuration' },
  { resource: 'addresses', area: 'configuration' },
] as const satisfies readonly {
  resource: string;
  area: string;
  /** The actions when not read, write, update and delete. */
  actions?: readonly TPermissionAction[];
  extra?: readonly TPermissionAction[];
}[];

export type TPermissionResource = (typeof permissionResources)[number]['resource'];

export const permissionName = (resource: TPermissionResource, action: TPermissionAction): string =>
  `${resource}:${action}`;

export const permissionCatalogue: readonly {
  name: string;
  resource: string;
  action: string;
  area: string;
}[] = permissionResources.flatMap((entry) =>
  [...('actions' in entry ? entry.actions : permissionActions), ...('extra' in entry ? entry.extra : [])].map(
    (action) => ({
      name: permissionName(entry.resource, action),
      resource: entry.resource,
      action,
      area: entry.area,
    }),
  ),
);
