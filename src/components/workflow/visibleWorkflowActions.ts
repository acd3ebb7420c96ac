import { hasPermission, type TPermissionSubject } from '@/domain/permissions';
import {
  allowedWorkflowActions,
  type TWorkflowDefinition,
  type TWorkflowFacts,
} from '@/domain/workflows/workflow';

/**
 * The actions a user is offered on a record: those its machine allows from the status (the server
 * asks the same machine) whose permission the user holds. Hiding them is for the person's sake
 * only: the server checks both again.
 */
export const visibleWorkflowActions = (
  workflow: TWorkflowDefinition,
  status: unknown,
  user: TPermissionSubject | null | undefined,
  facts: TWorkflowFacts = {},
): string[] =>
  typeof status === 'string'
    ? allowedWorkflowActions(workflow, status, facts).filter((action) =>
        hasPermission(user, workflow.actions[action].permission),
      )
    : [];
