import { defineArea } from './area';
import { childSettings } from './child.settings';

/** Children in care (the spec's 'Children'). */
export const childArea = defineArea({
  name: 'child',
  entity: 'child_infos',
  apiBase: '/child-infos',
  routeBase: '/adoptive-child/child',
  permission: 'adoptive_children',
  statuses: {
    registered: 'slate',
    adoptable: 'green',
    matched: 'blue',
    adopted: 'violet',
    longTerm: 'amber',
    international: 'teal',
  },
  settings: childSettings,
});
