import { defineArea } from './area';
import { parentSettings } from './parent.settings';

/** Adoptive parents' applications (the spec's 'Parents'). */
export const parentArea = defineArea({
  name: 'parent',
  entity: 'parent_infos',
  auditedParts: ['parent_family'],
  apiBase: '/parent-infos',
  routeBase: '/adoptive-parents/parents',
  permission: 'adoptive_parents',
  statuses: {
    pending: 'amber',
    // Waiting on a second approver (issue 35): a decision to take, as a matching's requests are.
    acceptanceRequested: 'amber',
    accepted: 'green',
    matched: 'blue',
    adopted: 'violet',
    rejected: 'rose',
  },
  // The application that adopted (final) is the law's.
  keptStatuses: ['adopted'],
  menu: { key: 'parents', icon: 'parents', title: { kh: 'ឪពុកម្ដាយសុំកុមារធម៌', en: 'Adopted parents' } },
  settings: parentSettings,
  duplicateReview: true,
  workQueueReasons: ['approvalExpiring', 'acceptanceRequested'],
  imports: {
    resource: 'parent-applications',
    title: (LL) => LL.upload.kinds.parentApplications(),
    paletteTitle: (LL) => LL.upload.paletteParentApplications(),
    // Annotated: the area's type must not wait on the resource's, which reads the area.
  },
});
