import { householdRoutes } from '../../household/householdRoutes';
import type { TServerModule } from '../module';
import { childBindings } from './childBinding';
import { childDashboardCard } from './childDashboard';
import { childDuplicates } from './childDuplicates';
import { childFamilyBinding } from './childFamilyBinding';
import { childFileRoutes } from './childFileRoutes';
import { childImport } from './childImport';
import { childRoutes } from './childRoutes';
import { registerChildScope } from './childScope';
import { childStatusRoutes } from './childStatusRoutes';
import { childWorkflowBinding } from './childWorkflowBinding';
import { seedDemoChildren } from './demoChildren';
import { sealedOriginsRoutes } from './sealedOrigins';

/** Children (issue 5): the record, its lookups and export, its workflow, family, files; kept by office. */
export const childrenModule: TServerModule = {
  name: 'children',
  register: registerChildScope,
  resources: childBindings,
  workflows: [childWorkflowBinding],
  routes: [
    childRoutes,
    childStatusRoutes,
    householdRoutes(childFamilyBinding),
    childFileRoutes,
    sealedOriginsRoutes,
  ],
  imports: [childImport],
  duplicates: [childDuplicates],
  dashboard: [childDashboardCard],
  demoSeed: seedDemoChildren,
};

/** What the matchings' workflow moves along with a matching (server/modules/matchings). */
export { childWorkflowBinding } from './childWorkflowBinding';
