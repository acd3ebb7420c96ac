import type { TClientResource } from '@/components/resource/resourceArea';
import { areaPagePermission } from '@/domain/areas/area';
import { childArea } from '@/domain/areas/child.area';
import { childResource } from '@/domain/resources/child';
import { api } from '@/platform/api/client';
import { childSelectionReports } from '../recordReports';
import { pageRouteOf } from '../resourcePageRoutes';

/**
 * What a new child record starts with that the server knows: the code it would get now (the save
 * gives the real one) and the user's own head office. Either may be missing; the form still works.
 */
const loadChildCreateDefaults = async (): Promise<Record<string, unknown>> => {
  const [code, office] = await Promise.all([
    api<{ data: { code: string } }>(`${childArea.apiBase}/get-child-doc-number`, { errorMode: 'log' }).catch(
      () => null,
    ),
    api<{ data: { id: number } | null }>(`${childArea.apiBase}/head-office-user`, { errorMode: 'log' }).catch(
      () => null,
    ),
  ]);
  return { code: code?.data.code, headOfficeId: office?.data?.id };
};

/**
 * The child screens (`/adoptive-child/child`): the list with photos, badges and export, the form in
 * sections with the photo, family and documents, the case summary (show page) and `/can-adopt-child`.
 */
export const childClientResource: TClientResource = {
  definition: childResource,
  ...pageRouteOf('child'),
  recordSearch: true,
  // The selection prints as the children's record reports, one a page.
  printSelection: childSelectionReports,
  // Spec section 6 guards the create and edit pages with `:update`; saving a new one needs `:write`.
  pagePermission: areaPagePermission(childArea),
  exportFormats: ['xlsx', 'csv'],
  // Only a child still registered may be deleted (the server answers 409 otherwise).
  deletable: (record) => record.status === 'registered',
  loadCreateDefaults: loadChildCreateDefaults,
  // The photo, family and documents of the form come with the form (issue 11).
  formExtras: async () => ({ useFormAddOns: (await import('./form/useChildFormAddOns')).useChildFormAddOns }),
};

/** The child feature's described resources with screens (collected by src/features/clientResources.ts). */
export const resources: TClientResource[] = [childClientResource];
