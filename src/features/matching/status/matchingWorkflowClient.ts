import { noActionNeeds, sharedDialogTexts, type TClientWorkflow } from '@/components/workflow/clientWorkflow';
import { matchingActionText } from '@/domain/matchingLabels';
import { trialLength } from '@/domain/matchingStage';
import { fourEyesStep, matchingWorkflow } from '@/domain/workflows/matching.workflow';

/**
 * A matching's workflow on screen: the generic actions, dialog and history in its words; a decision
 * four-eyes holds against this user (the record's last step that was not a decision was theirs,
 * super users included) is shown with the reason.
 */
export const matchingWorkflowClient: TClientWorkflow = {
  workflow: matchingWorkflow,
  apiBase: '/adoptive-matching',
  resourceName: 'matching',
  idPrefix: 'matching',
  texts: (LL) => ({
    action: (action) => matchingActionText(LL, action),
    intro: (_action, name) => LL.areas.matching.workflow.intro({ name }),
    field: (key) => {
      const labels: Record<string, () => string> = {
        stepDate: LL.fields.stepDate,
        reason: LL.areas.parent.workflow.fields.reason,
        warrantReference: LL.fields.warrantReference,
        warrantNumber: LL.fields.warrantNumber,
        shortTrialReason: LL.workflowNeeds.shortTrialReason,
      };
      return labels[key]?.() ?? key;
    },
    ...sharedDialogTexts(LL),
    actionsLabel: () => LL.areas.matching.show.recordActions(),
  }),
  refusal: (action, record, user, settings, LL) => {
    const step = fourEyesStep(
      action,
      typeof record.lastAskedAction === 'string'
        ? {
            action: record.lastAskedAction,
            userId: typeof record.lastAskedBy === 'number' ? record.lastAskedBy : null,
          }
        : null,
      user?.id ?? null,
      settings.fourEyes,
    );
    return step ? LL.areas.matching.workflow.fourEyesRefused({ step: matchingActionText(LL, step) }) : null;
  },
  // Confirming a trial shows its days against the expected, for the date typed; shorter, the
  // reason is required (the server's rule, the same function). The reason field is always there,
  // so the form does not move under the user as the date changes.
  needs: (action, record, values, settings, LL) => {
    if (action !== 'confirm-test') return noActionNeeds;
    const trial = trialLength(record.trialStart, values.date, settings.stageExpectedDays);
    if (!trial) return { ...noActionNeeds, note: record.trialStart ? null : LL.workflowNeeds.trialUnknown() };
    const days = { days: trial.days, expected: trial.expected };
    return trial.short
      ? { note: LL.workflowNeeds.trialShort(days), required: ['reason'], hidden: [] }
      : { ...noActionNeeds, note: LL.workflowNeeds.trialDays(days) };
  },
};
