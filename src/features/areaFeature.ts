import {
  areaDuplicatesPath,
  areaMergePermission,
  areaPagePermission,
  areaPermission,
  areaShowPermission,
  type TAreaDefinition,
} from '@/domain/areas/area';
import { areaAddress } from '@/domain/resourceAddresses';
import type { TRouteEntry } from '@/platform/screenRegistry';
import { auth, resourceScreen, type TFeature, type TFeatureWorkQueue } from './featureRoutes';

/** The screens an area brings itself; the list, the create and the edit page are the resource pages'. */
export type TAreaScreens = {
  show: NonNullable<TRouteEntry['screen']>;
  /** A create page of its own (a new matching chooses its pair), instead of the resource form. */
  create?: NonNullable<TRouteEntry['screen']>;
};

/**
 * A record area's pages (spec section 2) from its description: the list (`:read`), the create and
 * edit forms (the area's page permission, spec section 6), the show page (`:read` unless the area
 * says); the edit and show ids optional where the area says.
 */
export const areaRoutes = (area: TAreaDefinition, screens: TAreaScreens): TRouteEntry[] => {
  const id = area.idOptional ? ':id?' : ':id';
  const { name, routeBase } = area;
  return [
    auth(routeBase, areaPermission(area, 'read'), resourceScreen(name, 'list')),
    auth(`${routeBase}/create`, areaPagePermission(area), screens.create ?? resourceScreen(name, 'create')),
    auth(`${routeBase}/edit/${id}`, areaPagePermission(area), resourceScreen(name, 'edit')),
    auth(`${routeBase}/show/${id}`, areaShowPermission(area), screens.show),
    // Issue 35: the possible duplicates of the area, for those who may merge them.
    ...(area.duplicateReview
      ? [auth(areaDuplicatesPath(area), areaMergePermission(area), resourceScreen(name, 'duplicates'))]
      : []),
  ];
};

/**
 * A record area's feature (src/features/<area>/index.ts): its pages from the area, its resource's
 * page route (the records' area of the palette), and the routes only it has.
 */
export const areaFeature = (
  area: TAreaDefinition,
  options: TAreaScreens & {
    order: number;
    routes?: readonly TRouteEntry[];
    /** How its work-queue items are worded and linked, loaded with the bell; the bell is for readers of the area. */
    workQueueKind?: TFeatureWorkQueue['kind'];
  },
): TFeature => ({
  name: area.name,
  order: options.order,
  resourcePages: [
    { address: areaAddress(area), area: { key: 'records' }, editIdOptional: area.idOptional ?? false },
  ],
  routes: [...areaRoutes(area, options), ...(options.routes ?? [])],
  ...(options.workQueueKind
    ? { workQueue: { readPermission: areaPermission(area, 'read'), kind: options.workQueueKind } }
    : {}),
});
