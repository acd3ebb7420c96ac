import { defineArea } from './area';
import { serviceSettings } from './service.settings';

/** Services after adoption: the family's follow-ups (the spec's 'After-adoption services'). */
export const serviceArea = defineArea({
  name: 'service',
  entity: 'post_adoption_services',
  apiBase: '/service-after-adoption',
  routeBase: '/service-after-adoption',
  permission: 'post_adoption_services',
  statuses: { pending: 'amber', confirmed: 'green', rejected: 'rose' },
  settings: serviceSettings,
  workQueueReasons: ['serviceOverdue', 'serviceConcern', 'serviceDueSoon'],
});
