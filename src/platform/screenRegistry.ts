import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { localizedRoutePaths } from './localePath';

/** A route of the table (src/app/routeTable.ts): its path, guards, permission, layout and screen. */
export type TGuardName = 'auth' | 'authenticated' | 'developer' | 'permission';
export type TScreenModule = { default: ComponentType };
export type TRouteEntry = {
  path: string;
  guards: readonly string[];
  permission?: string;
  layout: 'default' | 'login';
  screen?: () => Promise<TScreenModule>;
};

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
