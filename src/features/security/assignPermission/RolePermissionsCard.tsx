import { AppLink } from '@/components/AppLink';
import { Icon } from '@/components/Icon';
import type { TRecordContext } from '@/components/resource/resourceArea';
import { secondaryButton } from '@/components/ui';
import { hasPermission, superAdminRoleName } from '@/domain/permissions';
import { useI18nContext } from '@/i18n/i18n-react';
import { useSession } from '@/platform/session';
import { useLocalizedPath } from '@/platform/useRouteLocale';

/** The assign-permission screen with this role chosen (`?role={id}`), unprefixed. */
export const assignPermissionPath = (roleId: number) => `/security/assign-permission?role=${roleId}`;

/** Under a role's edit form: how many permissions it holds, and a way to change them. */
export const RolePermissionsCard = ({ record }: TRecordContext) => {
  const { LL } = useI18nContext();
  const words = LL.assignPermission;
  const { user } = useSession();
  const localized = useLocalizedPath();
  const count = Number(record.permissionCount ?? 0);
  const superAdmin = record.roleName === superAdminRoleName;
  return (
    <section
      aria-labelledby="role-permissions-title"
      className="mt-6 flex flex-wrap items-center gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <Icon name="key" className="size-6 shrink-0 text-primary-700 dark:text-primary-300" />
      <div className="min-w-0 flex-1">
        <h2 id="role-permissions-title" className="font-semibold text-lg text-slate-900 dark:text-slate-50">
          {words.cardTitle()}
        </h2>
        <p className="text-slate-600 text-sm dark:text-slate-300">
          {superAdmin ? words.cardAll() : words.cardCount({ count })}
        </p>
      </div>
      {hasPermission(user, 'assign_permissions:read') ? (
        <AppLink to={localized(assignPermissionPath(record.id))} className={secondaryButton}>
          {words.cardLink()}
          <Icon name="arrowRight" className="size-4" />
        </AppLink>
      ) : null}
    </section>
  );
};
