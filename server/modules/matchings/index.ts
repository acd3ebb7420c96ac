import type { TServerModule } from '../module';
import { candidateRoutes } from './candidateRoutes';
import { matchingBinding } from './matchingBinding';
import { matchingWorkflowBinding } from './matchingWorkflowBinding';

/**
 * Matchings (issue 13): the record on the resource engine (`/adoptive-matching`: list, proposal with
 * its rules, edit, delete while proposed), its 16 actions on the workflow engine; it moves its child
 * and application through their own workflows in the same transactions. Kept by the child's office.
 */
export const matchingsModule: TServerModule = {
  name: 'matchings',
  resources: [matchingBinding],
  workflows: [matchingWorkflowBinding],
  routes: [candidateRoutes],
};
