import type { TWorkflowBinding } from '../workflows/binding';
import { serverModules } from '.';

/**
 * Every workflow the server serves, from the feature modules: app.ts makes their routes, and the
 * contract test (tests/api/workflowContract.test.ts) walks each through the API. Beside the module
 * list, not in the engine: the workflow engine imports no module.
 */
export const workflowBindings: readonly TWorkflowBinding[] = serverModules.flatMap(
  (module) => module.workflows ?? [],
);
