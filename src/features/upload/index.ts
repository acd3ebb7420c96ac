import { auth, type TFeature } from '../featureRoutes';
import { importKinds, importPermission, uploadPath } from './importKinds';

/**
 * Bulk import from a workbook (issue 25, DESIGN.md section 8): `/upload`. The route asks only for a
 * signed-in user (spec section 2 lists it without a permission); the screen offers the kinds the user
 * may write and shows the forbidden view to one who may write none. The palette opens it with a kind
 * chosen: 'Import children', 'Import parent applications'.
 */
export const feature: TFeature = {
  name: 'upload',
  order: 95,
  routes: [auth('/upload', undefined, () => import('./UploadScreen'))],
  palettePages: importKinds.map((kind) => ({
    id: `upload-${kind.resource}`,
    path: uploadPath(kind),
    permission: importPermission(kind),
    icon: 'upload',
    title: kind.paletteTitle,
  })),
};
