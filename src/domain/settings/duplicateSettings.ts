import { defineSettingsSection, numberSetting } from './settingsSection';

/**
 * How alike a new child or application must be to an existing one to be refused as a likely
 * duplicate (issue 35, server/duplicates): a percentage of the check's score. Both areas' (one
 * engine), so the application's own section, not an area's.
 */
export const duplicateSettings = defineSettingsSection({
  name: 'duplicates',
  settings: {
    duplicateThresholdPercent: numberSetting(80, {
      order: 190,
      min: 50,
      max: 100,
      label: (LL) => LL.duplicates.thresholdLabel(),
      hint: (LL) => LL.duplicates.thresholdHint(),
      shown: (LL, percent) => LL.duplicates.thresholdShown({ percent }),
    }),
  },
});
