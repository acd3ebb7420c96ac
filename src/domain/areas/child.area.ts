import { defineArea } from './area';
import { childSettings } from './child.settings';

/** Children in care (the spec's 'Children'). */
export const childArea = defineArea({
  name: 'child',
  entity: 'child_infos',
  auditedParts: ['child_family', 'child_documents'],
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
  // An adopted child's file is the law's (and one adopted once stays kept after re-entering the
  // programme: the server asks its completed matching too).
  keptStatuses: ['adopted'],
  menu: { key: 'child', icon: 'child', title: { kh: 'កុមារសុំកុមារធម៌', en: 'Adoptive child' } },
  // The list a matching starts from, which the sidebar does not show (spec section 4).
  commandPages: [
    {
      id: 'open-can-adopt-child',
      path: '/can-adopt-child',
      icon: 'child',
      title: (LL) => LL.resources.childAdoptable.many(),
    },
  ],
  settings: childSettings,
  duplicateReview: true,
  bulkActions: [
    {
      name: 'move-head-office',
      icon: 'office',
      permission: 'update',
      title: (LL) => LL.areas.child.bulk.moveOffice(),
      intro: (LL, count) => LL.areas.child.bulk.moveOfficeIntro({ count }),
      label: (LL) => LL.fields.headOffice(),
      field: { key: 'headOfficeId', kind: 'lookup', lookup: { path: '/child-infos/head-offices' } },
      transaction: 'eachRow',
    },
  ],
  imports: {
    resource: 'children',
    title: (LL) => LL.upload.kinds.children(),
    paletteTitle: (LL) => LL.upload.paletteChildren(),
    // Annotated: the area's type must not wait on the resource's, which reads the area.
  },
});
