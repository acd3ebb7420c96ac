import { defineArea } from './area';
import { matchingSettings } from './matching.settings';

/** Matchings of a child with a family and their legal stages (the spec's 'Matching'). */
export const matchingArea = defineArea({
  name: 'matching',
  entity: 'adoptive_matchings',
  apiBase: '/adoptive-matching',
  routeBase: '/adoptive-matching',
  permission: 'matchings',
  statuses: {
    proposed: 'slate',
    adoptionPending: 'amber',
    adoptionConfirmed: 'blue',
    testing: 'teal',
    testPending: 'amber',
    testConfirmed: 'blue',
    warrantPending: 'amber',
    warrantRequested: 'amber',
    warranted: 'blue',
    keepRequested: 'amber',
    completed: 'violet',
    rejected: 'rose',
  },
  settings: matchingSettings,
  workQueueReasons: ['decision', 'overdue', 'nextStep'],
});
