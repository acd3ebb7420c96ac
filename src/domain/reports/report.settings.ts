import type { TranslationFunctions } from '../../i18n/i18n-types';
import { wordText } from '../../i18n/wordOf';
import { defineSettingsSection, optionalNumberPerPartSetting } from '../settings/settingsSection';

/** The timeliness figures measured in days, each of which may have a target (issue 24). */
export const reportDayTargets = [
  'avgDaysCareToPlacement',
  'avgDaysAdoptableToMatched',
  'avgDaysApplicationToDecision',
] as const;
/** The timeliness figures that are shares, their targets entered in % (0–100). */
export const reportShareTargets = ['shareAdoptedWithin14Months', 'shareFamiliesWaited3Months'] as const;

const partLabel = (LL: TranslationFunctions, part: string) => wordText(LL.reports.targets, part) ?? part;

/**
 * The reports' settings: a target per timeliness figure, empty (null) by default. A report's answer
 * carries `target` on a figure whose target is set, a share's as a fraction like its value; the
 * report screens show it met or missed.
 */
export const reportSettings = defineSettingsSection({
  name: 'reports',
  settings: {
    reportTargetDays: optionalNumberPerPartSetting(
      { avgDaysCareToPlacement: null, avgDaysAdoptableToMatched: null, avgDaysApplicationToDecision: null },
      {
        order: 130,
        parts: reportDayTargets,
        min: 1,
        max: 3650,
        label: (LL) => LL.reports.targets.daysLabel(),
        hint: (LL) => LL.reports.targets.daysHint(),
        partLabel,
        empty: (LL) => LL.reports.targets.notSet(),
        shown: (LL, days) => LL.reports.targets.days({ days }),
      },
    ),
    reportTargetShares: optionalNumberPerPartSetting(
      { shareAdoptedWithin14Months: null, shareFamiliesWaited3Months: null },
      {
        order: 140,
        parts: reportShareTargets,
        min: 0,
        max: 100,
        label: (LL) => LL.reports.targets.sharesLabel(),
        hint: (LL) => LL.reports.targets.sharesHint(),
        partLabel,
        empty: (LL) => LL.reports.targets.notSet(),
        shown: (LL, share) => LL.reports.targets.share({ share }),
      },
    ),
  },
});

/** The target of a report's figure, where one is set: days as they are, a share as a fraction 0–1. */
export const reportTarget = (
  settings: {
    reportTargetDays: Record<(typeof reportDayTargets)[number], number | null>;
    reportTargetShares: Record<(typeof reportShareTargets)[number], number | null>;
  },
  key: string,
): number | undefined => {
  const days = (settings.reportTargetDays as Record<string, number | null | undefined>)[key];
  if (typeof days === 'number') return days;
  const share = (settings.reportTargetShares as Record<string, number | null | undefined>)[key];
  return typeof share === 'number' ? share / 100 : undefined;
};
