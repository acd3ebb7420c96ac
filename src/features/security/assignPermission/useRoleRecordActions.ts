import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { TCommand } from '@/components/palette/commandRegistry';
import type { TRecordContext } from '@/components/resource/resourceArea';
import { hasPermission } from '@/domain/permissions';
import { useI18nContext } from '@/i18n/i18n-react';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';
import { assignPermissionPath } from './RolePermissionsCard';

/** On a role's edit page: 'Assign permissions to this role' (for holders of assign_permissions:read). */
export const useRoleRecordActions = (context: TRecordContext | null): { commands: TCommand[] } => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const navigate = useNavigate();
  const locale = useRouteLocale();
  const roleId = context?.record.id;
  const allowed = hasPermission(user, 'assign_permissions:read');
  const commands = useMemo<TCommand[]>(
    () =>
      roleId !== undefined && allowed
        ? [
            {
              id: 'assign-permissions-to-role',
              title: LL.assignPermission.assignCommand(),
              group: LL.palette.actions(),
              icon: 'key',
              keywords: [LL.assignPermission.title(), LL.resources.permission.many()],
              perform: () => navigate(localizedPath(locale, assignPermissionPath(roleId))),
            },
          ]
        : [],
    [roleId, allowed, LL, navigate, locale],
  );
  return { commands };
};
