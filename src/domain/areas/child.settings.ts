import { defineSettingsSection, textSetting } from '../settings/settingsSection';

/** The child's settings: the text in front of the number of a new child record's code, e.g. `CH`. */
export const childSettings = defineSettingsSection({
  name: 'child',
  settings: {
    childCodePrefix: textSetting('CH', {
      order: 20,
      maxLength: 10,
      optional: false,
      autoComplete: 'off',
      label: (LL) => LL.generalInformation.childCodePrefix(),
      hint: (LL) => LL.generalInformation.childCodePrefixHint(),
    }),
  },
});
