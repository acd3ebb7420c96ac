import {
  settingDefaultsOf,
  systemSettingSections,
  type TSystemSettings,
} from './settings/systemSettingSections';

/**
 * Each setting's value while nothing is stored, from the sections that describe them
 * (src/domain/settings/systemSettingSections.ts); apart from the zod schemas, which the first page
 * need not load.
 */
export const systemSettingDefaults = settingDefaultsOf(systemSettingSections) as TSystemSettings;
