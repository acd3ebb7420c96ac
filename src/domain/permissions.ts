/** The single permission check of spec section 6, used by the client and the server. */
export type TPermissionSubject = {
  username: string;
  roles: { id?: number; roleName: string }[];
  permissions: readonly string[];
};

export const superAdminRoleName = 'Super Admin';
export const adminUsername = 'admin';
export const developerUsername = 'developer';
export const developerOnlyPermission = 'for_developer';
/**
 * Passes only for super users (admin, developer, the Super Admin role): the backups, which hold
 * every record (issue 27). No role can be given it: it is not in the catalogue.
 */
export const superUserOnlyPermission = 'super_user';

export const isDeveloper = (user: TPermissionSubject | null | undefined): boolean =>
  user?.username === developerUsername;

/** `admin`, `developer` and holders of the Super Admin role pass every ordinary check. */
export const isSuperUser = (user: TPermissionSubject | null | undefined): boolean =>
  !!user &&
  (user.username === adminUsername ||
    user.username === developerUsername ||
    user.roles.some((role) => role.roleName === superAdminRoleName));

export const hasPermission = (user: TPermissionSubject | null | undefined, permission: string): boolean => {
  if (!user) return false;
  if (permission === developerOnlyPermission) return isDeveloper(user);
  if (permission === superUserOnlyPermission) return isSuperUser(user);
  if (isSuperUser(user)) return true;
  return user.permissions.includes(permission);
};

/**
 * Of `permissions`, those `user` may not hand to anyone (a role's set, a user's role): nobody but a
 * super user grants a permission they do not pass themselves.
 */
export const permissionsBeyond = (
  user: TPermissionSubject | null | undefined,
  permissions: readonly string[],
): string[] =>
  isSuperUser(user) ? [] : permissions.filter((permission) => !hasPermission(user, permission));

/** Nobody but a super user changes the permissions of a role they hold (they would raise their own). */
export const mayChangeRolePermissions = (
  user: TPermissionSubject | null | undefined,
  roleId: number,
): boolean => !!user && (isSuperUser(user) || !user.roles.some((role) => role.id === roleId));
