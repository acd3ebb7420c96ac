import type { TClientResource } from '@/components/resource/resourceArea';
import { developerOnlyPermission } from '@/domain/permissions';
import { permissionFor } from '@/domain/resource';
import type { TResourceAddress } from '@/domain/resourceAddresses';
import * as loginScreen from '@/features/auth/LoginPage';
import { childPagePermission, parentPagePermission, resourcePageRoutes } from '@/features/resourcePageRoutes';
import type { TRouteEntry, TScreenModule } from '@/platform/screenRegistry';

/**
 * Every route of spec section 2, with its guards and permission (spec section 6). A route whose
 * screen a later issue builds has no `screen` yet: the guard still runs (403 for a user lacking the
 * permission) and the not-found view answers the others.
 */
export type { TGuardName, TRouteEntry, TScreenModule } from '@/platform/screenRegistry';

const auth = (path: string, permission?: string, screen?: TRouteEntry['screen']): TRouteEntry => ({
  path,
  guards: permission ? ['auth', 'permission'] : ['auth'],
  permission,
  layout: 'default',
  screen,
});

/** A resource's screen, loaded with the generic resource pages: the list alone, or the forms with their extras. */
const resourceScreen =
  (name: string, page: 'list' | 'create' | 'edit') => async (): Promise<TScreenModule> => {
    const find = (resources: readonly TClientResource[]) => {
      const found = resources.find((candidate) => candidate.definition.name === name);
      if (!found) throw new Error(`No resource named ${name}`);
      return found;
    };
    if (page === 'list') {
      const [{ resourceListScreen }, { clientResources }] = await Promise.all([
        import('@/components/resource/resourceListScreen'),
        import('@/features/clientResources'),
      ]);
      return { default: resourceListScreen(find(clientResources)) };
    }
    const [{ resourceFormScreens }, { clientResources }] = await Promise.all([
      import('@/components/resource/resourceFormScreens'),
      import('@/features/clientResources'),
    ]);
    const resource = find(clientResources);
    // The form pages bring what only they use (resourceArea.ts `formExtras`).
    const extras = resource.formExtras ? await resource.formExtras() : {};
    return { default: resourceFormScreens({ ...resource, ...extras })[page] };
  };

/**
 * A route guarded by a resource permission; `for_developer` is the spec's developer guard (403 for
 * anyone but the developer user).
 */
const guarded = (path: string, permission: string | undefined, screen: TRouteEntry['screen']): TRouteEntry =>
  permission === developerOnlyPermission
    ? { path, guards: ['auth', 'developer'], layout: 'default', screen }
    : auth(path, permission, screen);

/**
 * List, create and edit pages of a described resource (spec section 2), from its description:
 * permissions `{resource}:read|write|update` unless it says otherwise (province edit lists none,
 * role and user edit need `:write`).
 */
const resourcePages = (resource: { address: TResourceAddress; editIdOptional: boolean }): TRouteEntry[] => {
  const definition = resource.address;
  const { name, routeBase } = definition;
  const list = guarded(routeBase, permissionFor(definition, 'read'), resourceScreen(name, 'list'));
  // A read-only resource (the audit log) has its list alone.
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

const inArea = (area: string) => resourcePageRoutes.filter((resource) => resource.area.key === area);

export const routeTable: TRouteEntry[] = [
  {
    path: '/login',
    guards: ['authenticated'],
    layout: 'login',
    // In the first download: the sign-in page paints without waiting for one more file (issue 11).
    screen: async () => loginScreen,
  },
  auth('/', undefined, () => import('@/features/home/HomePage')),
  auth('/can-adopt-child', 'adoptive_children:read', () => import('@/features/child/CanAdoptChildPage')),
  auth('/upload'),
  // Matching
  auth('/adoptive-matching', 'matchings:read'),
  auth('/adoptive-matching/create', 'matchings:write'),
  auth('/adoptive-matching/edit/:id', 'matchings:update'),
  auth('/adoptive-matching/matching/:id', 'matchings:read'),
  auth('/adoptive-matching/show/:id', 'matchings:write'),
  // Children
  // Children: create and edit are guarded by `:update` (spec section 6), not by the description's `:write`.
  auth('/adoptive-child/child', 'adoptive_children:read', resourceScreen('child', 'list')),
  auth('/adoptive-child/child/create', childPagePermission, resourceScreen('child', 'create')),
  auth('/adoptive-child/child/edit/:id', childPagePermission, resourceScreen('child', 'edit')),
  auth(
    '/adoptive-child/child/show/:id',
    'adoptive_children:read',
    () => import('@/features/child/show/ChildShowPage'),
  ),
  // Parents
  // Parents: like children, create and edit are guarded by `:update` (spec section 6).
  auth('/adoptive-parents/parents', 'adoptive_parents:read', resourceScreen('parent', 'list')),
  auth('/adoptive-parents/parents/create', parentPagePermission, resourceScreen('parent', 'create')),
  auth('/adoptive-parents/parents/edit/:id', parentPagePermission, resourceScreen('parent', 'edit')),
  auth(
    '/adoptive-parents/parents/show/:id',
    'adoptive_parents:read',
    () => import('@/features/parent/show/ParentShowPage'),
  ),
  // After-adoption services
  auth('/service-after-adoption', 'post_adoption_services:read'),
  auth('/service-after-adoption/create', 'post_adoption_services:update'),
  auth('/service-after-adoption/edit/:id?', 'post_adoption_services:update'),
  auth('/service-after-adoption/show/:id?', 'post_adoption_services:read'),
  // Reports
  auth('/reports/child', 'adopted_child_reports:read'),
  auth('/reports/child/show/:id?', 'adoptive_children:read'),
  auth('/reports/parents', 'adopted_child_reports:read'),
  auth('/reports/parents/show/:id?', 'adoptive_parents:read'),
  // Configuration
  ...inArea('configuration').flatMap(resourcePages),
  auth(
    '/configuration/general-information',
    'general_settings:read',
    () => import('@/features/configuration/GeneralInformationPage'),
  ),
  // Security: role and user (edit needs `:write`), and the developer-only system menus.
  ...inArea('security').flatMap(resourcePages),
  auth(
    '/security/assign-permission',
    'assign_permissions:read',
    () => import('@/features/security/AssignPermissionPage'),
  ),
];
