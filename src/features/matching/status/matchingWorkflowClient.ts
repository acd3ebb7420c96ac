import { areaWorkflowClient } from '@/components/workflow/areaWorkflow';
import { noActionNeeds } from '@/components/workflow/clientWorkflow';
import { areaActionText } from '@/domain/areas/areaWords';
import { matchingArea } from '@/domain/areas/matching.area';
import { trialLength } from '@/domain/matchingStage';
import { fourEyesStep, matchingWorkflow } from '@/domain/workflows/matching.workflow';

/**
 * A matching's workflow on screen: the generic actions, dialog and history in its words; a decision
 * four-eyes holds against this user (the record's last step that was not a decision was theirs,
 * super users included) is shown with the reason.
 */
export const matchingWorkflowClient = areaWorkflowClient(matchingArea, matchingWorkflow, {
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
    return step ? LL.workflow.fourEyesRefused({ step: areaActionText(LL, matchingArea, step) }) : null;
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
});
