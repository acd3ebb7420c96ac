import { childWorkflowBinding } from '../modules/children/childWorkflowBinding';
import type { TWorkflowBinding } from './binding';

/**
 * Every workflow the server serves: app.ts makes their routes, and the contract test
 * (tests/api/workflowContract.test.ts) walks each through the API. A new workflow is added here.
 */
export const workflowBindings: readonly TWorkflowBinding[] = [childWorkflowBinding];
