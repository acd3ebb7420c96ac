import { matchPath } from 'react-router';
import { localizedRoutePaths } from './localePath';
import { routeTable, type TRouteEntry } from './routeTable';

const matchableRoutes = routeTable.flatMap((entry) =>
  localizedRoutePaths(entry.path).map((path) => ({ path, entry })),
);

/** The route table entry that answers a pathname (any of its three locale forms). */
export const findRouteEntry = (pathname: string): TRouteEntry | undefined =>
  matchableRoutes.find(({ path }) => matchPath({ path, end: true }, pathname))?.entry;

/** Starts loading the screen of a path (link prefetch); failures are left to the real navigation. */
export const prefetchScreen = (pathname: string): void => {
  findRouteEntry(pathname)
    ?.screen?.()
    .catch(() => {});
};
