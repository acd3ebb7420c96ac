import { permissionCatalogue } from '@/domain/permissionCatalogue';
import { developerOnlyPermission } from '@/domain/permissions';
import { knownRoutes } from '@/platform/screenRegistry';

/**
 * What the target field offers: the app's pages that need no id (a menu opens a list or a page,
 * never one record), from the route table itself so a new page shows up here by itself.
 */
export const routeSuggestions = (): string[] =>
  [
    ...new Set(
      knownRoutes()
        .filter((route) => route.layout === 'default' && route.path !== '/' && !route.path.includes(':'))
        .map((route) => route.path),
    ),
  ].sort();

/** What the permission field offers: the catalogue, and the developer's own. */
export const permissionSuggestions = (): string[] => [
  ...permissionCatalogue.map((entry) => entry.name),
  developerOnlyPermission,
];
