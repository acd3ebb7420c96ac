import type { TClientResource } from '@/components/resource/resourceArea';
import { areaPagePermission } from '@/domain/areas/area';
import { parentArea } from '@/domain/areas/parent.area';
import { isoDateIn } from '@/domain/programmeTime';
import { parentResource } from '@/domain/resources/parent';
import { api } from '@/platform/api/client';
import { parentSelectionReports } from '../recordReports';
import { pageRouteOf } from '../resourcePageRoutes';
import { copiedApplication } from './copiedApplication';

/**
 * What a new application starts with: the user's own head office, today's date as the application
 * date, and, when it is made 'from this one' (`?from={id}`), the applicants, address and household
 * of that application (the caseworker checks them, then saves).
 */
const loadParentCreateDefaults = async (): Promise<Record<string, unknown>> => {
  const from = new URLSearchParams(window.location.search).get('from');
  const [office, source] = await Promise.all([
    api<{ data: { id: number } | null }>(`${parentArea.apiBase}/head-office-user`, {
      errorMode: 'log',
    }).catch(() => null),
    from && /^\d+$/.test(from)
      ? api<{ data: Record<string, unknown> }>(`${parentArea.apiBase}/${from}`, { errorMode: 'log' }).catch(
          () => null,
        )
      : Promise.resolve(null),
  ]);
  return {
    headOfficeId: office?.data?.id,
    applicationDate: isoDateIn(new Date()),
    ...(source ? copiedApplication(source.data) : {}),
  };
};

/**
 * The parent application screens (`/adoptive-parents/parents`): the list with badges, approval
 * ends and export, the form in sections, the show page (src/features/parent/show).
 */
export const parentClientResource: TClientResource = {
  definition: parentResource,
  ...pageRouteOf('parent'),
  recordSearch: true,
  // The selection prints as the applications' record reports, one a page.
  printSelection: parentSelectionReports,
  pagePermission: areaPagePermission(parentArea),
  exportFormats: ['xlsx', 'csv'],
  // Only a pending application may be deleted (the server answers 409 otherwise).
  deletable: (record) => record.status === 'pending',
  loadCreateDefaults: loadParentCreateDefaults,
};

/** The parent feature's described resources with screens (collected by src/features/clientResources.ts). */
export const resources: TClientResource[] = [parentClientResource];
