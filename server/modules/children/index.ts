import { householdRoutes } from '../../household/householdRoutes';
import { childBindings } from '../../resources/childBinding';
import { childRoutes } from '../../routes/childRoutes';
import { childStatusRoutes } from '../../routes/childStatus';
import type { TServerModule } from '../module';
import { childFamilyBinding } from './childFamilyBinding';
import { childFileRoutes } from './childFileRoutes';
import { registerChildScope } from './childScope';
import { childWorkflowBinding } from './childWorkflowBinding';

/** Children (issue 5): the record, its lookups and export, its workflow, family, files; kept by office. */
export const childrenModule: TServerModule = {
  name: 'children',
  register: registerChildScope,
  resources: childBindings,
  workflows: [childWorkflowBinding],
  routes: [childRoutes, childStatusRoutes, householdRoutes(childFamilyBinding), childFileRoutes],
};

/** What the matchings' workflow moves along with a matching (server/modules/matchings). */
export { childWorkflowBinding } from './childWorkflowBinding';
