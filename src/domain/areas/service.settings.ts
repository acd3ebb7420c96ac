import { wordOf } from '../../i18n/wordOf';
import { defaultFollowUpSchedule, serviceTypes, type TServiceType } from '../serviceSchedule';
import { defineSettingsSection, numberSetting, rowsSetting } from '../settings/settingsSection';

/**
 * A service's settings: the services planned when an adoption completes, each a type and the months
 * after the keep approval (DESIGN.md section 6 'Follow-up schedule'), and the days before its planned
 * day a pending service is 'due soon' (services' lists and pages mark them as the server does).
 */
export const serviceSettings = defineSettingsSection({
  name: 'service',
  settings: {
    // The schedule's rows are typed by the service types.
    followUpSchedule: rowsSetting<'type', TServiceType, 'monthsAfter', false>(defaultFollowUpSchedule, {
      order: 110,
      minRows: 1,
      maxRows: 24,
      choice: {
        key: 'type',
        options: serviceTypes,
        label: (LL) => LL.fields.serviceType(),
        optionLabel: (LL, type) => wordOf(LL.options.serviceType, type)?.() ?? type,
      },
      number: { key: 'monthsAfter', min: 1, max: 240, label: (LL) => LL.generalInformation.followUpMonths() },
      label: (LL) => LL.generalInformation.followUpSchedule(),
      hint: (LL) => LL.generalInformation.followUpScheduleHint(),
      rowLabel: (LL, n) => LL.generalInformation.followUpRow({ n }),
      removeLabel: (LL, n) => LL.generalInformation.followUpRemove({ n }),
      addLabel: (LL) => LL.generalInformation.followUpAdd(),
      shown: (LL, row) =>
        LL.generalInformation.followUpEntry({
          type: wordOf(LL.options.serviceType, String(row.type))?.() ?? String(row.type),
          months: Number(row.monthsAfter),
        }),
    }),
    serviceDueSoonDays: numberSetting(14, {
      order: 120,
      client: true,
      min: 1,
      max: 180,
      label: (LL) => LL.generalInformation.serviceDueSoonDays(),
      hint: (LL) => LL.generalInformation.serviceDueSoonDaysHint(),
      shown: (LL, days) => LL.generalInformation.stageDays({ days }),
    }),
  },
});
