import { matchingStageNames, type TMatchingStage } from '../matchingStage';
import {
  matchingStages,
  matchingWorkflow,
  matchingWorkflowActions,
  type TMatchingActionName,
} from '../workflows/matching.workflow';
import { allowedWorkflowActions, decideWorkflowEvent } from '../workflows/workflow';

/**
 * The stages a matching can be rejected from, asked of the matching's own machine: a report counts
 * rejections per stage only where one can happen (a warranted child's keep request is approved,
 * never rejected, so 'rejections in keeping' would be a figure that is always 0).
 */
export const rejectableStages: readonly TMatchingStage[] = matchingStageNames.filter((stage) =>
  matchingStages[stage].some((status) =>
    allowedWorkflowActions(matchingWorkflow, status).some((action) => {
      const decision = decideWorkflowEvent(matchingWorkflow, status, {
        type: matchingWorkflowActions[action as TMatchingActionName].event,
      });
      return decision.ok && decision.status === 'rejected';
    }),
  ),
);
