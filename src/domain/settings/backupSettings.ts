import { defineSettingsSection, numberSetting } from './settingsSection';

/**
 * When the server makes its daily backup (the hour, server local time; 02:00 by default) and how
 * many days the archives in BACKUP_DIR are kept (14 by default; the newest successful one is
 * never removed). Issue 27, docs/operations.md.
 */
export const backupSettings = defineSettingsSection({
  name: 'backups',
  settings: {
    backupHour: numberSetting(2, {
      order: 200,
      min: 0,
      max: 23,
      label: (LL) => LL.backups.hourLabel(),
      hint: (LL) => LL.backups.hourHint(),
      shown: (_LL, hour) => `${String(hour).padStart(2, '0')}:00`,
    }),
    backupKeepDays: numberSetting(14, {
      order: 210,
      min: 1,
      max: 365,
      label: (LL) => LL.backups.keepDaysLabel(),
      hint: (LL) => LL.backups.keepDaysHint(),
      shown: (LL, days) => LL.backups.keepDays({ days }),
    }),
  },
});
