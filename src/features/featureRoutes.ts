import type { TClientResource } from '@/components/resource/resourceArea';
import { developerOnlyPermission } from '@/domain/permissions';
import { permissionFor } from '@/domain/resource';
import type { TResourceAddress } from '@/domain/resourceAddresses';
import type { TWorkQueueItem } from '@/domain/workQueue';
import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TRouteEntry, TScreenModule } from '@/platform/screenRegistry';

/**
 * The pieces a feature's routes are made of (src/features/<feature>/index.ts): a signed-in route
 * with its permission, a described resource's list, create and edit pages. Screens are loaded
 * lazily, so the route table, which every page loads, carries none of them (issue 11).
 */
export const auth = (path: string, permission?: string, screen?: TRouteEntry['screen']): TRouteEntry => ({
  path,
  guards: permission ? ['auth', 'permission'] : ['auth'],
  permission,
  layout: 'default',
  screen,
});

/** A resource's page that the generic screens draw. */
export type TResourceScreenPage = 'list' | 'create' | 'edit' | 'duplicates';

/**
 * A resource's screen, loaded with its generic pages' module alone: the list, the forms with their
 * extras (resourceArea.ts `formExtras`), or the review of its possible duplicates (issue 35). Each
 * module answers the screens of a resource by page (`screensOf`), made once per resource. The list,
 * the page opened most, starts its module at once; the rest, and the resource from its own
 * feature's file alone, come from resourceScreens.ts (issue 38).
 */
export const resourceScreen =
  (name: string, page: TResourceScreenPage) => async (): Promise<TScreenModule> => {
    const [list, { resourceScreenOf }] = await Promise.all([
      page === 'list' ? import('@/components/resource/resourceListScreen') : undefined,
      import('./resourceScreens'),
    ]);
    return resourceScreenOf(name, page, list?.screensOf);
  };

/**
 * A route guarded by a resource permission; `for_developer` is the spec's developer guard (403 for
 * anyone but the developer user).
 */
export const guarded = (
  path: string,
  permission: string | undefined,
  screen: TRouteEntry['screen'],
): TRouteEntry =>
  permission === developerOnlyPermission
    ? { path, guards: ['auth', 'developer'], layout: 'default', screen }
    : auth(path, permission, screen);

/** Where a described resource's pages sit: its address, its area, whether its edit id may be left out. */
export type TResourcePageRoute = {
  address: TResourceAddress;
  area: TClientResource['area'];
  editIdOptional: boolean;
};

/**
 * List, create and edit pages of a described resource (spec section 2), from its address:
 * permissions `{resource}:read|write|update` unless it says otherwise (province edit lists none,
 * role and user edit need `:write`); a read-only one (the audit log) has its list alone.
 */
export const resourcePages = (resource: TResourcePageRoute): TRouteEntry[] => {
  const definition = resource.address;
  const { name, routeBase } = definition;
  const list = guarded(routeBase, permissionFor(definition, 'read'), resourceScreen(name, 'list'));
  if (definition.readOnly) return [list];
  return [
    list,
    guarded(`${routeBase}/create`, permissionFor(definition, 'write'), resourceScreen(name, 'create')),
    guarded(
      `${routeBase}/edit/${resource.editIdOptional ? ':id?' : ':id'}`,
      definition.editPermission ? permissionFor(definition, 'update') : undefined,
      resourceScreen(name, 'edit'),
    ),
  ];
};

/**
 * What a feature adds to the client (DESIGN.md section 1), exported as `feature` by
 * `src/features/<feature>/index.ts`: its routes and its described resources' page routes. The
 * route table and the client resources' areas are derived from every feature found there
 * (src/features/featureRegistry.ts), so a new area edits no central file. Light by rule: addresses
 * and lazy screens only, never a description, a form or a screen.
 */
export type TFeature = {
  name: string;
  /** Where the feature's routes come in the table (its menu order): lower first. */
  order: number;
  resourcePages?: readonly TResourcePageRoute[];
  routes?: readonly TRouteEntry[];
  /** The work queue's items this feature's records make (src/features/home/workQueue reads it). */
  workQueue?: TFeatureWorkQueue;
  /** Pages the palette offers by name ('Reports: children'), to the users holding their permission. */
  palettePages?: readonly TFeaturePalettePage[];
};

/** A page of a feature the palette lists under Pages, found by its title in either language. */
export type TFeaturePalettePage = {
  id: string;
  path: string;
  permission: string;
  icon: string;
  title: (LL: TranslationFunctions) => string;
};

/**
 * A feature's items on the work queue: the permission without which none can wait for a user (the
 * bell is for users who hold one of them), and how its items are worded and linked, loaded with
 * the bell (the route table stays light).
 */
export type TFeatureWorkQueue = {
  readPermission: string;
  kind: () => Promise<{ workQueueKind: TWorkQueueKind }>;
};

/** Why an item waits, as the list shows it: its icon and colour, its place, whether 'since' follows. */
export type TWorkQueueReasonLook = {
  icon: string;
  className: string;
  /** Place in the list across every kind (decisions first): lower first. */
  order: number;
  /** The reason's words do not hold the day: 'since …' follows them. */
  since: boolean;
  /** The user's own move (a decision, a next step): the palette has a command per item. */
  awaitsUser?: boolean;
};

/**
 * How the work queue words and links the items of one record type (`entity` of the answer, server
 * module's `workQueue` sources): where an item opens, why it waits in words, each reason's look,
 * and its actions in words (the palette's command names them).
 */
export type TWorkQueueKind = {
  entity: string;
  /** The palette command's icon. */
  icon: string;
  path: (item: TWorkQueueItem) => string;
  reasonText: (LL: TranslationFunctions, item: TWorkQueueItem) => string;
  reasons: Readonly<Record<string, TWorkQueueReasonLook>>;
  actionText?: (LL: TranslationFunctions, action: string) => string;
};
