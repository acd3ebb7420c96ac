import { type ReactNode, useCallback } from 'react';
import { AppLink } from '@/components/AppLink';
import { hasPermission } from '@/domain/permissions';
import { localizedPath } from '@/platform/localePath';
import { useSession } from '@/platform/session';
import { useRouteLocale } from '@/platform/useRouteLocale';

/**
 * A related record named on a page (a matching's child, a service's family): a link to its page
 * for a user who may read it, plain text for one who may not (its page would answer 403).
 */
export const useRecordLink = () => {
  const locale = useRouteLocale();
  const { user } = useSession();
  return useCallback(
    (permission: string, path: string, label: string): ReactNode =>
      hasPermission(user, permission) ? (
        <AppLink
          to={localizedPath(locale, path)}
          // Underlined: a link among text is told by more than its colour (axe link-in-text-block).
          className="text-primary-700 underline decoration-primary-300 underline-offset-2 hover:decoration-primary-700 dark:text-primary-300 dark:decoration-primary-700 dark:hover:decoration-primary-300"
        >
          {label}
        </AppLink>
      ) : (
        <span>{label}</span>
      ),
    [locale, user],
  );
};
