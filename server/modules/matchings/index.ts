import { matchingArea } from '../../../src/domain/areas/matching.area';
import { matchingStageNames } from '../../../src/domain/matchingStage';
import { adoptiveMatchings } from '../../db/schema';
import type { TServerModule } from '../module';
import { candidateRoutes } from './candidateRoutes';
import { seedDemoMatchingsAndServices } from './demoMatchings';
import { matchingBinding } from './matchingBinding';
import { matchingDashboardCard } from './matchingDashboard';
import { matchingWorkflowBinding } from './matchingWorkflowBinding';
import { matchingWorkQueue } from './matchingWorkQueue';

/**
 * Matchings (issue 13): the record on the resource engine (`/adoptive-matching`: list, proposal with
 * its rules, edit, delete while proposed), its 16 actions on the workflow engine; it moves its child
 * and application through their own workflows in the same transactions; its documents by stage on
 * the attachments engine. Kept by the child's office.
 */
export const matchingsModule: TServerModule = {
  name: 'matchings',
  resources: [matchingBinding],
  workflows: [matchingWorkflowBinding],
  // Documents per stage (the proposal's report, the trial's visits, the warrant...).
  attachments: [
    {
      entity: matchingArea.entity,
      apiBase: matchingArea.apiBase,
      tag: 'adoptive matching',
      table: adoptiveMatchings,
      columns: { id: adoptiveMatchings.id, code: adoptiveMatchings.code },
      officeColumn: adoptiveMatchings.headOfficeId,
      readPermission: 'matchings:read',
      writePermission: 'matchings:update',
      slots: matchingStageNames,
    },
  ],
  routes: [candidateRoutes],
  workQueue: matchingWorkQueue,
  dashboard: [matchingDashboardCard],
  demoSeed: seedDemoMatchingsAndServices,
};
