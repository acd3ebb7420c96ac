import { useEffect, useState } from 'react';
import { AppLink } from '@/components/AppLink';
import { Icon } from '@/components/Icon';
import { isSuperUser } from '@/domain/permissions';
import { useI18nContext } from '@/i18n/i18n-react';
import { useSession } from '@/platform/session';
import { useLocalizedPath } from '@/platform/useRouteLocale';
import { fetchBackups } from './backupsApi';
import { backupWarningText } from './backupWords';

/**
 * The administrators' home: one line when the last successful backup is over two days old, the last
 * one failed, or none was ever made, with a link to the backups card (issue 27). Nothing otherwise.
 */
export const BackupWarning = () => {
  const { LL } = useI18nContext();
  const { user } = useSession();
  const superUser = isSuperUser(user);
  const localized = useLocalizedPath();
  const [warning, setWarning] = useState<string | undefined>();
  useEffect(() => {
    if (!superUser) return;
    let current = true;
    fetchBackups()
      .then((backups) => current && setWarning(backupWarningText(LL, backups)))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [superUser, LL]);
  if (!warning) return null;
  return (
    <p
      role="status"
      data-testid="backup-warning"
      className="mt-4 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <Icon name="alert" className="size-4 shrink-0" />
      <span>{LL.backups.homeWarning({ problem: warning })}</span>
      <AppLink
        to={localized('/configuration/general-information#backups')}
        className="font-semibold underline"
      >
        {LL.backups.openSettings()}
      </AppLink>
    </p>
  );
};
