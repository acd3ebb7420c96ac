import { sharedDialogTexts, type TClientWorkflow } from '@/components/workflow/clientWorkflow';
import { childWorkflow } from '@/domain/workflows/child.workflow';
import { childActionIntro, childActionLabel } from './childActionText';

/** The child's workflow on screen: the generic actions, dialog and history, in the child's words. */
export const childWorkflowClient: TClientWorkflow = {
  workflow: childWorkflow,
  apiBase: '/child-infos',
  resourceName: 'child',
  idPrefix: 'child',
  texts: (LL) => ({
    action: (action) => childActionLabel(LL, action),
    intro: (action, name) => childActionIntro(LL, action, name),
    field: (key) => {
      const labels: Record<string, () => string> = {
        confirmDate: LL.areas.child.workflow.fields.confirmDate,
        effectiveDate: LL.areas.child.workflow.fields.effectiveDate,
        reason: LL.areas.child.workflow.fields.reason,
      };
      return labels[key]?.() ?? key;
    },
    ...sharedDialogTexts(LL),
    actionsLabel: () => LL.areas.child.workflow.actionsLabel(),
  }),
};
