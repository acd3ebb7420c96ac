import { sharedDialogTexts, type TClientWorkflow } from '@/components/workflow/clientWorkflow';
import { serviceActionText } from '@/domain/serviceLabels';
import { serviceWorkflow } from '@/domain/workflows/service.workflow';

type TIntroKey = 'confirmService' | 'rejectService' | 'backToPending';
const introKey = (action: string) =>
  action.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase()) as TIntroKey;

/**
 * A service's workflow on screen: record it (the day and the findings: health, schooling and
 * integration, each chosen, with notes), not given (the day and why), back to pending (why); the
 * generic buttons, dialog, palette commands and history, in the service's words.
 */
export const serviceWorkflowClient: TClientWorkflow = {
  workflow: serviceWorkflow,
  apiBase: '/service-after-adoption',
  resourceName: 'service',
  idPrefix: 'service',
  texts: (LL) => ({
    action: (action) => serviceActionText(LL, action),
    intro: (action, name) => LL.areas.service.workflow.intros[introKey(action)]?.({ name }) ?? '',
    field: (key) => {
      // The findings' labels are the record's own fields' (the timeline and the export name them so too).
      const labels: Record<string, () => string> = {
        serviceDate: LL.fields.serviceDate,
        health: LL.fields.health,
        schooling: LL.fields.schooling,
        integration: LL.fields.integration,
        findingNotes: LL.fields.findingNotes,
        reason: LL.areas.service.workflow.fields.reason,
      };
      return labels[key]?.() ?? key;
    },
    ...sharedDialogTexts(LL),
    actionsLabel: () => LL.areas.service.workflow.actionsLabel(),
  }),
};
