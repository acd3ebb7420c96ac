import { type RouteObject, redirect } from 'react-router';
import { RouteErrorBoundary } from '@/components/errors/RouteErrorBoundary';
import { NotFoundView } from '@/components/errors/views';
import { localeCookieName } from '@/domain/locale';
import { browserReloadGuardDeps, importWithReloadGuard } from '@/platform/chunkReload';
import { readCookie } from '@/platform/cookies';
import { localizedRoutePaths } from '@/platform/localePath';
import { registerRouteTable } from '@/platform/screenRegistry';
import { AppShell } from './AppShell';
import { GuardedRoute } from './GuardedRoute';
import { LoginLayout } from './layouts/LoginLayout';
import { QuietLoading } from './QuietLoading';
import { retryingScreen } from './RetryingScreen';
import { routeTable, type TRouteEntry, type TScreenModule } from './routeTable';

// Link prefetch and the menu editor's route suggestions read the table through the registry.
registerRouteTable(routeTable);

/** Screens load lazily, through the chunk reload guard; the three forms of a route share one load. */
const loadScreen = (entry: TRouteEntry & { screen: () => Promise<TScreenModule> }) => () =>
  importWithReloadGuard(entry.screen, browserReloadGuardDeps());

const leafRoutes = (entry: TRouteEntry): RouteObject[] => {
  const load = entry.screen ? loadScreen({ ...entry, screen: entry.screen }) : null;
  return localizedRoutePaths(entry.path).map((path) => ({
    path,
    errorElement: <RouteErrorBoundary />,
    // Visiting exactly '/' with the locale cookie saying en goes to /en ('prefix and default').
    loader: path === '/' ? () => (readCookie(localeCookieName) === 'en' ? redirect('/en') : null) : undefined,
    ...(load
      ? {
          lazy: async () => {
            try {
              const { default: Screen } = await load();
              return { element: <GuardedRoute entry={entry} Screen={Screen} /> };
            } catch (error) {
              // Never a rejected `lazy`: the router would keep the failure and empty the page.
              console.error('[screen]', error);
              return { element: <GuardedRoute entry={entry} Screen={retryingScreen(load)} /> };
            }
          },
        }
      : { element: <GuardedRoute entry={entry} /> }),
  }));
};

export const buildRoutes = (): RouteObject[] => [
  {
    id: 'root',
    Component: AppShell,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <QuietLoading fullScreen />,
    children: [
      {
        Component: LoginLayout,
        children: routeTable.filter((entry) => entry.layout === 'login').flatMap(leafRoutes),
      },
      {
        // The signed-in frame (sidebar, top bar, notices) loads with the first page that needs it.
        lazy: async () => ({
          Component: (
            await importWithReloadGuard(() => import('./layouts/DefaultLayout'), browserReloadGuardDeps())
          ).DefaultLayout,
        }),
        children: [
          ...routeTable.filter((entry) => entry.layout === 'default').flatMap(leafRoutes),
          // Unmatched routes: '404 Not Found', 'This page could not be found' (spec section 8).
          { path: '*', element: <NotFoundView variant="route" /> },
        ],
      },
    ],
  },
];
