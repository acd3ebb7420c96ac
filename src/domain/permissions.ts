/** The single permission check of spec section 6, used by the client and the server. */
export type TPermissionSubject = {
  username: string;
  roles: { roleName: string }[];
  permissions: readonly string[];
};

export const superAdminRoleName = 'Super Admin';
export const adminUsername = 'admin';
export const developerUsername = 'developer';
export const developerOnlyPermission = 'for_developer';

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
  if (isSuperUser(user)) return true;
  return user.permissions.includes(permission);
};
