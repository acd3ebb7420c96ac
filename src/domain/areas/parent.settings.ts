import { defineSettingsSection, numberSetting } from '../settings/settingsSection';

/**
 * An application's settings: how long an approval holds when the decision does not say (DESIGN.md
 * section 4), the youngest an applicant may be (section 5, the ministry's number), the years
 * between an adopter and the child (18 to 45).
 */
export const parentSettings = defineSettingsSection({
  name: 'parent',
  settings: {
    parentApprovalMonths: numberSetting(12, {
      order: 50,
      min: 1,
      max: 60,
      label: (LL) => LL.generalInformation.parentApprovalMonths(),
      hint: (LL) => LL.generalInformation.parentApprovalMonthsHint(),
    }),
    // An application's page checks the applicants' ages against it (the server's rule decides).
    minimumAdopterAge: numberSetting(25, {
      order: 60,
      client: true,
      min: 18,
      max: 70,
      label: (LL) => LL.generalInformation.minimumAdopterAge(),
      hint: (LL) => LL.generalInformation.minimumAdopterAgeHint(),
    }),
    minimumAgeGap: numberSetting(18, {
      order: 70,
      min: 0,
      max: 60,
      label: (LL) => LL.generalInformation.minimumAgeGap(),
      hint: (LL) => LL.generalInformation.minimumAgeGapHint(),
    }),
    maximumAgeGap: numberSetting(45, {
      order: 80,
      min: 0,
      max: 80,
      label: (LL) => LL.generalInformation.maximumAgeGap(),
      hint: (LL) => LL.generalInformation.maximumAgeGapHint(),
    }),
  },
});
