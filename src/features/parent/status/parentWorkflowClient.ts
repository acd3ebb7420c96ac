import { noActionNeeds, sharedDialogTexts, type TClientWorkflow } from '@/components/workflow/clientWorkflow';
import { acceptanceShortfalls } from '@/domain/parentEligibility';
import { parentActionText } from '@/domain/parentLabels';
import { isoDateIn } from '@/domain/programmeTime';
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
    intro: (action, name) => LL.areas.parent.workflow.intros[introKey(action)]?.({ name }) ?? '',
    field: (key) => {
      const labels: Record<string, () => string> = {
        decisionDate: LL.areas.parent.workflow.fields.decisionDate,
        approvedUntil: LL.areas.parent.workflow.fields.approvedUntil,
        reason: LL.areas.parent.workflow.fields.reason,
        justification: LL.workflowNeeds.justification,
      };
      return labels[key]?.() ?? key;
    },
    ...sharedDialogTexts(LL),
    actionsLabel: () => LL.areas.parent.workflow.actionsLabel(),
  }),
  // Accepting an application that fails the eligibility its show page shows (the same function the
  // server asks) says which checks fail and asks for the justification; otherwise it is not asked.
  needs: (action, record, _values, settings, LL) => {
    if (action !== 'accept-parents-adoption') return noActionNeeds;
    const minimum = settings.minimumAdopterAge;
    const shortfalls = acceptanceShortfalls(record, minimum, isoDateIn(new Date()));
    if (shortfalls.length === 0) return { ...noActionNeeds, hidden: ['justification'] };
    const checks = shortfalls.map((check) =>
      check.kind === 'checklist'
        ? LL.areas.parent.show.checklistDone({ done: check.done, all: check.all })
        : check.kind === 'age'
          ? LL.areas.parent.show.applicantAge({ n: check.n, age: check.age ?? 0, min: minimum })
          : '',
    );
    return {
      note: LL.workflowNeeds.notEligible({ checks: checks.join('; ') }),
      required: ['justification'],
      hidden: [],
    };
  },
};
