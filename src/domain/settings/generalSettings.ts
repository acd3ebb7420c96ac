import { choiceSetting, defineSettingsSection, numberSetting, textSetting } from './settingsSection';

/** The sizes a list offers (spec section 9). */
export const defaultRowsPerPageOptions = [10, 50, 100, 200] as const;

/**
 * The settings of the whole application (no area's): rows a list shows before the user picks
 * another size (spec section 9), minutes without activity before the client signs the user out,
 * the organisation's name for headers of printouts and exports (empty when not set).
 */
export const generalSettings = defineSettingsSection({
  name: 'general',
  settings: {
    defaultRowsPerPage: choiceSetting(defaultRowsPerPageOptions, 10, {
      order: 10,
      client: true,
      label: (LL) => LL.generalInformation.defaultRowsPerPage(),
      hint: (LL) => LL.generalInformation.defaultRowsPerPageHint(),
    }),
    sessionIdleMinutes: numberSetting(30, {
      order: 30,
      client: true,
      min: 5,
      max: 480,
      label: (LL) => LL.generalInformation.sessionIdleMinutes(),
      hint: (LL) => LL.generalInformation.sessionIdleMinutesHint(),
    }),
    organizationName: textSetting('', {
      order: 40,
      maxLength: 200,
      optional: true,
      autoComplete: 'organization',
      label: (LL) => LL.generalInformation.organizationName(),
      hint: (LL) => LL.generalInformation.organizationNameHint(),
    }),
  },
});
