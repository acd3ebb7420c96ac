import { wordOf } from '../../i18n/wordOf';
import { defineSettingsSection, numberPerPartSetting, switchSetting } from '../settings/settingsSection';

/**
 * A matching's stages, as the action table names them (src/domain/workflows/matching.workflow.ts,
 * `matchingStages`; a test holds the two equal): written here so that the area stays light.
 */
const stages = ['proposal', 'trial', 'warrant', 'keeping'] as const;

/**
 * A matching's settings: four-eyes (a decision is not taken by the user who took the matching's
 * last step that was not a decision, super users included, DESIGN.md section 4; turning it off is
 * audited) and the days a matching is expected to spend in each stage, past which it is overdue
 * (DESIGN.md section 6 'Time in stage'). Both are applied by the client too: a matching's page
 * offers a decision four-eyes refuses with the reason; boards mark overdue stages.
 */
export const matchingSettings = defineSettingsSection({
  name: 'matching',
  settings: {
    fourEyes: switchSetting(true, {
      order: 90,
      client: true,
      label: (LL) => LL.generalInformation.fourEyes(),
      hint: (LL) => LL.generalInformation.fourEyesHint(),
      on: (LL) => LL.generalInformation.fourEyesOn(),
      off: (LL) => LL.generalInformation.fourEyesOff(),
    }),
    stageExpectedDays: numberPerPartSetting(
      { proposal: 30, trial: 90, warrant: 60, keeping: 30 },
      {
        order: 100,
        client: true,
        parts: stages,
        min: 1,
        max: 730,
        label: (LL) => LL.generalInformation.stageExpectedDays(),
        hint: (LL) => LL.generalInformation.stageExpectedDaysHint(),
        partLabel: (LL, stage) => wordOf(LL.options.stage, stage)?.() ?? stage,
        shown: (LL, days) => LL.generalInformation.stageDays({ days }),
      },
    ),
  },
});
