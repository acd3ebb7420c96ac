import { roleBindings } from '../../resources/roleBindings';
import { systemMenuBindings } from '../../resources/systemMenuBinding';
import { userBindings } from '../../resources/userBinding';
import { rolePermissionRoutes } from '../../routes/rolePermissions';
import { systemMenuRoutes } from '../../routes/systemMenus';
import { userProfileRoutes } from '../../routes/userProfile';
import type { TServerModule } from '../module';

/** Roles, permissions, groups, users and system menus, with their own calls (issue 4). */
export const securityModule: TServerModule = {
  name: 'security',
  resources: [...roleBindings, ...userBindings, ...systemMenuBindings],
  routes: [rolePermissionRoutes, userProfileRoutes, systemMenuRoutes],
};
