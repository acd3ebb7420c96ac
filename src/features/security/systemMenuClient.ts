import { createElement, lazy, Suspense } from 'react';
import type { TClientResource, TRecordContext } from '@/components/resource/resourceArea';
import { systemMenuResource } from '@/domain/resources/systemMenu';
import { pageRouteOf } from '../resourcePageRoutes';
import { useSubMenuActions } from './systemMenu/useSubMenuActions';

// Loaded with the edit page, not with the app: the card pulls in the route table (its target
// suggestions), which itself lists this resource.
const SubMenusCard = lazy(() => import('./systemMenu/SubMenusCard'));
const SubMenus = (context: TRecordContext) =>
  createElement(Suspense, { fallback: null }, createElement(SubMenusCard, context));

/** The developer-only system menu screens (`/security/system-menu`): a menu's sub-menus on its edit page. */
export const systemMenuClientResource: TClientResource = {
  definition: systemMenuResource,
  ...pageRouteOf('systemMenu'),
  EditExtras: SubMenus,
  useRecordActions: useSubMenuActions,
};
