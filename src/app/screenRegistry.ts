import { matchPath } from 'react-router';
import { localizedRoutePaths } from './localePath';
import type { TRouteEntry } from './routeTable';

/**
 * The route table, handed over by src/app/routes.tsx when the router is built. Not imported here:
 * links (AppLink) and screens import this module, and the route table imports the screens'
 * resources, so a static import would make a cycle that can run the table before its resources.
 */
let registeredRoutes: readonly TRouteEntry[] = [];
let matchableRoutes: { path: string; entry: TRouteEntry }[] | undefined;

export const registerRouteTable = (entries: readonly TRouteEntry[]): void => {
  registeredRoutes = entries;
  matchableRoutes = undefined;
};

/** Every route of the app (empty until the router is built). */
export const knownRoutes = (): readonly TRouteEntry[] => registeredRoutes;

/** The route table entry that answers a pathname (any of its three locale forms). */
export const findRouteEntry = (pathname: string): TRouteEntry | undefined => {
  matchableRoutes ??= registeredRoutes.flatMap((entry) =>
    localizedRoutePaths(entry.path).map((path) => ({ path, entry })),
  );
  return matchableRoutes.find(({ path }) => matchPath({ path, end: true }, pathname))?.entry;
};

/** Starts loading the screen of a path (link prefetch); failures are left to the real navigation. */
export const prefetchScreen = (pathname: string): void => {
  findRouteEntry(pathname)
    ?.screen?.()
    .catch(() => {});
};
