import { areaWorkflowClient } from '@/components/workflow/areaWorkflow';
import { childArea } from '@/domain/areas/child.area';
import { childWorkflow } from '@/domain/workflows/child.workflow';

/** The child's workflow on screen: the generic actions, dialog and history, in the child's words. */
export const childWorkflowClient = areaWorkflowClient(childArea, childWorkflow);
