import type { TWorkflowBinding } from '../workflows/binding';
import { serverModules } from './index';

/**
 * Every workflow the server serves, from the feature modules (server/modules): app.ts makes their
 * routes, and the contract test (tests/api/workflowContract.test.ts) walks each through the API.
 */
export const workflowBindings: readonly TWorkflowBinding[] = serverModules.flatMap(
  (module) => module.workflows ?? [],
);
