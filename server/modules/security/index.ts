import { roleBindings } from '../../resources/roleBindings';
import { systemMenuBindings } from '../../resources/systemMenuBinding';
import { userBindings } from '../../resources/userBinding';
import { rolePermissionRoutes } from '../../routes/rolePermissions';
import { systemMenuRoutes } from '../../routes/systemMenus';
import { userProfileRoutes } from '../../routes/userProfile';
import type { TServerModule } from '../module';
import { auditBinding } from './auditBinding';

/** Roles, permissions, groups, users and system menus, with their own calls (issue 4); the audit log (issue 12). */
export const securityModule: TServerModule = {
  name: 'security',
  resources: [...roleBindings, ...userBindings, ...systemMenuBindings, auditBinding],
  routes: [rolePermissionRoutes, userProfileRoutes, systemMenuRoutes],
};
