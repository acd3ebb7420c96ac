import { hasPermission, isSuperUser } from '@/domain/permissions';
import { permissionFor } from '@/domain/resource';
import { userResource } from '@/domain/resources/user';
import type { TResourceRow } from '@/platform/api/resources';
import { useSession } from '@/platform/session';

/**
 * What the signed-in user may do to the account on screen, as the server decides it: change it with
 * `users:write`; not deactivate their own (nor set its password here); a super user's account (admin, developer, a Super Admin)
 * only as a super user (server/modules/security/userBinding.ts).
 */
export const useAccountPowers = (record: TResourceRow | null | undefined) => {
  const { user } = useSession();
  if (!record || !user) return { own: false, locked: false, canToggle: false, canSetPassword: false };
  const canWrite = hasPermission(user, permissionFor(userResource, 'update'));
  const own = record.id === user.id;
  const target = {
    username: String(record.username ?? ''),
    roles: record.role ? [record.role as { roleName: string }] : [],
    permissions: [],
  };
  const locked = !isSuperUser(user) && isSuperUser(target);
  return {
    own,
    locked,
    canToggle: canWrite && !own && !locked,
    // Their own password a person changes in 'My profile', with the current one.
    canSetPassword: canWrite && !locked && !own,
  };
};
