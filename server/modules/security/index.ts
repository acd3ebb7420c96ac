import type { TServerModule } from '../module';
import { auditBinding } from './auditBinding';
import { roleBindings } from './roleBindings';
import { rolePermissionRoutes } from './rolePermissionRoutes';
import { systemMenuBindings } from './systemMenuBinding';
import { systemMenuRoutes } from './systemMenuRoutes';
import { userBindings } from './userBinding';
import { userProfileRoutes } from './userProfileRoutes';

/** Roles, permissions, groups, users and system menus, with their own calls (issue 4); the audit log (issue 12). */
export const securityModule: TServerModule = {
  name: 'security',
  resources: [...roleBindings, ...userBindings, ...systemMenuBindings, auditBinding],
  routes: [rolePermissionRoutes, userProfileRoutes, systemMenuRoutes],
};
