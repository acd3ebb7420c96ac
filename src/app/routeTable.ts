import type { ComponentType } from 'react';
import { configurationResources } from '@/features/configuration/configurationResources';

/**
 * Every route of spec section 2, with its guards and permission (spec section 6). A route whose
 * screen a later issue builds has no `screen` yet: the guard still runs (403 for a user lacking the
 * permission) and the not-found view answers the others.
 */
export type TGuardName = 'auth' | 'authenticated' | 'developer' | 'permission';
export type TScreenModule = { default: ComponentType };
export type TRouteEntry = {
  path: string;
  guards: readonly string[];
  permission?: string;
  layout: 'default' | 'login';
  screen?: () => Promise<TScreenModule>;
};

const auth = (path: string, permission?: string, screen?: TRouteEntry['screen']): TRouteEntry => ({
  path,
  guards: permission ? ['auth', 'permission'] : ['auth'],
  permission,
  layout: 'default',
  screen,
});

/** A resource's screen, loaded with the generic resource pages. */
const resourceScreen =
  (name: string, page: 'list' | 'create' | 'edit') => async (): Promise<TScreenModule> => {
    const [{ resourceScreens }, { configurationResources }] = await Promise.all([
      import('@/components/resource/resourceScreens'),
      import('@/features/configuration/configurationResources'),
    ]);
    const resource = configurationResources.find((candidate) => candidate.definition.name === name);
    if (!resource) throw new Error(`No resource named ${name}`);
    return { default: resourceScreens(resource)[page] };
  };

/**
 * List, create and edit pages of a configuration resource (spec section 2 'Configuration'), from
 * its description: permissions `{resource}:read|write|update` (province edit lists none).
 */
const configuration = (resource: {
  definition: { name: string; permission: string; routeBase: string; editPermission: boolean };
  editIdOptional: boolean;
}): TRouteEntry[] => {
  const { name, permission, routeBase, editPermission } = resource.definition;
  return [
    auth(routeBase, `${permission}:read`, resourceScreen(name, 'list')),
    auth(`${routeBase}/create`, `${permission}:write`, resourceScreen(name, 'create')),
    auth(
      `${routeBase}/edit/${resource.editIdOptional ? ':id?' : ':id'}`,
      editPermission ? `${permission}:update` : undefined,
      resourceScreen(name, 'edit'),
    ),
  ];
};

export const routeTable: TRouteEntry[] = [
  {
    path: '/login',
    guards: ['authenticated'],
    layout: 'login',
    screen: () => import('@/features/auth/LoginPage'),
  },
  auth('/', undefined, () => import('@/features/home/HomePage')),
  auth('/can-adopt-child', 'adoptive_children:read'),
  auth('/upload'),
  // Matching
  auth('/adoptive-matching', 'matchings:read'),
  auth('/adoptive-matching/create', 'matchings:write'),
  auth('/adoptive-matching/edit/:id', 'matchings:update'),
  auth('/adoptive-matching/matching/:id', 'matchings:read'),
  auth('/adoptive-matching/show/:id', 'matchings:write'),
  // Children
  auth('/adoptive-child/child', 'adoptive_children:read'),
  auth('/adoptive-child/child/create', 'adoptive_children:update'),
  auth('/adoptive-child/child/edit/:id', 'adoptive_children:update'),
  auth('/adoptive-child/child/show/:id', 'adoptive_children:read'),
  // Parents
  auth('/adoptive-parents/parents', 'adoptive_parents:read'),
  auth('/adoptive-parents/parents/create', 'adoptive_parents:update'),
  auth('/adoptive-parents/parents/edit/:id', 'adoptive_parents:update'),
  auth('/adoptive-parents/parents/show/:id', 'adoptive_parents:read'),
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
  ...configurationResources.flatMap(configuration),
  auth(
    '/configuration/general-information',
    'general_settings:read',
    () => import('@/features/configuration/GeneralInformationPage'),
  ),
  // Security
  auth('/security/role', 'roles:read'),
  auth('/security/role/create', 'roles:write'),
  auth('/security/role/edit/:id?', 'roles:write'),
  auth('/security/user', 'users:read'),
  auth('/security/user/create', 'users:write'),
  auth('/security/user/edit/:id?', 'users:write'),
  auth('/security/assign-permission', 'assign_permissions:read'),
  // System menus are developer-only (spec section 6 'developer-only guard'; issue 4).
  { path: '/security/system-menu', guards: ['auth', 'developer'], layout: 'default' },
];
