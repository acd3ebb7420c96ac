import { defineArea } from './area';
import { serviceSettings } from './service.settings';

const routeBase = '/service-after-adoption';

/**
 * 'My follow-ups' (issue 14's saved view): the signed-in user's pending services, the nearest
 * planned day first, so the week's visits come on top. An address of the list, in plain parameters
 * (the list reads them and writes them back in its own form).
 */
export const myFollowUpsQuery = 'mine=mine&status=pending&sort=plannedDate&order=asc';

/** Services after adoption: the family's follow-ups (the spec's 'After-adoption services'). */
export const serviceArea = defineArea({
  name: 'service',
  entity: 'post_adoption_services',
  // The API and the screens share the address.
  apiBase: routeBase,
  routeBase,
  permission: 'post_adoption_services',
  statuses: { pending: 'amber', confirmed: 'green', rejected: 'rose' },
  // A service given ('confirmed') is the law's; one taken back to pending is not given any more.
  keptStatuses: ['confirmed'],
  // The spec makes the id of the edit and show pages optional.
  idOptional: true,
  menu: {
    key: 'service',
    icon: 'service',
    title: { kh: 'សេវាក្រោយការសុំកុមារធម៌', en: 'Service after adoption' },
  },
  // 'My follow-ups' is the list's shipped view (src/domain/savedViews.ts): the palette offers it as
  // 'View: My follow-ups'; its old fixed address still opens the same list.
  settings: serviceSettings,
  workQueueReasons: ['serviceOverdue', 'serviceConcern', 'serviceDueSoon'],
  // A supervisor hands a leaving officer's follow-ups to another, or moves a month of visits.
  bulkActions: [
    {
      name: 'assign-officer',
      icon: 'user',
      permission: 'update',
      title: (LL) => LL.areas.service.bulk.assignOfficer(),
      intro: (LL, count) => LL.areas.service.bulk.assignOfficerIntro({ count }),
      label: (LL) => LL.fields.officer(),
      field: { key: 'officerId', kind: 'lookup', lookup: { path: `${routeBase}/officers`, showCode: false } },
      transaction: 'eachRow',
    },
    {
      name: 'replan',
      icon: 'calendar',
      permission: 'update',
      title: (LL) => LL.areas.service.bulk.replan(),
      intro: (LL, count) => LL.areas.service.bulk.replanIntro({ count }),
      label: (LL) => LL.areas.service.bulk.days(),
      // A year either way: further is a new schedule, not a replanning.
      field: { key: 'days', kind: 'number', min: -365, max: 365 },
      transaction: 'eachRow',
    },
  ],
});
