import type { TClientResource } from '@/components/resource/resourceArea';
import { superAdminRoleName } from '@/domain/permissions';
import { roleResource } from '@/domain/resources/role';
import { pageRouteOf } from '../resourcePageRoutes';
import { RolePermissionsCard } from './assignPermission/RolePermissionsCard';
import { useRoleRecordActions } from './assignPermission/useRoleRecordActions';

/**
 * The role screens (`/security/role`), driven by the role's description; a role's edit page shows
 * its permission count and leads to the assign-permission screen (card and palette command).
 */
export const roleClientResource: TClientResource = {
  definition: roleResource,
  ...pageRouteOf('role'),
  recordSearch: true,
  // The Super Admin role is never deleted (the server answers 409).
  deletable: (record) => record.roleName !== superAdminRoleName,
  EditExtras: RolePermissionsCard,
  useRecordActions: useRoleRecordActions,
};
