import { backupHealth } from '@/domain/backupHealth';
import type { TBackupSummary } from '@/domain/backups';
import { formatInstant } from '@/domain/dateFormat';
import type { TranslationFunctions } from '@/i18n/i18n-types';

/** What the screens warn about the backups, in words; undefined when all is well. */
export const backupWarningText = (
  LL: TranslationFunctions,
  backups: readonly TBackupSummary[],
  now = Date.now(),
): string | undefined => {
  const { warning } = backupHealth(backups, now);
  if (warning === 'failed') return LL.backups.failed();
  if (warning === 'stale') return LL.backups.stale();
  if (warning === 'none') return LL.backups.noneWarning();
  return undefined;
};

export const lastDoneText = (LL: TranslationFunctions, backups: readonly TBackupSummary[]) => {
  const { lastDone } = backupHealth(backups, Date.now());
  return lastDone ? LL.backups.lastDone({ when: formatInstant(lastDone.startedAt) }) : LL.backups.never();
};

export const byText = (LL: TranslationFunctions, by: string) =>
  by === 'schedule' ? LL.backups.bySchedule() : by === 'script' ? LL.backups.byScript() : by;

export const sizeText = (bytes: number | undefined) =>
  bytes === undefined ? '' : `${(bytes / 1_000_000).toFixed(1)} MB`;

/**
 * When a backup was started, as its download button names it ('Download backup of 29-11-2026
 * 06:24'): to the minute, with the seconds when another backup in the list started the same minute,
 * so that no two buttons share a name.
 */
export const startedText = (startedAt: string, backups: readonly Pick<TBackupSummary, 'startedAt'>[]) => {
  const minute = formatInstant(startedAt);
  const twins = backups.filter((backup) => formatInstant(backup.startedAt) === minute).length;
  if (twins < 2) return minute;
  const seconds = new Date(startedAt).getUTCSeconds();
  return Number.isNaN(seconds) ? minute : `${minute}:${String(seconds).padStart(2, '0')}`;
};
