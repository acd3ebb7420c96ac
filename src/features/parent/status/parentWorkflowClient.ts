import { sharedDialogTexts, type TClientWorkflow } from '@/components/workflow/clientWorkflow';
import { parentActionText } from '@/domain/parentLabels';
import { parentWorkflow } from '@/domain/workflows/parent.workflow';

type TIntroKey = 'acceptParentsAdoption' | 'unAcceptParentsAdoption' | 'rejectAdoption';
const introKey = (action: string) =>
  action.replace(/-(\w)/g, (_match, letter: string) => letter.toUpperCase()) as TIntroKey;

/** An application's workflow on screen: the generic actions, dialog and history, in its words. */
export const parentWorkflowClient: TClientWorkflow = {
  workflow: parentWorkflow,
  apiBase: '/parent-infos',
  resourceName: 'parent',
  idPrefix: 'parent',
  texts: (LL) => ({
    action: (action) => parentActionText(LL, action),
    intro: (action, name) => LL.parentStatus.intros[introKey(action)]?.({ name }) ?? '',
    field: (key) => {
      const labels: Record<string, () => string> = {
        decisionDate: LL.parentStatus.decisionDate,
        approvedUntil: LL.parentStatus.approvedUntil,
        reason: LL.parentStatus.reason,
      };
      return labels[key]?.() ?? key;
    },
    ...sharedDialogTexts(LL),
    actionsLabel: () => LL.parentStatus.actionsLabel(),
  }),
};
