import type { TClientResource } from '@/components/resource/resourceArea';
import { areaPagePermission } from '@/domain/areas/area';
import { serviceArea } from '@/domain/areas/service.area';
import { isoDateIn } from '@/domain/programmeTime';
import { serviceResource } from '@/domain/resources/service';
import { fetchLookup } from '@/platform/api/resources';
import { pageRouteOf } from '../resourcePageRoutes';
import { needsAdoptedChildren, serviceCreateDefaults, type TAdoptedChildOption } from './createDefaults';

/** Today as the planned day, and the child a create started from a child's or matching's page names. */
const loadServiceCreateDefaults = async (): Promise<Record<string, unknown>> => {
  const { search } = window.location;
  const adopted = needsAdoptedChildren(search)
    ? ((await fetchLookup(`${serviceArea.apiBase}/adoptive-childs`)) as TAdoptedChildOption[])
    : [];
  return serviceCreateDefaults(search, isoDateIn(new Date()), adopted);
};

/**
 * The screens of services after adoption (`/service-after-adoption`): the list with its due marks,
 * filters and export ('My follow-ups' is a view shipped with the product: src/domain/savedViews.ts);
 * the form (child, type, planned day, officer, notes); a
 * service opens on its page (src/features/service/show).
 */
export const serviceClientResource: TClientResource = {
  definition: serviceResource,
  ...pageRouteOf('service'),
  recordSearch: true,
  pagePermission: areaPagePermission(serviceArea),
  exportFormats: ['xlsx', 'csv'],
  // Only a pending service may be deleted (the server answers 409 otherwise).
  deletable: (record) => record.status === 'pending',
  loadCreateDefaults: loadServiceCreateDefaults,
};

/** The service feature's described resources with screens (collected by src/features/clientResources.ts). */
export const resources: TClientResource[] = [serviceClientResource];
