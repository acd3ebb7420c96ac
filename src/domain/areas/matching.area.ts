import { defineArea } from './area';
import { matchingSettings } from './matching.settings';

const routeBase = '/adoptive-matching';

/** Matchings of a child with a family and their legal stages (the spec's 'Matching'). */
export const matchingArea = defineArea({
  name: 'matching',
  entity: 'adoptive_matchings',
  // The API and the screens share the address.
  apiBase: routeBase,
  routeBase,
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
  // A decided matching (adopted, or refused at a stage) is the law's.
  keptStatuses: ['completed', 'rejected'],
  // The printable summary is guarded by `matchings:write` (spec section 6); a record opens on its
  // working page (`{routeBase}/matching/:id`, src/features/matching).
  showAction: 'write',
  menu: { key: 'matching', icon: 'matching', title: { kh: 'ការផ្គូផ្គងកុមារធម៌', en: 'Adoptive matching' } },
  settings: matchingSettings,
  workQueueReasons: ['decision', 'overdue', 'nextStep'],
});
