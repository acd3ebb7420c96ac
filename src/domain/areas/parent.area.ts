import { defineArea } from './area';
import { parentSettings } from './parent.settings';

/** Adoptive parents' applications (the spec's 'Parents'). */
export const parentArea = defineArea({
  name: 'parent',
  entity: 'parent_infos',
  apiBase: '/parent-infos',
  routeBase: '/adoptive-parents/parents',
  permission: 'adoptive_parents',
  statuses: { pending: 'amber', accepted: 'green', matched: 'blue', adopted: 'violet', rejected: 'rose' },
  settings: parentSettings,
  workQueueReasons: ['approvalExpiring'],
});
