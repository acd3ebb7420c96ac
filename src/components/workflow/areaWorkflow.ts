import type { TAreaDefinition } from '@/domain/areas/area';
import { areaActionsLabel, areaActionText, areaFieldText, areaIntroText } from '@/domain/areas/areaWords';
import type { TWorkflowDefinition } from '@/domain/workflows/workflow';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import { sharedDialogTexts, type TClientWorkflow, type TWorkflowTexts } from './clientWorkflow';

/** A workflow's own words from its area's (`areas.<name>.workflow`): actions, intros, fields, the group's name. */
export const areaWorkflowTexts = (
  area: TAreaDefinition,
  LL: TranslationFunctions,
): Pick<TWorkflowTexts, 'action' | 'intro' | 'field' | 'actionsLabel'> => ({
  action: (action) => areaActionText(LL, area, action),
  intro: (action, name) => areaIntroText(LL, area, action, name),
  field: (key) => areaFieldText(LL, area, key),
  actionsLabel: () => areaActionsLabel(LL, area),
});

/**
 * An area's workflow on screen, from its description: the API at the area's `apiBase`, statuses
 * named by its resource, ids and palette commands prefixed by its name, its words; the area's
 * feature adds what only it judges (`refusal`, `needs`).
 */
export const areaWorkflowClient = (
  area: TAreaDefinition,
  workflow: TWorkflowDefinition,
  own: Pick<TClientWorkflow, 'refusal' | 'needs'> = {},
): TClientWorkflow => ({
  workflow,
  apiBase: area.apiBase,
  resourceName: area.name,
  idPrefix: area.name,
  texts: (LL) => ({ ...areaWorkflowTexts(area, LL), ...sharedDialogTexts(LL) }),
  ...own,
});
